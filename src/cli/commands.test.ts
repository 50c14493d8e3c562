// Every operator command through the one entry point the binary has (src/main.ts): --help, bad input, a real run.
// tests/binary.test.ts runs the same against the built executable.
import { beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { call, LOOPBACK, makeApp, type TestApp } from '../../tests/helpers/app';
import { fund } from '../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { VERSION } from '../version';
import { listAudit } from '../services/admin/audit';
import { COMMANDS } from './commands';
import { createClient } from '@libsql/client';

const root = resolve(import.meta.dir, '../..');

/** `bun src/main.ts ARGS` as an operator runs the binary: its exit code, stdout and stderr. */
async function main(args: string[], env: Record<string, string> = {}) {
  const p = Bun.spawn([process.execPath, 'src/main.ts', ...args], {
    cwd: root, env: { PATH: process.env.PATH!, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, stdout: 'pipe', stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

// One bad input a command: each must be one plain line on stderr and exit 2, with no stack.
const BAD: Record<string, string[]> = {
  'admin create': [],
  'admin email': ['only.one@example.com'],
  'freeplay create': ['--operator', 'boss@example.com', '--amount', 'five'],
  withdrawals: ['frobnicate'],
  'sanctions import': ['list.txt', '--date', 'yesterday'],
  'sanctions status': ['now'],
  'games tasks': ['--done', 'task-1', '--reference', 'BO-1'],
  'ledger verify': ['--deep'],
  'solvency publish': ['--id', 'not an id'],
  'solvency verify': ['snapshot.json', '--nonce', 'not-hex'],
  'btcpay setup': ['--replace=yes'],
  backup: ['a.db', 'b.db'],
  restore: ['a.db', 'b.db'],
  doctor: ['--fix'],
  migrate: ['--dry'],
  healthcheck: ['--timeout', 'soon'],
};

describe('coinreel COMMAND --help and bad input', () => {
  test('the table holds every operator command, migrate and healthcheck included', () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(Object.keys(BAD).sort());
  });

  test.each(Object.keys(COMMANDS))('%s --help: its usage on stdout, exit 0', async (name) => {
    const r = await main([...name.split(' '), '--help']);
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toStartWith(`usage: coinreel ${name}`);
  });

  test.each(Object.keys(COMMANDS))('%s with bad input: one plain line, exit 2', async (name) => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-bad-'));
    const r = await main([...name.split(' '), ...BAD[name]!], { DATABASE_URL: `file:${join(dir, 'none.db')}`, DATA_DIR: dir });
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toStartWith(`coinreel ${name}: `);
    expect(r.err).not.toContain('    at ');
    expect(existsSync(join(dir, 'none.db'))).toBe(false);
  });

  test('--version and --help print and exit; an unknown command or option is one line, exit 2', async () => {
    const v = await main(['--version']);
    expect(v).toMatchObject({ code: 0, err: '' });
    expect(v.out.trim()).toStartWith(`coinreel ${VERSION}`);
    const h = await main(['--help']);
    expect(h.code).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(h.out).toContain(`  ${name} `);
    const u = await main(['frobnicate']);
    expect(u.code).toBe(2);
    expect(u.err.trim()).toStartWith('coinreel: unknown command "frobnicate".');
    expect((await main(['--frobnicate'])).code).toBe(2);
    const half = await main(['ledger']);
    expect([half.code, half.err.trim()]).toEqual([2, 'coinreel: "ledger" needs its second word: coinreel ledger verify (see coinreel --help).']);
  });
});

describe('each command for real, against a temporary database', () => {
  let app: TestApp;
  let env: Record<string, string>;
  let p: TestPlayer;
  beforeAll(async () => {
    app = await makeApp();
    p = await createPlayer(app);
    await fund(app, p.userId, 5_000);
    env = { DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir };
  });

  test('admin create, then freeplay create by that operator, withdrawals list, games tasks', async () => {
    const op = await main(['admin', 'create', '--email', 'boss@example.com', '--password', 'Operator123'], env);
    expect(op).toMatchObject({ code: 0, err: '', out: 'created operator boss@example.com\n' });
    // The console's audit filter finds the command's row by its kind.
    const byCommand = await listAudit(app.deps.database.client, { actor: 'cli' });
    expect(byCommand.rows.map((e) => [e.actorId, e.targetType])).toContainEqual(['cli:admin-create', expect.any(String)]);
    // Without a password: a one-time link, on the site's address; a shell without PUBLIC_URL is told what it assumed.
    const linked = await main(['admin', 'create', '--email', 'second@example.com'], { ...env, PUBLIC_URL: 'https://wallet.example.com' });
    expect(linked.out).toMatch(/^created operator second@example\.com\nset a password within 1 hour \(the link works once\): https:\/\/wallet\.example\.com\/set-password\/\S+\n$/);
    const guessed = await main(['admin', 'create', '--email', 'third@example.com'], { ...env, PORT: '3201' });
    expect(guessed.out).toContain('(the link works once): http://localhost:3201/set-password/');
    expect(guessed.out).toContain('PUBLIC_URL is not set here, so the link assumes http://localhost:3201; run this with the site\'s settings (coinreel --env-file FILE admin create …) if the site answers elsewhere.');
    const codes = await main(['freeplay', 'create', '--operator', 'boss@example.com', '--amount', '5', '--code', 'WELCOME5'], env);
    expect(codes.err).toBe('');
    expect(codes.out).toStartWith('WELCOME5\t$5.00\tcap 1\texpires ');
    expect(await main(['withdrawals', 'list'], env)).toMatchObject({ code: 0, out: 'no withdrawals\n' });
    await fund(app, p.userId, 10_000);
    const asked = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100, tip: 0 }, { token: p.token });
    expect([asked.status, asked.json.message]).toEqual([200, expect.any(String)]);
    const id = asked.json.data.withdrawalId as string;
    // --status all is every state (as the console's All); a state is matched whatever its case; another state lists none.
    for (const status of [[], ['--status', 'all'], ['--status', 'Pending']]) {
      const r = await main(['withdrawals', 'list', ...status], env);
      expect([status, r.code, r.out.split('\t').slice(0, 2)]).toEqual([status, 0, [id, 'pending']]);
    }
    expect(await main(['withdrawals', 'list', '--status', 'cancelled'], env)).toMatchObject({ code: 0, out: 'no withdrawals\n' });
    // A finished withdrawal shows no BTCPay state (its last one, AwaitingPayment, is history), as in the console.
    expect((await main(['withdrawals', 'list'], env)).out.split('\t')[2]).toMatch(/^Awaiting/);
    const done = await call(app, 'POST', `/api/v1/sandbox/withdrawals/${id}/complete`, undefined, { token: p.token, peer: LOOPBACK });
    expect(done.status).toBe(200);
    expect((await main(['withdrawals', 'list', '--status', 'completed'], env)).out.split('\t').slice(0, 3)).toEqual([id, 'completed', '-']);
    const open = await main(['withdrawals', 'list', '--status', 'open'], env);
    expect([open.code, open.out, open.err.trim()]).toEqual([2, '', 'coinreel withdrawals: unknown --status "open": use all, creating, pending, cancelling, completed, cancelled, failed (see coinreel withdrawals --help)']);
    const tasks = await main(['games', 'tasks'], env);
    expect(tasks).toMatchObject({ code: 0, err: '' });
    expect(tasks.out).toContain('no open tasks');
    // The npm name works after `coinreel` too.
    expect((await main(['ledger:verify'], env)).code).toBe(0);
  });

  test('a locked operator: commands say so, admin create keeps the lock unless --unlock, which is audited', async () => {
    expect((await main(['admin', 'create', '--email', 'locked.op@example.com', '--password', 'Operator123'], env)).code).toBe(0);
    await app.deps.database.client.execute({ sql: "UPDATE users SET locked_at = ? WHERE email = 'locked.op@example.com'", args: [Date.now()] });
    const refused = await main(['freeplay', 'create', '--operator', 'locked.op@example.com', '--amount', '5'], env);
    expect([refused.code, refused.err.trim()]).toEqual([2, 'The operator locked.op@example.com is locked: another operator unlocks them in the console, or run coinreel admin create --email locked.op@example.com --unlock.']);
    const kept = await main(['admin', 'create', '--email', 'locked.op@example.com'], env);
    expect(kept.out).toContain('the account is locked and stays so: add --unlock to let it sign in again');
    expect((await main(['freeplay', 'create', '--operator', 'locked.op@example.com', '--amount', '5'], env)).code).not.toBe(0);
    const unlocked = await main(['admin', 'create', '--email', 'locked.op@example.com', '--unlock'], env);
    expect(unlocked.out).toContain('unlocked: the account can sign in again');
    expect((await main(['freeplay', 'create', '--operator', 'locked.op@example.com', '--amount', '5'], env)).code).toBe(0);
    const audit = await listAudit(app.deps.database.client, { action: 'player.unlock' });
    expect(audit.rows.map((e) => e.actorId)).toContain('cli:admin-create');
  });

  test('ledger verify, backup (mode 0600), doctor, and restore into another database', async () => {
    const verify = await main(['ledger', 'verify'], env);
    expect(verify.code).toBe(0);
    expect(verify.out).toContain('ledger verified');
    const file = join(app.dir, 'cli-backup.db');
    const backup = await main(['backup', file], env);
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const doctor = await main(['doctor'], { ...env, PUBLIC_URL: 'http://localhost:3000' });
    expect(doctor.out).toContain('No problems found.');
    expect(doctor.code).toBe(0);
    // A scratch folder that does not exist yet is made, as the README's "test a restore" does.
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'coinreel-restore-')), 'check', 'restored.db');
    const restore = await main(['restore', file], { DATABASE_URL: `file:${elsewhere}` });
    expect(restore).toMatchObject({ code: 0, err: '' });
    expect((await main(['ledger', 'verify'], { DATABASE_URL: `file:${elsewhere}` })).code).toBe(0);
  });

  test('a database file the command cannot open is one line naming DATABASE_URL and the fix, not the library\'s error', async () => {
    // A folder where the file should be: as a file this user may not read (tests run as root, where modes do not bite).
    const folder = mkdtempSync(join(tmpdir(), 'coinreel-notadb-'));
    for (const args of [['doctor'], ['backup', join(folder, 'copy.db')], ['withdrawals', 'list']]) {
      const r = await main(args, { DATABASE_URL: `file:${folder}` });
      expect(r.code).toBe(1);
      expect(r.err.trim().split('\n')).toEqual([`coinreel ${args[0]}: cannot open the database at file:${folder} (DATABASE_URL, cannot open): check that this user may read and write it and its folder (run the command as the service's user), or set DATABASE_URL to the server's database.`]);
    }
  });

  test('backup with no FILE writes into BACKUP_DIR (made if missing), given a folder into it, each named for the time, never over another', async () => {
    const dir = join(app.dir, 'nested', 'backups');
    const named = /^coinreel-\d{4}-\d\d-\d\d-\d{6}\.db$/;
    const plain = await main(['backup'], { ...env, BACKUP_DIR: dir });
    expect([plain.code, plain.err]).toEqual([0, '']);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(named)]);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(plain.out).toContain(`backup written: ${join(dir, readdirSync(dir)[0]!)}`);
    const folder = join(app.dir, 'by-hand');
    // Taken at once (the timer and an operator): each copy gets its own name, the later one with -2.
    for (const given of [`${folder}/`, folder, folder]) expect((await main(['backup', given], env)).code).toBe(0);
    const files = readdirSync(folder);
    expect([files.length, files.every((f) => /^coinreel-\d{4}-\d\d-\d\d-\d{6}(-[23])?\.db$/.test(f))]).toEqual([3, true]);
    expect((await main(['ledger', 'verify'], { DATABASE_URL: `file:${join(folder, files[0]!)}` })).code).toBe(0);
  });

  test('migrate --dry-run lists what is pending and changes nothing; migrate applies it', async () => {
    expect((await main(['migrate', '--dry-run'], env)).out).toContain('is up to date');
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-migrate-'));
    const fresh = { DATABASE_URL: `file:${join(dir, 'new.db')}`, DATA_DIR: dir };
    const dry = await main(['migrate', '--dry-run'], fresh);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('would be applied');
    expect(dry.out).toContain('pending  0000_');
    expect(readdirSync(dir)).toEqual([]);
    const applied = await main(['migrate'], fresh);
    expect(applied).toMatchObject({ code: 0, err: '' });
    expect(applied.out).toContain('migration(s) applied');
    expect((await main(['migrate'], fresh)).out).toContain('is up to date');
    expect((await main(['ledger', 'verify'], fresh)).code).toBe(0);
  });

  test('in production, migrate and the day-to-day commands back up the database before a migration that changes tables', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-migrate-prod-'));
    const url = `file:${join(dir, 'live.db')}`;
    expect((await main(['migrate'], { DATABASE_URL: url, DATA_DIR: dir })).code).toBe(0);
    // The database as the previous release left it: migration 0025 (it drops an index, so it changes tables) not yet applied.
    const older = async () => {
      const db = createClient({ url });
      await db.batch(['DROP INDEX idempotency_keys_answered_idx', 'CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)',
        "DELETE FROM _migrations WHERE tag = '0025_idempotency_keys_kept'"], 'write');
      db.close();
    };
    const backups = () => readdirSync(dir).filter((f) => f.startsWith('live.db.before-0025_idempotency_keys_kept-'));
    const production = { DATABASE_URL: url, DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(40), CREDENTIAL_KEY: 'c'.repeat(64),
      DOCUMENT_KEY: 'd'.repeat(64), SMTP_URL: 'smtp://127.0.0.1:1', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };

    await older();
    const migrated = await main(['migrate'], production);
    expect(migrated.code).toBe(0);
    expect(migrated.out).toContain('applied  0025_idempotency_keys_kept');
    expect(migrated.err).toContain('database backed up before migrating');
    expect(backups()).toHaveLength(1);
    // The copy is the database before the migration, and a whole one.
    expect((await main(['ledger', 'verify'], { DATABASE_URL: `file:${join(dir, backups()[0]!)}` })).code).toBe(0);

    // Within the same minute as the first: the second copy gets its own name.
    await older();
    const listed = await main(['withdrawals', 'list'], production);
    expect(listed.code).toBe(0);
    expect(listed.err).toContain('database backed up before migrating');
    expect(backups()).toHaveLength(2);
    expect((await main(['migrate', '--dry-run'], production)).out).toContain('is up to date');
  });

  test('healthcheck: 0 when /healthz answers 200, 1 with one line when it answers otherwise or nothing listens', async () => {
    let status = 200;
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: (req) => new Response('{}', { status: new URL(req.url).pathname === '/healthz' ? status : 404 }) });
    const port = String(server.port);
    try {
      expect(await main(['healthcheck'], { PORT: port })).toMatchObject({ code: 0, out: `healthy: http://127.0.0.1:${port}/healthz answered 200\n` });
      expect((await main(['healthcheck'], { PORT: port, HOST: '127.0.0.1' })).code).toBe(0);
      status = 503;
      expect(await main(['healthcheck'], { PORT: port })).toMatchObject({ code: 1, out: `unhealthy: http://127.0.0.1:${port}/healthz answered 503\n` });
    } finally {
      server.stop(true);
    }
    expect(await main(['healthcheck'], { PORT: port })).toMatchObject({ code: 1, out: `unhealthy: nothing answers at 127.0.0.1:${port}\n` });
  });

  test('--env-file FILE configures a command; the environment still wins', async () => {
    const file = join(app.dir, 'site.env');
    writeFileSync(file, `DATABASE_URL=file:${join(app.dir, 'nowhere.db')}\nDATA_DIR='${app.dir}'\n`);
    const missing = await main(['--env-file', file, 'ledger', 'verify']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nowhere.db');
    expect((await main(['ledger', 'verify', '--env-file', file], { DATABASE_URL: env.DATABASE_URL! })).code).toBe(0);
    const unreadable = await main(['--env-file', join(app.dir, 'none.env'), 'doctor']);
    expect(unreadable.code).toBe(2);
    expect(unreadable.err.trim()).toStartWith(`Cannot read the env file ${join(app.dir, 'none.env')}`);
  });
});
