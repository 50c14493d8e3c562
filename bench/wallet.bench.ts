// Wallet figures (issue 4): P2P transfers/s over HTTP at 50 concurrent clients with p50/p99, beside bare
// two-update write transactions on a libSQL file in the same run; and wallet-balance reads against a bare
// Bun.serve hello-world. Run alone: bun bench/wallet.bench.ts
import { createClient } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenSigner } from '../src/services/auth/tokens';
import { createLedger } from '../src/services/ledger/ledger';
import { systemId, walletId } from '../src/services/ledger/ledger.types';
import { root, startServer } from './lib/server';
import { printTable, verdict } from './lib/table';

const SECRET = 'bench-secret-bench-secret-bench-secret';
const PLAYERS = 100;

async function runJson(args: string[]): Promise<any> {
  const p = Bun.spawn(['bun', ...args], { cwd: root, stdout: 'pipe', stderr: 'inherit' });
  const out = await new Response(p.stdout).text();
  await p.exited;
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** Bare write transactions: two balance updates in one batch, sequentially, for `seconds`. */
async function bareWrites(seconds: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-bare-'));
  const c = createClient({ url: `file:${join(dir, 'bare.db')}` });
  await c.execute('PRAGMA journal_mode = WAL');
  await c.execute('PRAGMA synchronous = NORMAL');
  await c.execute('CREATE TABLE a (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL)');
  await c.execute('INSERT INTO a VALUES (1, 0), (2, 0)');
  let n = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    await c.batch([{ sql: 'UPDATE a SET balance = balance - 1 WHERE id = 1', args: [] }, { sql: 'UPDATE a SET balance = balance + 1 WHERE id = 2', args: [] }], 'write');
    n++;
  }
  c.close();
  return n / seconds;
}

const dir = mkdtempSync(join(tmpdir(), 'coinreel-wallet-bench-'));
const dbUrl = `file:${join(dir, 'w.db')}`;
const app = await startServer(['bun', join(root, 'src/main.ts')], { env: { DATABASE_URL: dbUrl, DATA_DIR: dir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent', NODE_ENV: 'test' } });
const client = createClient({ url: dbUrl });
await client.execute('PRAGMA busy_timeout = 5000');
const ledger = createLedger(client);
const signer = createTokenSigner(SECRET);
const players: { token: string; email: string }[] = [];
const now = Date.now();
for (let i = 0; i < PLAYERS; i++) {
  const id = crypto.randomUUID();
  const email = `bench${i}@example.com`;
  await client.batch([
    { sql: `INSERT INTO users (id, player_id, email, password_hash, email_verified_at, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at) VALUES (?, ?, ?, 'x', ?, 3, ?, ?, ?)`, args: [id, 6_000_000 + i, email, now, now, now, now] },
    { sql: 'INSERT INTO sessions (id, user_id, created_at, expires_at, remember) VALUES (?, ?, ?, ?, 0)', args: [id, id, now, now + 3_600_000] },
  ], 'write');
  await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(id), amountCents: 100_000_000, code: 'DEPOSIT' });
  players.push({ token: await signer.sign({ sid: id }, new Date(now + 3_600_000)), email });
}
client.close();

const cfgFile = join(dir, 'p2p.json');
await Bun.write(cfgFile, JSON.stringify({ url: app.base, seconds: 5, connections: 50, players }));
const p2p = await runJson(['bench/lib/p2p-load.ts', cfgFile]);
const balance = await runJson(['bench/lib/load.ts', app.base + '/api/v1/user/wallet-balance', '3', '32', JSON.stringify({ authorization: `Bearer ${players[0]!.token}` })]);
await app.stop();

const hello = await startServer(['bun', join(root, 'bench/lib/hello.ts')], { readyPath: '/' });
const bare = await runJson(['bench/lib/load.ts', hello.base + '/', '3', '32']);
await hello.stop();
const bareTx = await bareWrites(3);

const ratio = balance.rps / bare.rps;
printTable('Wallet (issue 4)', ['figure', 'measured', 'target', ''], [
  ['P2P transfers/s, 50 clients', Math.round(p2p.rps), '>= 1,000', verdict(p2p.rps >= 1000)],
  ['P2P p50 latency', p2p.p50.toFixed(1) + ' ms', '', ''],
  ['P2P p99 latency', p2p.p99.toFixed(1) + ' ms', '< 50 ms', verdict(p2p.p99 < 50)],
  ['P2P answers by status', JSON.stringify(p2p.statuses), 'all 200', verdict(Object.keys(p2p.statuses).join() === '200')],
  ['bare 2-update write tx/s (same run)', Math.round(bareTx), '', ''],
  ['P2P / bare write ratio', (p2p.rps / bareTx).toFixed(2), 'printed', ''],
  ['wallet-balance req/s (signed in)', Math.round(balance.rps), '', ''],
  ['bare Bun.serve req/s', Math.round(bare.rps), '', ''],
  ['wallet-balance / bare', (ratio * 100).toFixed(1) + '%', '>= 7%', verdict(ratio >= 0.07)],
]);
