// Start-up failures a self-hoster can fix are one plain line on stderr with the fix, and exit 1: no stack trace.
import { describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer } from './helpers/server-process';
import { databaseOpenLine } from '../src/startup-errors';
import { VERSION } from '../src/version';

const root = resolve(import.meta.dir, '..');

/** `bun src/main.ts` with env; its exit code and stderr once it has stopped by itself. */
async function start(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-start-'));
  const proc = Bun.spawn([process.execPath, 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: String(20_000 + Math.floor(Math.random() * 12_000)), DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'coinreel.db')}`, ...env },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const timer = setTimeout(() => proc.kill(), 15_000);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code, err: (await new Response(proc.stderr).text()).trim() };
}

describe('start-up failures', () => {
  test('a port in use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-first-'));
    const first = await startServer({ DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'first.db')}` });
    try {
      const port = new URL(first.url).port;
      const dir = mkdtempSync(join(tmpdir(), 'coinreel-second-'));
      const r = await start({ PORT: port, DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'second.db')}` });
      expect(r).toEqual({ code: 1, err: `Port ${port} is in use: set PORT or stop the other process.` });
      // Found before anything was created or migrated.
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await first.kill();
    }
  });

  test('a bad variable names it and says how to fix it', async () => {
    const r = await start({ PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.err).toBe('Invalid configuration: PORT: expected a number, got "eighty". Fix PORT or unset it for the default.');
    const prod = await start({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    // Every missing one at once, on one line.
    expect(prod.err.split('\n')).toEqual(['Invalid configuration: CREDENTIAL_KEY: required in production. Set it to 64 hex characters (e.g. openssl rand -hex 32) and keep it safe; SMTP_URL: required in production (the mail outbox in DATA_DIR is for development only). Set it to your smtp:// or smtps:// server; DOCUMENT_KEY: required in production. Set it to 64 hex characters (e.g. openssl rand -hex 32), different from CREDENTIAL_KEY, and keep it safe; BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET: required in production (without them deposit invoices are sandbox ones nobody can pay). Set all four (README, BTCPay Server), or PAYMENTS_SANDBOX_IN_PRODUCTION=on for a demo.']);
    // A proxy header that is not a header name would give every player the proxy's address.
    expect((await start({ TRUSTED_PROXY_HEADER: 'x real ip' })).err).toStartWith('Invalid configuration: TRUSTED_PROXY_HEADER: must be one HTTP header name');
  });

  test('a file that is not a database, and a folder where the database should be', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-baddb-'));
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database '.repeat(500));
    const r = await start({ DATABASE_URL: `file:${junk}` });
    expect(r).toEqual({ code: 1, err: `Cannot read the database at file:${junk} (DATABASE_URL): the file is not a database. Point DATABASE_URL at a Coinreel database, or move that file away to start afresh.` });
    const folder = join(dir, 'folder.db');
    mkdirSync(folder);
    const f = await start({ DATABASE_URL: `file:${folder}` });
    expect(f.code).toBe(1);
    expect(f.err).toBe(`Cannot read the database at file:${folder} (DATABASE_URL): it cannot be opened (a folder, or no permission to read it). Point DATABASE_URL at a Coinreel database, or move that file away to start afresh.`);
  });

  test('a HOST this machine does not have, and one that is no address at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-host-'));
    const r = await start({ HOST: '203.0.113.7', PORT: '3999', DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'h.db')}` });
    expect(r).toEqual({ code: 1, err: 'HOST=203.0.113.7 is not an address of this machine (EADDRNOTAVAIL): set HOST to one of its addresses, 127.0.0.1 behind a proxy on this machine, or 0.0.0.0 for every address.' });
    expect(readdirSync(dir)).toEqual([]);
    const bad = await start({ HOST: '999.1.1.1', PORT: '3999' });
    expect(bad).toEqual({ code: 1, err: 'HOST=999.1.1.1 cannot be listened on (EINVAL): set HOST to an IP address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every address.' });
  });

  test('a DATA_DIR or a database folder that cannot be created names the variable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-paths-'));
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const data = await start({ DATA_DIR: join(file, 'data') });
    expect(data).toEqual({ code: 1, err: `Cannot create the folder ${join(file, 'data')} for DATA_DIR=${join(file, 'data')} (ENOTDIR: a file stands where a folder is needed): set DATA_DIR to a folder this user may write, e.g. under /var/lib/coinreel.` });
    const db = await start({ DATABASE_URL: `file:${join(file, 'coinreel.db')}` });
    expect(db).toEqual({ code: 1, err: `Cannot create the folder ${file} for DATABASE_URL=file:${join(file, 'coinreel.db')} (EEXIST: a file stands where a folder is needed): set DATABASE_URL to a file in a folder this user may write, e.g. under /var/lib/coinreel.` });
    const proc = await start({ DATA_DIR: '/proc/coinreel/data' });
    expect(proc.code).toBe(1);
    expect(proc.err).toStartWith('Cannot create the folder /proc/coinreel/data for DATA_DIR=/proc/coinreel/data (ENOENT');
  });

  test('--version and --help print and exit without serving; the start-up line carries the version', async () => {
    const version = Bun.spawnSync([process.execPath, 'src/main.ts', '--version'], { cwd: root, env: { ...process.env, PORT: '1' } });
    expect([version.exitCode, version.stdout.toString().trim()]).toEqual([0, `coinreel ${VERSION}`]);
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-help-'));
    const help = Bun.spawnSync([process.execPath, 'src/main.ts', '--help'], { cwd: root, env: { ...process.env, DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'x.db')}` } });
    expect(help.exitCode).toBe(0);
    expect(help.stdout.toString()).toContain('usage: coinreel');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('production without BTCPay Server refuses to start unless told it is a demo, then its log says no deposit can be paid; so does the sandbox on mainnet', async () => {
    const lines = async (env: Record<string, string>) => {
      const dir = mkdtempSync(join(tmpdir(), 'coinreel-prod-'));
      const proc = Bun.spawn([process.execPath, 'src/main.ts'], {
        cwd: root, stdout: 'pipe', stderr: 'ignore',
        env: { PATH: process.env.PATH!, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(20_000 + Math.floor(Math.random() * 12_000)), DATA_DIR: dir,
          DATABASE_URL: `file:${join(dir, 'coinreel.db')}`, JWT_SECRET: 'j'.repeat(40), CREDENTIAL_KEY: 'c'.repeat(64), DOCUMENT_KEY: 'd'.repeat(64), SMTP_URL: 'smtp://127.0.0.1:1', ...env },
      });
      let out = '';
      const reader = proc.stdout.getReader();
      const deadline = Date.now() + 15_000;
      while (!out.includes('"msg":"listening"') && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        out += new TextDecoder().decode(value);
      }
      proc.kill();
      await proc.exited;
      return out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: string; msg: string; payments?: string });
    };
    const secrets = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), CREDENTIAL_KEY: 'c'.repeat(64), DOCUMENT_KEY: 'd'.repeat(64), SMTP_URL: 'smtp://127.0.0.1:1' };
    const refused = await start(secrets);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('or PAYMENTS_SANDBOX_IN_PRODUCTION=on for a demo.');
    const demo = await lines({ PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' });
    expect(demo.find((l) => l.msg === 'listening')?.payments).toBe('sandbox');
    expect(demo.filter((l) => l.level === 'error').map((l) => l.msg)).toContain(
      'BTCPay Server is not configured and PAYMENTS_SANDBOX_IN_PRODUCTION=on: this site is a payments demo (deposit invoices are sandbox ones nobody can pay, and payouts are never sent)');
    const paired = await lines({ BTCPAY_URL: 'http://127.0.0.1:1', BTCPAY_API_KEY: 'k', BTCPAY_STORE_ID: 's', BTCPAY_WEBHOOK_SECRET: 'w' });
    expect(paired.find((l) => l.msg === 'listening')?.payments).toBe('btcpay');
    expect(paired.some((l) => l.msg.startsWith('BTCPay Server is not configured'))).toBe(false);
    // Outside production the sandbox on mainnet starts, and its log says its addresses are real ones nobody holds.
    const mainnet = 'BITCOIN_NETWORK=mainnet without BTCPay Server: the sandbox hands out real mainnet addresses that nobody holds the keys to';
    const dev = await lines({ NODE_ENV: 'development', BITCOIN_NETWORK: 'mainnet' });
    expect(dev.find((l) => l.msg === 'listening')?.payments).toBe('sandbox');
    expect(dev.filter((l) => l.level === 'error' && l.msg.startsWith(mainnet)).length).toBe(1);
    expect((await lines({ NODE_ENV: 'development' })).some((l) => l.msg.startsWith(mainnet))).toBe(false);
  });

  test('a database file this user may not create is one line naming DATABASE_URL', () => {
    // As libsql reports it when the folder exists but is not writable (tests run as root, where permissions do not bite).
    const e = new Error('ConnectionFailed("Unable to open connection to local database /srv/x/coinreel.db: 14")');
    expect(databaseOpenLine(e, 'file:/srv/x/coinreel.db')).toBe('Cannot create or open the database at file:/srv/x/coinreel.db (DATABASE_URL, cannot open): check that this user may write its folder, or set DATABASE_URL elsewhere.');
    expect(databaseOpenLine(new Error('something else'), 'file:/srv/x/coinreel.db')).toBeNull();
  });
});
