// The libSQL primary (docs/capacity.md, `W_primary`): P2P transfers/s and p50/p99 at 50 connections with the app
// on a local sqld (`DATABASE_URL=http://…`, as several instances run it), the requests each transfer cost sqld
// (counted by sqld itself, so nothing stands between the app and it), one instance and two together, followed by
// ledger:verify on the server.
// Run alone: bun bench/primary.bench.ts
import { createClient } from '@libsql/client';
import { ledgerVerify } from './lib/ledger-verify';
import { seedPlayers } from './lib/players';
import { commands, pct, section } from './lib/report';
import { root, startServer, type Running } from './lib/server';
import { verdict, type Cell } from './lib/table';
import { wrkPost, type WrkResult } from './lib/wrk';
import { ratio, requireYardstick } from './lib/yardstick';
import { sqldPath, startSqld } from '../tests/helpers/sqld';
import { useRunTmpdir } from '../tests/helpers/run-tmpdir';

requireYardstick();
// Every temp folder of this run in one, removed at its end.
useRunTmpdir();

const SECRET = 'bench-primary-secret-bench-primary-secret';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET = { perSecond: 1000, p99Ms: 100, requestsPerTransfer: 1 };
const TITLE = 'P2P transfers on a libSQL server (POST /api/v1/transfer/p2p-transfer, 50 connections, DATABASE_URL=http://… to a local sqld)';
const HEADER = ['instances, load client', 'transfers/s', 'p50', 'p99', 'requests to sqld per transfer', 'statements per transfer', 'of bare req/s', `≥ ${TARGET.perSecond.toLocaleString('en-US')}/s, p99 < ${TARGET.p99Ms} ms, ≤ ${TARGET.requestsPerTransfer} request`, 'rounds'];

if (!sqldPath) {
  // A whole `bun run bench` still writes its report; this section says why the figure is missing.
  section(TITLE, HEADER, [], ['Not measured: no sqld binary (the dev dependency `sqld` installs it on linux and darwin, x64 and arm64).']);
  process.exit(0);
}

const sqld = await startSqld();
const direct = createClient({ url: sqld.url });
const transfers = async () => Number((await direct.execute("SELECT count(*) AS n FROM transfers WHERE code = 'P2P'")).rows[0]!.n);
const cmds: string[] = [];
const rows: Cell[][] = [];
const apps: Running[] = [];
const env = { NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: sqld.url };

/** Runs `load`, then says what it cost sqld: requests per P2P transfer written meanwhile. */
async function counted<T>(load: () => Promise<T>): Promise<{ value: T; perTransfer: number; statements: number; moved: number }> {
  const before = await transfers();
  const start = await sqld.counters();
  const value = await load();
  const end = await sqld.counters();
  const requests = end.requests - start.requests;
  const statements = end.statements - start.statements;
  const moved = (await transfers()) - before;
  return { value, perTransfer: moved ? requests / moved : NaN, statements: moved ? statements / moved : NaN, moved };
}
const row = (label: string, rps: number, p50: number, p99: number, c: { perTransfer: number; statements: number }, ratioCell: string, rounds: string): Cell[] =>
  [label, Math.round(rps), `${p50} ms`, `${p99} ms`, c.perTransfer.toFixed(2), c.statements.toFixed(1), ratioCell,
    verdict(rps >= TARGET.perSecond && p99 < TARGET.p99Ms && c.perTransfer <= TARGET.requestsPerTransfer), rounds];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  apps.push(await startServer([process.execPath, 'src/main.ts'], { cwd: root, env }));
  const [from, to] = await seedPlayers(sqld.url, SECRET, 2, 1_000_000_000);
  const headers = { Authorization: `Bearer ${from!.token}` };
  const body = JSON.stringify({ email: to!.email, amount: 0.01 });

  // One instance on the yardstick: pinned to one core next to a bare Bun.serve.
  const one = await counted(() => ratio(apps[0]!.base + '/api/v1/transfer/p2p-transfer', { rounds: ROUNDS, headers, data: body }));
  cmds.push(one.value.command);
  const r = one.value.target;
  rows.push(row('1, ratio.sh (pinned)', r.rps, r.p50Ms, r.p99Ms, one, pct(one.value.ratio), one.value.rounds + (one.value.reliable ? '' : ', UNRELIABLE')));

  // One and two instances under the same wrk load, unpinned (ratio.sh drives one server): rounds of 5 s in the
  // order one, two, two, one, one, two, and the median of each. Every round adds tens of thousands of rows and the
  // later rounds run a little slower on the larger database, so measuring all of one before all of two would
  // favour whichever came first (docs/decisions/remote-requests.md). The second instance runs only for its own
  // rounds: an idle instance sends the mail the busy one holds back, which would help (or slow) the one-instance
  // rounds. Each round starts with the mail of the earlier ones sent.
  type Round = { rps: number; p50: number; p99: number; perTransfer: number; statements: number };
  const wrkRound = async (bases: string[], seconds = 5): Promise<Round> => {
    const c = await counted(() => Promise.all(bases.map((b) => wrkPost(b + '/api/v1/transfer/p2p-transfer', { body, headers, connections: 50 / bases.length, seconds }))));
    const all: WrkResult[] = c.value;
    if (all.some((w) => w.non2xx > 0)) throw new Error(`refused transfers under load: ${all.map((w) => w.non2xx).join(', ')}`);
    return { rps: all.reduce((s, w) => s + w.rps, 0), p50: Math.max(...all.map((w) => w.p50Ms)), p99: Math.max(...all.map((w) => w.p99Ms)), perTransfer: c.perTransfer, statements: c.statements };
  };
  const mailSent = async () => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await Bun.sleep(200)) {
      if (Number((await direct.execute('SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NULL')).rows[0]!.n) === 0) return;
    }
  };
  const oneRound = async () => {
    await mailSent();
    return wrkRound([apps[0]!.base]);
  };
  const twoRound = async () => {
    const second = await startServer([process.execPath, 'src/main.ts'], { cwd: root, env });
    try {
      // A new process runs its first seconds slower while its code compiles: warm it as the first one was warmed.
      await wrkRound([second.base], 5);
      await wrkRound([apps[0]!.base, second.base], 2);
      await mailSent();
      return await wrkRound([apps[0]!.base, second.base]);
    } finally {
      await second.stop();
    }
  };
  const ones: Round[] = [];
  const twos: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      ones.push(await oneRound());
      twos.push(await twoRound());
    } else {
      twos.push(await twoRound());
      ones.push(await oneRound());
    }
  }
  const mid = (runs: Round[]) => runs.find((x) => x.rps === median(runs.map((y) => y.rps)))!;
  const w1 = mid(ones);
  const w2 = mid(twos);
  const each = (runs: Round[]) => `median of ${runs.length} (${runs.map((x) => Math.round(x.rps).toLocaleString('en-US')).join('; ')})`;
  rows.push(row('1, wrk (unpinned)', w1.rps, w1.p50, w1.p99, w1, '—', each(ones)));
  rows.push(row('2, wrk (unpinned, 25 connections each)', w2.rps, w2.p50, w2.p99, w2, '—', each(twos)));
  cmds.push('wrk -t1 -c50 -d5s --latency -s post.lua http://127.0.0.1:PORT/api/v1/transfer/p2p-transfer   # post.lua: wrk.method, wrk.body, the Authorization header');

  const verified = await ledgerVerify(sqld.url);
  for (const x of rows) x.splice(7, 0, verified ? 'clean' : 'FAILED');
  const version = Bun.spawnSync([sqldPath, '--version']).stdout.toString().trim();
  section(TITLE, [...HEADER.slice(0, 7), 'ledger:verify', ...HEADER.slice(7)], rows, [
    `W_primary in docs/capacity.md; ${version.replace(/^sqld /, '')}, one primary, on the same machine with its default settings and not pinned, reached directly over loopback HTTP (Hrana). Each request is a new transfer of $0.01 between the same two players; the instance groups the movements queued while a request to sqld is in flight into its next request (remote-commit.ts), and single statements the same way (db/remote.ts). "Requests to sqld per transfer" is every Hrana request sqld answered during the load (session reads, checks, writes, the mail queue) over the P2P transfers written meanwhile, and "statements" the statements sqld ran for them (the transaction and savepoint steps included; a batch step skipped by its condition is not run), both from sqld's own counters (its admin API's metrics, read before and after each round): no proxy stands in the path, and tests/sqld-requests.test.ts checks that these counters agree with a proxy's count. Requests one after another continue one Hrana stream, so sqld serves them on one connection (db/remote.ts). ledger:verify runs on the server after all rows.`,
    'Two instances share the machine\'s two cores with sqld and wrk: the row shows whether a second instance adds or takes away, not what a second machine would add. The one- and two-instance rounds alternate (one, two, two, one, one, two), each after the mail of the earlier rounds is sent, and the second instance runs only for its own rounds (after 5 s of load on it alone and 2 s on both).',
  ]);
} finally {
  for (const a of apps) await a.stop();
  direct.close();
  await sqld.stop();
}
commands(cmds);
