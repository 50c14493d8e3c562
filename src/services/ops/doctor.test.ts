import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { join, resolve } from 'node:path';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { startSmtpDouble, type SmtpDouble } from '../../../tests/doubles/smtp';
import { startRedisDouble } from '../../../tests/doubles/redis';
import { COINREEL_PERMISSIONS, startBtcpayDouble } from '../../../tests/doubles/btcpay';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { createBtcpayStoreAdmin } from '../payments/btcpay/btcpay.webhooks';
import { runDoctor, type CheckResult } from './doctor';
import { openDatabase } from '../../../db/client';
import { migrate } from '../../../db/migrate';
import { sqldPath, startSqld } from '../../../tests/helpers/sqld';

const root = resolve(import.meta.dir, '../../..');
const PUBLIC_URL = 'https://wallet.example.com';
const HOOK_URL = `${PUBLIC_URL}/api/v1/webhooks/btcpay`;

let app: TestApp;
let base: Record<string, string>;
beforeAll(async () => {
  app = await makeApp();
  const p = await createPlayer(app);
  await fund(app, p.userId, 2_500);
  base = { NODE_ENV: 'test', DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir, PUBLIC_URL };
});

// A production site as deploy/ sets it up: behind a proxy on this machine, data under absolute paths, mainnet.
const production = {
  NODE_ENV: 'production', PUBLIC_URL, JWT_SECRET: 'j'.repeat(40), CREDENTIAL_KEY: 'c'.repeat(64), SMTP_URL: 'smtp://127.0.0.1:1', DOCUMENT_KEY: 'd'.repeat(64),
  BTCPAY_URL: 'http://127.0.0.1:1', BTCPAY_API_KEY: 'k', BTCPAY_STORE_ID: 's', BTCPAY_WEBHOOK_SECRET: 'w', BITCOIN_NETWORK: 'mainnet',
  HOST: '127.0.0.1', TRUSTED_PROXY_HEADER: 'x-real-ip', GAME_PROVIDER: 'manual',
};
const check = (results: CheckResult[], name: string) => results.find((r) => r.name === name)!;
const text = (r: CheckResult) => r.problems.map((p) => `${p.problem} Fix: ${p.fix}`).join('\n');

/** A separate copy of the test database, to break in one way without touching the others. */
async function copyOfDatabase(name: string): Promise<string> {
  const file = join(app.dir, name);
  await app.deps.database.client.execute({ sql: 'VACUUM INTO ?', args: [file] });
  return `file:${file}`;
}

describe('doctor: configuration', () => {
  test('a healthy site on the embedded defaults: every check ok or skipped as not configured', async () => {
    const r = await runDoctor(base);
    expect(r.map((x) => [x.name, x.status])).toEqual([
      ['configuration', 'ok'], ['database', 'ok'], ['ledger', 'ok'], ['sanctions list', 'skipped'], ['BTCPay Server', 'skipped'], ['SMTP', 'skipped'], ['Redis', 'skipped'],
    ]);
  });

  test('a bad value names the variable and how to fix it; nothing else is checked', async () => {
    const r = await runDoctor({ ...base, PORT: 'eighty', METRICS_ALLOW: 'everyone' });
    expect(check(r, 'configuration').status).toBe('problem');
    expect(text(check(r, 'configuration'))).toContain('PORT');
    expect(text(check(r, 'configuration'))).toContain('METRICS_ALLOW');
    expect(text(check(r, 'configuration'))).toContain('Fix: Set PORT');
    expect(r.slice(1).every((x) => x.status === 'skipped')).toBe(true);
  });

  test('one key for CREDENTIAL_KEY and DOCUMENT_KEY is a problem with what changing it would do', async () => {
    const r = await runDoctor({ ...base, CREDENTIAL_KEY: 'a'.repeat(64), DOCUMENT_KEY: 'A'.repeat(64) });
    expect(check(r, 'configuration').status).toBe('problem');
    expect(text(check(r, 'configuration'))).toContain('DOCUMENT_KEY is the same as CREDENTIAL_KEY');
    expect(text(check(r, 'configuration'))).toContain('leaves the identity documents and tax numbers already stored unreadable');
  });

  test('production with http, no SMTP and no BTCPay: each is a problem with its fix', async () => {
    const prod = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'http://wallet.example.com', JWT_SECRET: 'j'.repeat(40), CREDENTIAL_KEY: 'c'.repeat(64), DOCUMENT_KEY: 'd'.repeat(64) };
    // Without SMTP_URL the site does not start in production at all: the configuration check says so first.
    const noMail = text(check(await runDoctor(prod), 'configuration'));
    expect(noMail).toContain('SMTP_URL: required in production');
    // Without BTCPay it does not start either, unless it is said to be a payments demo; then doctor says what that means.
    expect(text(check(await runDoctor({ ...prod, SMTP_URL: 'smtp://127.0.0.1:1' }), 'configuration'))).toContain('BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET: required in production');
    const r = await runDoctor({ ...prod, SMTP_URL: 'smtp://127.0.0.1:1', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' });
    const t = text(check(r, 'configuration'));
    expect(t).toContain('PUBLIC_URL is http://wallet.example.com');
    expect(t).toContain('BTCPay Server is not configured and PAYMENTS_SANDBOX_IN_PRODUCTION=on');
    const fine = await runDoctor({ ...base, ...production }, 500);
    expect(check(fine, 'configuration').status).toBe('ok');
  });

  const configProblems = async (env: Record<string, string | undefined>) => {
    const c = check(await runDoctor(Object.fromEntries(Object.entries({ ...base, ...production, ...env }).filter(([, v]) => v !== undefined)), 500), 'configuration');
    return c.problems.map((p) => p.problem);
  };

  test('a TRUSTED_PROXY_HEADER that is not one header name fails the configuration check, named', async () => {
    const r = await runDoctor({ ...base, ...production, TRUSTED_PROXY_HEADER: 'x real ip' }, 500);
    expect(check(r, 'configuration').status).not.toBe('ok');
    expect(text(check(r, 'configuration'))).toContain('TRUSTED_PROXY_HEADER: must be one HTTP header name');
  });

  test('production on the regtest network: a problem', async () => {
    expect(await configProblems({})).toEqual([]);
    const p = await configProblems({ BITCOIN_NETWORK: undefined });
    expect(p).toHaveLength(1);
    expect(p[0]).toStartWith('BITCOIN_NETWORK is regtest');
    expect(await configProblems({ BITCOIN_NETWORK: 'regtest' })).toEqual(p);
  });

  test('production on the sandbox game provider (the default): a problem, since transfers would reach no real game', async () => {
    const p = await configProblems({ GAME_PROVIDER: undefined });
    expect(p).toHaveLength(1);
    expect(p[0]).toStartWith('GAME_PROVIDER is sandbox');
    expect(await configProblems({ GAME_PROVIDER: 'sandbox' })).toEqual(p);
  });

  test('production with a relative DATA_DIR, and with a relative database file: each a problem', async () => {
    expect(await configProblems({ DATA_DIR: 'data' })).toEqual(['DATA_DIR is data, a relative path: the data goes wherever the process happens to start.']);
    expect(await configProblems({ DATABASE_URL: 'file:data/coinreel.db' })).toEqual(['DATABASE_URL is file:data/coinreel.db, a relative path: the database is opened wherever the process happens to start.']);
  });

  test('production listening on every address, or on a public one, with no proxy header: players would skip TLS', async () => {
    for (const HOST of [undefined, '0.0.0.0', '203.0.113.7']) {
      const p = await configProblems({ HOST, TRUSTED_PROXY_HEADER: undefined });
      expect(p).toHaveLength(1);
      expect(p[0]).toContain(`The site listens on ${HOST ?? 'every address (HOST is not set)'} without a proxy's header`);
    }
    // Behind a load balancer that sets the header: nothing to say.
    expect(await configProblems({ HOST: '0.0.0.0', TRUSTED_PROXY_HEADER: 'x-forwarded-for' })).toEqual([]);
  });

  test('production on loopback with no proxy header: every visitor shares one rate-limit bucket', async () => {
    for (const HOST of ['127.0.0.1', '::1', 'localhost']) {
      const p = await configProblems({ HOST, TRUSTED_PROXY_HEADER: undefined });
      expect(p).toHaveLength(1);
      expect(p[0]).toContain('every visitor arrives from the proxy\'s address and shares one rate-limit bucket');
    }
  });

  test('outside production none of these apply (the defaults are for development)', async () => {
    const r = await runDoctor({ ...base, DATA_DIR: 'data', HOST: '127.0.0.1' });
    expect(check(r, 'configuration').status).toBe('ok');
  });
});

describe('doctor: database and ledger', () => {
  test('a missing database file is named with DATABASE_URL, and is not created', async () => {
    const url = `file:${join(app.dir, 'missing', 'gone.db')}`;
    const r = await runDoctor({ ...base, DATABASE_URL: url });
    expect(check(r, 'database').status).toBe('problem');
    expect(text(check(r, 'database'))).toContain(`DATABASE_URL=${url}`);
    expect(check(r, 'ledger').status).toBe('skipped');
    expect(await Bun.file(join(app.dir, 'missing', 'gone.db')).exists()).toBe(false);
  });

  test.skipIf(!sqldPath)('production on a libSQL server: its commits are not synced to disk, a problem; elsewhere not', async () => {
    const sqld = await startSqld();
    try {
      const migrated = openDatabase(sqld.url).client;
      await migrate(migrated);
      migrated.close();
      const prod = { ...base, ...production, DATABASE_URL: sqld.url };
      const db = check(await runDoctor(prod, 500), 'database');
      expect(db.status).toBe('problem');
      expect(text(db)).toContain('The libSQL server commits without syncing to disk');
      expect(text(db)).toContain('Fix: Keep the libSQL server\'s data on storage that survives a power cut');
      // Outside production, and on the embedded file in production (synchronous=FULL), nothing to report.
      expect(check(await runDoctor({ ...base, DATABASE_URL: sqld.url }), 'database').status).toBe('ok');
      expect(check(await runDoctor({ ...base, ...production }, 500), 'database').status).toBe('ok');
    } finally {
      await sqld.stop();
    }
  });

  test('pending migrations and migrations this version does not know are each reported', async () => {
    const url = await copyOfDatabase('migrations.db');
    const c = createClient({ url });
    const [last] = (await c.execute('SELECT tag FROM _migrations ORDER BY tag DESC LIMIT 1')).rows;
    await c.execute({ sql: 'DELETE FROM _migrations WHERE tag = ?', args: [String(last!.tag)] });
    await c.execute({ sql: 'INSERT INTO _migrations (tag, applied_at) VALUES (?, ?)', args: ['9999_from_the_future', Date.now()] });
    c.close();
    const t = text(check(await runDoctor({ ...base, DATABASE_URL: url }), 'database'));
    expect(t).toContain(`1 migration(s) not applied yet: ${last!.tag}`);
    expect(t).toContain('Start (or restart) the site');
    expect(t).toContain('migrations this version does not know: 9999_from_the_future');
  });

  test('a ledger that does not add up is a problem naming the broken rule', async () => {
    const url = await copyOfDatabase('ledger.db');
    const c = createClient({ url });
    await c.execute("UPDATE accounts SET balance_cents = balance_cents + 1 WHERE id LIKE 'w:%'");
    c.close();
    const r = await runDoctor({ ...base, DATABASE_URL: url });
    expect(check(r, 'database').status).toBe('ok');
    expect(check(r, 'ledger').status).toBe('problem');
    expect(text(check(r, 'ledger'))).toContain("every account's balance equals the sum of its entries");
  });
});

describe('doctor: BTCPay Server (against the double)', () => {
  const env = (d: { url: string; apiKey: string; storeId: string }, extra: Record<string, string> = {}) =>
    ({ ...base, BTCPAY_URL: d.url, BTCPAY_API_KEY: d.apiKey, BTCPAY_STORE_ID: d.storeId, BTCPAY_WEBHOOK_SECRET: 'whsec', ...extra });

  test('key with every permission, the store, and an enabled webhook at PUBLIC_URL for our events: ok', async () => {
    const d = await startBtcpayDouble({ webhookUrl: HOOK_URL, webhookSecret: 'whsec' });
    const r = check(await runDoctor(env(d)), 'BTCPay Server');
    await d.close();
    expect(d.violations).toEqual([]);
    expect(r.status).toBe('ok');
    expect(r.detail).toContain(HOOK_URL);
  });

  test('a store that credits on-chain payments at 0 confirmations (speedPolicy HighSpeed) is a problem; 1 confirmation is fine', async () => {
    const d = await startBtcpayDouble({ webhookUrl: HOOK_URL, webhookSecret: 'whsec', speedPolicy: 'HighSpeed' });
    const fast = check(await runDoctor(env(d)), 'BTCPay Server');
    expect(fast.status).toBe('problem');
    expect(text(fast)).toContain('0 confirmations (speedPolicy HighSpeed)');
    expect(text(fast)).toContain('MediumSpeed');
    d.setSpeedPolicy('MediumSpeed');
    expect(check(await runDoctor(env(d)), 'BTCPay Server').status).toBe('ok');
    await d.close();
    expect(d.violations).toEqual([]);
  });

  test('a missing permission is named', async () => {
    const d = await startBtcpayDouble({ webhookUrl: HOOK_URL, webhookSecret: 'whsec' });
    d.setPermissions(COINREEL_PERMISSIONS.filter((p) => p !== 'btcpay.store.canmanagepayouts').map((p) => `${p}:${d.storeId}`));
    const r = check(await runDoctor(env(d)), 'BTCPay Server');
    await d.close();
    expect(r.status).toBe('problem');
    expect(text(r)).toContain('The API key lacks btcpay.store.canmanagepayouts');
  });

  test('no webhook for PUBLIC_URL (one for another address does not count)', async () => {
    const d = await startBtcpayDouble({ webhookUrl: 'https://old.example.com/api/v1/webhooks/btcpay', webhookSecret: 'whsec' });
    const r = check(await runDoctor(env(d)), 'BTCPay Server');
    await d.close();
    expect(text(r)).toContain(`No webhook of the store points at ${HOOK_URL}`);
    expect(text(r)).toContain('btcpay:setup');
  });

  test('a webhook that leaves out some of our events', async () => {
    const d = await startBtcpayDouble();
    await createBtcpayStoreAdmin({ url: d.url, apiKey: d.apiKey, storeId: d.storeId }).registerWebhook(HOOK_URL, ['InvoiceSettled']);
    const r = check(await runDoctor(env(d)), 'BTCPay Server');
    await d.close();
    expect(text(r)).toContain('does not send InvoiceReceivedPayment');
  });

  test('a wrong store id, a wrong key and an unreachable server are each told plainly', async () => {
    const d = await startBtcpayDouble({ webhookUrl: HOOK_URL, webhookSecret: 'whsec' });
    const store = check(await runDoctor(env(d, { BTCPAY_STORE_ID: 'NoSuchStore' })), 'BTCPay Server');
    expect(store.status).toBe('problem');
    expect(text(store)).toContain('on store NoSuchStore');
    const key = check(await runDoctor(env(d, { BTCPAY_API_KEY: 'not-the-key' })), 'BTCPay Server');
    expect(text(key)).toContain('The API key could not be read');
    expect(text(key)).not.toContain('not-the-key');
    await d.close();
    const down = check(await runDoctor(env(d), 1000), 'BTCPay Server');
    expect(text(down)).toContain(`could not be read at ${d.url}`);
  });
});

describe('doctor: SMTP (against a real SMTP server)', () => {
  let smtp: SmtpDouble;
  beforeAll(async () => {
    smtp = await startSmtpDouble({ user: 'mailer', pass: 's3cret' });
  });
  afterAll(() => smtp.stop());

  test('connects and signs in with the credentials in SMTP_URL; sends nothing', async () => {
    const r = check(await runDoctor({ ...base, SMTP_URL: smtp.url.replace('smtp://', 'smtp://mailer:s3cret@') }), 'SMTP');
    expect(r.status).toBe('ok');
    expect(r.detail).toBe(`127.0.0.1:${smtp.port}, signed in`);
    expect(smtp.messages).toEqual([]);
  });

  test('wrong credentials are a problem that never repeats the password', async () => {
    const r = check(await runDoctor({ ...base, SMTP_URL: smtp.url.replace('smtp://', 'smtp://mailer:Wr0ngPass@') }), 'SMTP');
    expect(r.status).toBe('problem');
    expect(text(r)).toContain('refused the user name or password');
    expect(JSON.stringify(r)).not.toContain('Wr0ngPass');
  });

  test('nothing listening is a problem naming the address', async () => {
    const r = check(await runDoctor({ ...base, SMTP_URL: 'smtp://127.0.0.1:1' }, 2000), 'SMTP');
    expect(r.status).toBe('problem');
    expect(text(r)).toContain('Could not talk to the SMTP server: nothing answers at 127.0.0.1:1.');
    expect(text(r)).not.toContain('ESOCKET');
  });
});

describe('doctor: Redis', () => {
  test('PING answered: ok', async () => {
    const redis = startRedisDouble();
    const r = check(await runDoctor({ ...base, REDIS_URL: redis.url }), 'Redis');
    redis.stop();
    expect(r.status).toBe('ok');
    expect(redis.commands.map((c) => c[0]!.toUpperCase())).toContain('PING');
  });

  test('with the password: ok; with a wrong one: a problem that does not repeat it', async () => {
    const redis = startRedisDouble({ password: 'r3dis-pass' });
    const good = check(await runDoctor({ ...base, REDIS_URL: redis.url.replace('redis://', 'redis://:r3dis-pass@') }), 'Redis');
    const bad = check(await runDoctor({ ...base, REDIS_URL: redis.url.replace('redis://', 'redis://:n0pe-pass@') }), 'Redis');
    redis.stop();
    expect(good.status).toBe('ok');
    expect(bad.status).toBe('problem');
    expect(text(bad)).toContain('refused the credentials');
    expect(JSON.stringify(bad)).not.toContain('n0pe-pass');
  });

  // The double above speaks just enough RESP; where Debian's redis-server is installed, the real one too.
  test.skipIf(!Bun.which('redis-server'))('a real redis-server answers PING: ok (skipped: redis-server is not installed)', async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const server = Bun.spawn(['redis-server', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdout: 'ignore', stderr: 'ignore' });
    try {
      let r: CheckResult | undefined;
      for (let i = 0; i < 50 && r?.status !== 'ok'; i++) {
        await Bun.sleep(100);
        r = check(await runDoctor({ ...base, REDIS_URL: `redis://127.0.0.1:${port}` }, 1000), 'Redis');
      }
      expect(r!.status).toBe('ok');
    } finally {
      server.kill();
      await server.exited;
    }
  });

  test('nothing listening: a problem naming the address', async () => {
    const r = check(await runDoctor({ ...base, REDIS_URL: 'redis://127.0.0.1:1' }, 2000), 'Redis');
    expect(r.status).toBe('problem');
    expect(text(r)).toContain('Could not reach Redis at 127.0.0.1:1');
  });
});

describe('bun run doctor', () => {
  test('prints each check and exits 0 when all is well, non-zero with the problem and its fix otherwise', async () => {
    const run = async (env: Record<string, string>) => {
      const p = Bun.spawn([process.execPath, 'scripts/doctor.ts'], { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
      const [out, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
      return { out, code };
    };
    const good = await run(base);
    expect(good.code).toBe(0);
    expect(good.out).toContain('ok      ledger');
    expect(good.out).toContain('No problems found.');
    const bad = await run({ ...base, DATABASE_URL: `file:${join(app.dir, 'nowhere.db')}` });
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('PROBLEM database');
    expect(bad.out).toContain('Fix: ');
    expect(bad.out).toContain('1 problem found.');
  });
});
