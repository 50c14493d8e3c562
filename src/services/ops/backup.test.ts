import { describe, expect, test } from 'bun:test';
import { createClient } from '@libsql/client';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { runCommand } from '../../../tests/helpers/cli';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { walletId } from '../ledger/ledger.types';
import { verifyLedger } from '../ledger/ledger-verify';
import { backupDatabase, backupFile, unusedName } from './backup';
import { checkDatabaseFile } from './database-file';
import { restoreDatabase } from './restore';
import { startServer } from '../../../tests/helpers/server-process';

const root = resolve(import.meta.dir, '../../..');

/** The command as an operator runs it, without blocking this process (the app keeps serving meanwhile). */
async function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const p = Bun.spawn([process.execPath, `scripts/${script}.ts`, ...args], { cwd: root, env: { ...process.env, NODE_ENV: 'test', ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

const count = async (url: string, sql: string) => {
  const c = createClient({ url });
  try {
    return Number((await c.execute(sql)).rows[0]![0]);
  } finally {
    c.close();
  }
};

async function siteWithMoney(): Promise<{ app: TestApp; a: Awaited<ReturnType<typeof createPlayer>>; b: Awaited<ReturnType<typeof createPlayer>> }> {
  const app = await makeApp();
  const [a, b] = [await createPlayer(app), await createPlayer(app)];
  await fund(app, a.userId, 100_000);
  return { app, a, b };
}

describe('backup', () => {
  test('writes a consistent, checked copy while the site keeps taking transfers', async () => {
    const { app, a, b } = await siteWithMoney();
    const file = join(app.dir, 'backup-1.db');
    let stop = false;
    let moved = 0;
    const stream = (async () => {
      while (!stop) if ((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: b.email, amount: 0.01 }, { token: a.token })).status === 200) moved++;
    })();
    const deadline = Date.now() + 20_000;
    while (moved < 5 && Date.now() < deadline) await Bun.sleep(5);
    const r = await run('backup', [file], { DATABASE_URL: app.config.DATABASE_URL });
    stop = true;
    await stream;
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`backup written: ${file}`);
    expect(r.out).toContain('integrity ok, ledger ok');
    // The copy is a snapshot: its own ledger holds, with some but not necessarily all of the transfers.
    const copy = createClient({ url: `file:${file}` });
    expect((await verifyLedger(copy)).ok).toBe(true);
    const copied = Number((await copy.execute("SELECT count(*) FROM transfers WHERE code = 'P2P'")).rows[0]![0]);
    copy.close();
    expect(copied).toBeGreaterThanOrEqual(5);
    expect(copied).toBeLessThanOrEqual(moved);
    expect(readdirSync(app.dir).filter((f) => f.includes('.partial'))).toEqual([]);
  });

  test('refuses a missing database naming DATABASE_URL, an existing target, and a libSQL server', async () => {
    const app = await makeApp();
    const missing = await run('backup', [join(app.dir, 'x.db')], { DATABASE_URL: `file:${join(app.dir, 'nope', 'none.db')}` });
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('There is no database at');
    expect(missing.err).toContain('DATABASE_URL=');
    expect(existsSync(join(app.dir, 'nope'))).toBe(false);
    writeFileSync(join(app.dir, 'taken.db'), 'keep me');
    const taken = await run('backup', [join(app.dir, 'taken.db')], { DATABASE_URL: app.config.DATABASE_URL });
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('exists already');
    expect(await Bun.file(join(app.dir, 'taken.db')).text()).toBe('keep me');
    const server = await run('backup', [join(app.dir, 'y.db')], { DATABASE_URL: 'libsql://db.example.com' });
    expect(server.code).toBe(1);
    expect(server.err).toContain("server's own tools");
    expect((await run('backup', ['a.db', 'b.db'], { DATABASE_URL: app.config.DATABASE_URL })).code).toBe(2);
  });
});

describe('the backup file', () => {
  test('is readable by its owner only (0600), whatever the umask', async () => {
    const app = await makeApp();
    const file = join(app.dir, 'private.db');
    const r = await backupDatabase(app.config.DATABASE_URL, file);
    expect(r.ok).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('ledger verify on a backup leaves it byte for byte as it was: no -wal or -shm beside it, no switch to WAL', async () => {
    const app = await makeApp();
    const a = await createPlayer(app);
    await fund(app, a.userId, 1_234);
    const folder = mkdtempSync(join(app.dir, 'verify-'));
    const file = join(folder, 'copy.db');
    expect((await backupDatabase(app.config.DATABASE_URL, file)).ok).toBe(true);
    const before = new Bun.CryptoHasher('sha256').update(readFileSync(file)).digest('hex');
    const r = runCommand(app, 'ledger-verify', [], { DATABASE_URL: `file:${file}` });
    expect(r.out).toContain('ledger verified');
    expect(r.code).toBe(0);
    expect(readdirSync(folder)).toEqual(['copy.db']);
    expect(new Bun.CryptoHasher('sha256').update(readFileSync(file)).digest('hex')).toBe(before);
  });
});

describe('restore', () => {
  test('twice within the same second: each keeps the database it replaced under its own name', async () => {
    const app = await makeApp();
    const target = join(app.dir, 'twice.db');
    await app.deps.database.client.execute({ sql: 'VACUUM INTO ?', args: [target] });
    const file = join(app.dir, 'twice-backup.db');
    expect((await backupDatabase(`file:${target}`, file)).ok).toBe(true);
    const now = new Date('2026-11-23T14:00:00.250Z');
    const first = await restoreDatabase(`file:${target}`, file, now);
    const second = await restoreDatabase(`file:${target}`, file, new Date(now.getTime() + 500));
    expect(first).toMatchObject({ ok: true, previous: `${target}.before-restore-20261123T140000` });
    expect(second).toMatchObject({ ok: true, previous: `${target}.before-restore-20261123T140000-2` });
    for (const r of [first, second]) expect((await checkDatabaseFile((r as { previous: string }).previous)).ok).toBe(true);
    expect(statSync(`${target}.before-restore-20261123T140000-2`).mode & 0o777).toBe(0o600);
  });


  test('refuses while the site runs; once it is stopped, puts the backup in place and keeps the old database beside it', async () => {
    const { app, a, b } = await siteWithMoney();
    // The site: a real server process on its own copy of this database (same secret, so the sessions hold).
    const site = join(app.dir, 'site.db');
    await app.deps.database.client.execute({ sql: 'VACUUM INTO ?', args: [site] });
    const env = { DATABASE_URL: `file:${site}`, DATA_DIR: app.dir, JWT_SECRET: app.config.JWT_SECRET! };
    let server = await startServer(env);
    const file = join(app.dir, 'good.db');
    expect((await run('backup', [file], env)).code).toBe(0);
    const p2p = (amount: number) => fetch(server.url + '/api/v1/transfer/p2p-transfer', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` }, body: JSON.stringify({ email: b.email, amount }),
    });
    const balance = async () => ((await (await fetch(server.url + '/api/v1/user/wallet-balance', { headers: { authorization: `Bearer ${b.token}` } })).json()) as { walletAmount: number }).walletAmount;
    // After the backup: a transfer the restore will take back.
    expect((await p2p(7)).status).toBe(200);
    expect(await balance()).toBe(7);
    const running = await run('restore', [file], env);
    expect(running.code).toBe(1);
    expect(running.err).toContain('stop the site first');
    await server.kill();
    const r = await run('restore', [file], env);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const kept = readdirSync(app.dir).find((f) => f.startsWith('site.db.before-restore-'))!;
    expect(r.out).toContain(kept);
    expect(await count(`file:${join(app.dir, kept)}`, `SELECT balance_cents FROM accounts WHERE id = '${walletId(b.userId)}'`)).toBe(700);
    expect((await checkDatabaseFile(join(app.dir, kept))).ok).toBe(true);
    // The site starts again on the restored database: the transfer made after the backup is gone.
    server = await startServer(env);
    expect(await balance()).toBe(0);
    await server.kill();
  });

  test('refuses a file that is not a good backup and changes nothing', async () => {
    const { app } = await siteWithMoney();
    // A real database whose ledger does not add up: a copy with one wallet's balance changed behind the ledger's back.
    const broken = join(app.dir, 'broken.db');
    await app.deps.database.client.execute({ sql: 'VACUUM INTO ?', args: [broken] });
    const c = createClient({ url: `file:${broken}` });
    await c.execute("UPDATE accounts SET balance_cents = balance_cents + 1 WHERE id LIKE 'w:%'");
    c.close();
    const garbage = join(app.dir, 'garbage.db');
    writeFileSync(garbage, 'this is not a database'.repeat(100));
    const g = await run('restore', [garbage], { DATABASE_URL: app.config.DATABASE_URL });
    expect(g.code).toBe(1);
    expect(g.err).toContain('not a good backup');
    const bad = await run('restore', [broken], { DATABASE_URL: app.config.DATABASE_URL });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('ledger:');
    const missing = await run('restore', [join(app.dir, 'none.db')], { DATABASE_URL: app.config.DATABASE_URL });
    expect(missing.code).toBe(1);
    expect(readdirSync(app.dir).filter((f) => f.includes('before-restore') || f.includes('restoring'))).toEqual([]);
  });
});

describe('names of copies the commands choose', () => {
  test('a taken name gets -2, then -3 (before .db); a free one is kept; a FILE the operator names is never changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-names-'));
    const at = new Date('2026-11-27T14:41:14Z');
    const first = backupFile(`${dir}/`, 'unused', at);
    expect(first).toBe(join(dir, 'coinreel-2026-11-27-144114.db'));
    writeFileSync(first, '');
    expect(backupFile(dir, 'unused', at)).toBe(join(dir, 'coinreel-2026-11-27-144114-2.db'));
    writeFileSync(join(dir, 'coinreel-2026-11-27-144114-2.db'), '');
    expect(backupFile(undefined, dir, at)).toBe(join(dir, 'coinreel-2026-11-27-144114-3.db'));
    expect(backupFile(first, 'unused', at)).toBe(first);
    const before = join(dir, 'live.db.before-0025_x-20261127-1441');
    expect(unusedName(before)).toBe(before);
    writeFileSync(before, '');
    expect(unusedName(before)).toBe(`${before}-2`);
  });
});
