// Logins under load: 20 clients at once over HTTP against a real server process, with argon2id at the
// production parameters. Prints logins per second, p50/p99 latency and the server's peak memory.
// Run alone: bun bench/logins.bench.ts
import type { Subprocess } from 'bun';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { HASH_OPTIONS, hashPassword } from '../src/services/auth/passwords';
import { printTable, verdict } from './lib/table';

const ROOT = join(import.meta.dir, '..');
const CLIENTS = 20;
const PLAYERS = 400;
const SUSTAINED_PER_CLIENT = 15;
const BURSTS = 5;
const TARGET = { p99Ms: 1000, peakRssMb: 400 };
const PASSWORD = 'BenchSecret123!';
// Every client gets its own address through the trusted-proxy header, as real players behind a proxy would,
// so the per-address login limit measures nothing here; each player signs in at most a few times.
const PROXY_HEADER = 'x-bench-client';

async function seed(dir: string): Promise<string[]> {
  const { client } = openDatabase(`file:${join(dir, 'bench.db')}`);
  await migrate(client);
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const emails = Array.from({ length: PLAYERS }, (_, i) => `bench${i}@example.com`);
  await client.batch(
    emails.map((email, i) => ({
      sql: `INSERT INTO users (id, player_id, email, password_hash, email_verified_at, referral_source, terms_version_accepted, terms_accepted_at, age_confirmed_at, role, created_at)
            VALUES (?, ?, ?, ?, ?, 'friend', 3, ?, ?, 'USER', ?)`,
      args: [crypto.randomUUID(), 2_000_000 + i, email, hash, now, now, now, now],
    })),
    'write',
  );
  client.close();
  return emails;
}

async function freePortInRange(from = 3300, to = 3349): Promise<number> {
  for (let port = from; port <= to; port++) {
    try {
      Bun.serve({ hostname: '127.0.0.1', port, fetch: () => new Response(null) }).stop(true);
      return port;
    } catch {}
  }
  throw new Error('no free port in 3300-3349');
}

async function startServer(dir: string): Promise<{ base: string; proc: Subprocess }> {
  const port = await freePortInRange();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin', NODE_ENV: 'production', CREDENTIAL_KEY: 'c'.repeat(64), LOG_LEVEL: 'silent', PORT: String(port), PUBLIC_URL: base,
    DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'bench.db')}`, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00', TRUSTED_PROXY_HEADER: PROXY_HEADER,
  };
  const proc = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts')], { cwd: ROOT, env, stdin: 'ignore', stdout: 'ignore', stderr: 'inherit' });
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await Bun.sleep(20)) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    if (await fetch(base + '/healthz').then((r) => r.ok, () => false)) return { base, proc };
  }
  proc.kill();
  throw new Error('server did not become ready');
}

/** The server's resident memory now and its high-water mark, in MB, from /proc. */
function memoryMb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

let nextPlayer = 0;
async function login(base: string, emails: string[], client: number): Promise<number> {
  const email = emails[nextPlayer++ % emails.length]!;
  const started = performance.now();
  const res = await fetch(base + '/api/v1/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PROXY_HEADER]: `198.51.100.${client + 1}` },
    body: JSON.stringify({ email, password: PASSWORD, userType: 'USER' }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return performance.now() - started;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

async function measure(base: string, emails: string[], pid: number) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(pid).rss)), 5);
  // 20 logins fired at the same instant, several times: the "20 concurrent logins".
  const burst: number[] = [];
  for (let b = 0; b < BURSTS; b++) burst.push(...(await Promise.all(Array.from({ length: CLIENTS }, (_, c) => login(base, emails, c)))));
  // 20 clients, each signing in again as soon as it is answered.
  const sustained: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < SUSTAINED_PER_CLIENT; i++) sustained.push(await login(base, emails, c));
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  return { burst, sustained, perSecond: sustained.length / seconds, peak, hwm: memoryMb(pid).hwm };
}

const dir = mkdtempSync(join(tmpdir(), 'coinreel-logins-'));
try {
  const emails = await seed(dir);
  const { base, proc } = await startServer(dir);
  try {
    // Warm-up: one burst opens the clients' keep-alive connections and warms the server's code paths.
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => login(base, emails, c)));
    const idle = memoryMb(proc.pid).rss;
    const r = await measure(base, emails, proc.pid);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    printTable(
      `Logins, ${CLIENTS} concurrent clients over HTTP (argon2id m=${HASH_OPTIONS.memoryCost} KiB, t=${HASH_OPTIONS.timeCost}, p=1)`,
      ['figure', 'measured', 'target', ''],
      [
        ['logins per second (sustained)', r.perSecond.toFixed(1), '', ''],
        ['p50, 20 at once', ms(pct(r.burst, 0.5)), '', ''],
        ['p99, 20 at once', ms(pct(r.burst, 0.99)), `< ${TARGET.p99Ms} ms`, verdict(pct(r.burst, 0.99) < TARGET.p99Ms)],
        ['p50, sustained', ms(pct(r.sustained, 0.5)), '', ''],
        ['p99, sustained', ms(pct(r.sustained, 0.99)), `< ${TARGET.p99Ms} ms`, verdict(pct(r.sustained, 0.99) < TARGET.p99Ms)],
        ['server RSS idle', `${idle.toFixed(0)} MB`, '', ''],
        ['server RSS peak in the runs', `${r.peak.toFixed(0)} MB`, `< ${TARGET.peakRssMb} MB`, verdict(r.peak < TARGET.peakRssMb)],
        ['server RSS high-water mark', `${r.hwm.toFixed(0)} MB`, `< ${TARGET.peakRssMb} MB`, verdict(r.hwm < TARGET.peakRssMb)],
      ],
    );
  } finally {
    proc.kill();
    await proc.exited;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
