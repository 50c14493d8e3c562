// Sockets (capacity plan, docs/capacity.md): memory per open WebSocket and how many sockets one instance holds.
// Opens SOCKETS signed-in sockets (default 10 000) against the real server in its own process and reads the
// server's resident memory (/proc/<pid>/status) before and after; then sends one push to every player and times
// until every socket has it. Memory only: no yardstick needed, so it also runs alone:
//   bun run bench:sockets                      (SOCKETS=200 bun run bench:sockets for a quick look)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPlayers } from './lib/players';
import { section } from './lib/report';
import { root, startServer } from './lib/server';

const SECRET = 'bench-sockets-secret-bench-sockets-secret';
const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
// Several pages per player, as when a player has a few tabs open; the hub fans out to each.
const PER_PLAYER = 5;
const BATCH = 200;
// What a small instance might give the process, to turn bytes per socket into sockets per instance.
const BUDGET_BYTES = 1024 ** 3;

/** Resident memory of a process, from the kernel's own count. */
function rssBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
}

function openFilesLimit(pid: number): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').find((l) => l.startsWith('Max open files'))!;
  return Number(line.trim().split(/\s+/)[3]);
}

/** Memory once the process has settled: the lowest of a few readings a quarter-second apart. */
async function settledRss(pid: number): Promise<number> {
  let low = Infinity;
  for (let i = 0; i < 8; i++) {
    low = Math.min(low, rssBytes(pid));
    await Bun.sleep(250);
  }
  return low;
}

const dir = mkdtempSync(join(tmpdir(), 'coinreel-bench-sockets-'));
const dbUrl = `file:${join(dir, 'coinreel.db')}`;
const server = await startServer([process.execPath, join(root, 'src/main.ts')], { cwd: root, env: { NODE_ENV: 'production', JWT_SECRET: SECRET, CREDENTIAL_KEY: 'b'.repeat(64), DATABASE_URL: dbUrl, DATA_DIR: dir, LOG_LEVEL: 'silent' } });
const pid = server.proc.pid;
const sockets: WebSocket[] = [];
try {
  const players = await seedPlayers(dbUrl, SECRET, Math.ceil(SOCKETS / PER_PLAYER), 10_000);
  const wsUrl = server.base.replace('http', 'ws') + '/ws';
  // Warm the server as a running site would be (each route once) before the baseline.
  for (let i = 0; i < 20; i++) await fetch(server.base + '/api/v1/user/wallet-balance', { headers: { authorization: `Bearer ${players[i % players.length]!.token}` } });
  const before = await settledRss(pid);

  const started = performance.now();
  let failed = 0;
  for (let i = 0; i < SOCKETS; i += BATCH) {
    await Promise.all(Array.from({ length: Math.min(BATCH, SOCKETS - i) }, (_, j) => new Promise<void>((resolve) => {
      const player = players[(i + j) % players.length]!;
      const ws = new WebSocket(wsUrl, { headers: { cookie: `token=${player.token}` } } as unknown as string[]);
      ws.onmessage = () => {
        ws.onmessage = null;
        sockets.push(ws);
        resolve();
      };
      ws.onerror = () => {
        failed++;
        resolve();
      };
    })));
  }
  const openMs = performance.now() - started;
  const after = await settledRss(pid);
  const perSocket = (after - before) / sockets.length;

  // One push to every player (a P2P transfer notifies both sides): time until every one of their sockets heard it.
  let heard = 0;
  const everyone = new Promise<void>((resolve) => {
    for (const ws of sockets)
      ws.onmessage = () => {
        ws.onmessage = null;
        if (++heard === sockets.length) resolve();
      };
  });
  const fanStart = performance.now();
  for (let i = 0; i < players.length; i++) {
    void fetch(server.base + '/api/v1/transfer/p2p-transfer', {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${players[i]!.token}` }, body: JSON.stringify({ email: players[(i + 1) % players.length]!.email, amount: 0.01 }),
    });
  }
  const fanOut = await Promise.race([everyone.then(() => performance.now() - fanStart), Bun.sleep(60_000).then(() => -1)]);

  const mib = (b: number) => `${(b / 1024 ** 2).toFixed(1)} MiB`;
  section(`Open WebSockets on one instance (${sockets.length.toLocaleString('en-US')} signed-in sockets, ${players.length.toLocaleString('en-US')} players)`, ['figure', 'value'], [
    ['server memory before (RSS)', mib(before)],
    ['server memory with the sockets open (RSS)', mib(after)],
    ['memory per open socket', `${(perSocket / 1024).toFixed(1)} KiB`],
    ['sockets opened / failed', `${sockets.length} / ${failed}`],
    ['time to open them all (batches of 200)', `${(openMs / 1000).toFixed(2)} s`],
    ['sockets per GiB at this size', Math.floor(BUDGET_BYTES / Math.max(perSocket, 1))],
    ['open-files limit of the server process', openFilesLimit(pid)],
    [`one push to every player reaches all ${sockets.length} sockets`, fanOut < 0 ? 'not within 60 s' : `${(fanOut / 1000).toFixed(2)} s`],
  ], [
    'Memory per socket is (RSS with the sockets − RSS before) ÷ sockets: the socket, its session, the hub subscription and the kernel buffers the process is charged for.',
    'Sockets one instance holds = the lower of memory given ÷ memory per socket and the open-files limit (systemd LimitNOFILE).',
  ]);
} finally {
  for (const ws of sockets) ws.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
