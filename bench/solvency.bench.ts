// Proof of liabilities at scale: a generated database of 1,000,000 players with balances (wallets, some held money,
// some debts), then `coinreel solvency publish` in its own process, as an operator runs it: wall time, the time of
// each step, the process's peak memory, and the file's size (as served, and as stored gzip-compressed). Then
// `coinreel solvency verify` on the saved file for one player, streamed. Not an HTTP figure, so not the yardstick's:
// wall-clock and the kernel's peak RSS of one run. Run alone: bun bench/solvency.bench.ts
// (BENCH_SOLVENCY_PLAYERS sets another count).
import { createClient } from '@libsql/client';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { migrate } from '../db/migrate';
import { section } from './lib/report';
import { root } from './lib/server';

const PLAYERS = Number(process.env.BENCH_SOLVENCY_PLAYERS ?? 1_000_000);
const dir = mkdtempSync(join(tmpdir(), 'coinreel-solvency-bench-'));
const url = `file:${join(dir, 'bench.db')}`;
const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// 1. The database: players with nonces; 70 % hold money, 1 % also have held deposits, 0.5 % owe a reversed deposit.
const client = createClient({ url, concurrency: 1 });
await client.execute('PRAGMA journal_mode = WAL');
await migrate(client);
let t = performance.now();
await client.batch([
  { sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO users (id, player_id, email, password_hash, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at, solvency_nonce)
    SELECT printf('bench-%08d', i), 1000000 + i, printf('bench%d@example.com', i), 'x', 3, 0, 0, 0, randomblob(32) FROM n`, args: [PLAYERS] },
  `INSERT INTO accounts (id, kind, user_id, balance_cents, pending_cents, created_at)
    SELECT 'w:' || id, 'wallet', id, CASE WHEN abs(random()) % 10 < 3 THEN 0 ELSE abs(random()) % 500000 END, 0, 0 FROM users`,
  `INSERT INTO accounts (id, kind, user_id, balance_cents, pending_cents, created_at)
    SELECT 'h:' || id, 'wallet', id, 1 + abs(random()) % 100000, 0, 0 FROM users WHERE abs(random()) % 100 = 0`,
  `INSERT INTO accounts (id, kind, user_id, balance_cents, pending_cents, created_at)
    SELECT 'd:' || id, 'system', id, -(1 + abs(random()) % 20000), 0, 0 FROM users WHERE abs(random()) % 200 = 0`,
  // What entered the ledger: it sums to zero like a real one.
  `INSERT INTO accounts (id, kind, user_id, balance_cents, pending_cents, created_at)
    SELECT 's:bitcoin_deposits', 'system', NULL, -sum(balance_cents), 0, 0 FROM accounts`,
], 'write');
const seeded = performance.now() - t;
const owed = Number((await client.execute(`SELECT sum(max(net, 0)) AS n FROM (SELECT sum(balance_cents) AS net FROM accounts WHERE user_id IS NOT NULL GROUP BY user_id)`)).rows[0]!.n);
const sample = (await client.execute("SELECT id, hex(solvency_nonce) AS nonce, (SELECT sum(balance_cents) FROM accounts WHERE user_id = users.id) AS net FROM users WHERE rowid = ?", [Math.ceil(PLAYERS / 2)])).rows[0]!;
client.close();
console.log(`seeded ${PLAYERS.toLocaleString('en-US')} players in ${s(seeded)} (${mb(statSync(join(dir, 'bench.db')).size)} database)`);

// 2. Publish, as the operator's command does, in a process of its own.
const env = { PATH: process.env.PATH!, DATABASE_URL: url, DATA_DIR: dir, NODE_ENV: 'development', LOG_LEVEL: 'silent', SOLVENCY_SNAPSHOT: 'off' };
t = performance.now();
const publish = Bun.spawn([process.execPath, 'src/main.ts', 'solvency', 'publish', '--json'], { cwd: root, env, stdout: 'pipe', stderr: 'inherit' });
const out = await new Response(publish.stdout).text();
if ((await publish.exited) !== 0) throw new Error('solvency publish failed');
const publishMs = performance.now() - t;
const publishRss = publish.resourceUsage()!.maxRSS;
const p = JSON.parse(out) as { id: string; rootCents: number; leaves: number; jsonBytes: number; gzipBytes: number; notices: number; timingsMs: Record<string, number> };
if (p.rootCents !== owed) throw new Error(`root ${p.rootCents} is not the ${owed} cents owed`);

// 3. The file as a verifier downloads it, then the command-line check for one player.
const db = createClient({ url, concurrency: 1 });
const file = join(dir, `${p.id}.json`);
const pieces = Readable.from((async function* () {
  for (let n = 0; ; n++) {
    const r = await db.execute({ sql: 'SELECT data FROM solvency_chunks WHERE snapshot_id = ? AND n = ?', args: [p.id, n] });
    if (!r.rows[0]) return;
    yield Buffer.from(r.rows[0].data as ArrayBuffer);
  }
})());
await pipeline(pieces, createGunzip(), createWriteStream(file));
db.close();
t = performance.now();
const verify = Bun.spawn([process.execPath, 'src/main.ts', 'solvency', 'verify', file, '--nonce', String(sample.nonce).toLowerCase()], { cwd: root, env: { PATH: process.env.PATH! }, stdout: 'pipe', stderr: 'inherit' });
const verifyOut = await new Response(verify.stdout).text();
if ((await verify.exited) !== 0 || !verifyOut.includes('OK  ')) throw new Error(`solvency verify failed: ${verifyOut}`);
const verifyMs = performance.now() - t;
const verifyRss = verify.resourceUsage()!.maxRSS;

const phases = Object.entries(p.timingsMs).map(([k, v]) => `${k} ${s(v)}`).join(', ');
section(`Proof of liabilities: publishing a snapshot of ${PLAYERS.toLocaleString('en-US')} players (coinreel solvency publish, one run)`,
  ['measure', 'figure'],
  [
    ['players / leaves', `${PLAYERS.toLocaleString('en-US')} / ${p.leaves.toLocaleString('en-US')}`],
    ['publish, wall time (command start to exit)', s(publishMs)],
    ['  by step', phases],
    ['  notices written', p.notices.toLocaleString('en-US')],
    ['publish, peak RSS of the process', mb(publishRss)],
    ['snapshot file, as served (JSON)', mb(p.jsonBytes)],
    ['snapshot file, as stored (gzip)', mb(p.gzipBytes)],
    ['verify one player (coinreel solvency verify), wall time', s(verifyMs)],
    ['verify, peak RSS of the process', mb(verifyRss)],
  ],
  [`A generated embedded database (${mb(statSync(join(dir, 'bench.db')).size)} after publishing; players seeded in ${s(seeded)}): 70 % of players with a wallet balance, 1 % with held deposits, 0.5 % owing a reversed deposit; the root's value equals the ledger's total owed, ${(owed / 100).toLocaleString('en-US')} dollars. "read" is the one read transaction with every player's leaves made (a sub-nonce and about five leaf HMAC-SHA256 a player, native hashing) and their liabilities recorded; "file" is the JSON through gzip into the database and the tree built in place; "commit" the row that publishes it; "notices" one notification a player. The verifier tries every leaf against eight digests, then rebuilds the whole tree. Wall-clock and the kernel's peak RSS of each command's own process.`]);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
