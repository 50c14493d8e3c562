// The libSQL primary (docs/capacity.md, `W_primary`): P2P transfers/s and p50/p99 at 50 connections with the app
// on a local sqld (`DATABASE_URL=http://…`, as several instances run it), followed by ledger:verify on the server.
// On a remote client every movement is its own transaction (no group commit), sent one at a time. Run alone: bun bench/primary.bench.ts
import { ledgerVerify } from './lib/ledger-verify';
import { seedPlayers } from './lib/players';
import { commands, pct, section } from './lib/report';
import { root, startServer } from './lib/server';
import { ratio, requireYardstick } from './lib/yardstick';
import { sqldPath, startSqld } from '../tests/helpers/sqld';

requireYardstick();

const SECRET = 'bench-primary-secret-bench-primary-secret';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TITLE = 'P2P transfers on a libSQL server (POST /api/v1/transfer/p2p-transfer, ratio.sh, 50 connections, DATABASE_URL=http://… to a local sqld)';
const HEADER = ['database', 'transfers/s', 'p50', 'p99', 'of bare req/s', 'ledger:verify', 'rounds'];

if (!sqldPath) {
  // A whole `bun run bench` still writes its report; this section says why the figure is missing.
  section(TITLE, HEADER, [], ['Not measured: no sqld binary (the dev dependency `sqld` installs it on linux and darwin, x64 and arm64).']);
  process.exit(0);
}

const sqld = await startSqld();
const cmds: string[] = [];
try {
  const app = await startServer([process.execPath, 'src/main.ts'], { cwd: root, env: { NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: sqld.url } });
  try {
    const [from, to] = await seedPlayers(sqld.url, SECRET, 2, 1_000_000_000);
    const r = await ratio(app.base + '/api/v1/transfer/p2p-transfer', { rounds: ROUNDS, headers: { Authorization: `Bearer ${from!.token}` }, data: JSON.stringify({ email: to!.email, amount: 0.01 }) });
    cmds.push(r.command);
    const verified = await ledgerVerify(sqld.url);
    const version = Bun.spawnSync([sqldPath, '--version']).stdout.toString().trim();
    section(TITLE, HEADER, [[`${version.replace(/^sqld /, '')}, one primary`, Math.round(r.target.rps), `${r.target.p50Ms} ms`, `${r.target.p99Ms} ms`, pct(r.ratio), verified ? 'clean' : 'FAILED', r.rounds + (r.reliable ? '' : ', UNRELIABLE')]], [
      'W_primary in docs/capacity.md. Where things ran: the app (src/main.ts, production) pinned to CPU 0 by ratio.sh, wrk on the last CPU, sqld on the same machine with its default settings and not pinned (it floats over all CPUs, beside wrk), reached over loopback HTTP (Hrana). Each request is a new transfer of $0.01 between the same two players, one transaction on sqld per transfer, the app sending them one at a time (group-commit.ts); ledger:verify runs on the server right after.',
    ]);
  } finally {
    await app.stop();
  }
} finally {
  await sqld.stop();
}
commands(cmds);
