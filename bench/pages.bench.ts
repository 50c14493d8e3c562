// The public pages: what a first visit weighs, how fast it paints on a slow phone, how many visitors' GET /
// the server answers next to a bare Bun.serve, and how soon the server is ready. Run alone: bun bench/pages.bench.ts
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, measureLcp, SLOW, withBrowser } from './lib/lcp';
import { root, startServer, type Running } from './lib/server';
import { kb, median, printTable, verdict, type Cell } from './lib/table';
import { pageWeight, sum } from './lib/weights';

const PAGES = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/ultra-panda', '/vb-link', '/support', '/responsible-gaming'];
// The issue names these as pages that ship a visitor no React at all, only the enhancement script.
const INFO_PAGES = new Set(['/about-us', '/privacy-policy', '/terms-condition', '/ultra-panda', '/vb-link']);
const TARGET = { enhanceGzip: 5 * 1024, cssGzip: 15 * 1024, pageJsGzip: 100 * 1024, rpsRatio: 0.4, readyMs: 500, lcpMs: 2000 };
const VISITOR = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'coinreel-bench' };
const LOAD = { seconds: 3, connections: 32, rounds: 3 };
const SOURCE_SERVER = [process.execPath, join(root, 'src/main.ts')];
// Signed-in pages carry the wallet islands; they are held to the same 100 KB of JavaScript.
const PLAYER_PAGES = ['/home', '/transactions', '/p2p-transfer', '/notifications', '/profile-setting', '/deposit-bitcoin?lightningAddress=lnbcrt10u1pbench&onchainAddress=bcrt1qbenchaddress0000000000000000000000000'];
const SECRET = 'bench-pages-secret-bench-pages-secret';

/** A verified player with a live session, written to the server's database; answers the cookie header. */
async function playerCookie(dbUrl: string): Promise<Record<string, string>> {
  const { createClient } = await import('@libsql/client');
  const { createTokenSigner } = await import('../src/services/auth/tokens');
  const c = createClient({ url: dbUrl });
  const id = crypto.randomUUID();
  const now = Date.now();
  await c.batch([
    { sql: `INSERT INTO users (id, player_id, email, password_hash, email_verified_at, terms_version_accepted, terms_accepted_at, age_confirmed_at, created_at) VALUES (?, 7000001, 'bench-pages@example.com', 'x', ?, 3, ?, ?, ?)`, args: [id, now, now, now, now] },
    { sql: 'INSERT INTO sessions (id, user_id, created_at, expires_at, remember) VALUES (?, ?, ?, ?, 0)', args: [id, id, now, now + 3_600_000] },
  ], 'write');
  c.close();
  return { cookie: `token=${await createTokenSigner(SECRET).sign({ sid: id }, new Date(now + 3_600_000))}` };
}

async function playerWeights(base: string, dbUrl: string) {
  const cookie = await playerCookie(dbUrl);
  const rows: Cell[][] = [];
  for (const path of PLAYER_PAGES) {
    const w = await pageWeight(base, path, cookie);
    const js = sum(w.scripts);
    rows.push([path.split('?')[0]!, w.htmlGzipBytes, `${js} (${Object.keys(w.scripts).length})`, 'JS ≤ 100 KB', verdict(js <= TARGET.pageJsGzip)]);
  }
  printTable('Signed-in pages (gzip bytes; JS counts every script loaded, files in brackets)', ['page', 'HTML gz', 'JS gz', 'target', ''], rows);
}

async function weights(base: string) {
  const manifest = (await (await fetch(base + '/build/manifest.json')).json()) as { enhance: string };
  const enhanceUrl = new URL(manifest.enhance, base).href;
  const rows: Cell[][] = [];
  const css: Record<string, number> = {};
  for (const path of PAGES) {
    const w = await pageWeight(base, path);
    Object.assign(css, w.styles);
    const js = sum(w.scripts);
    const enhance = w.scripts[enhanceUrl] ?? 0;
    const react = js - enhance;
    const ok = js <= TARGET.pageJsGzip && (!INFO_PAGES.has(path) || (react === 0 && enhance < TARGET.enhanceGzip));
    const target = INFO_PAGES.has(path) ? 'islands 0, enhance < 5 KB' : 'JS ≤ 100 KB';
    rows.push([path, w.htmlBytes, w.htmlGzipBytes, `${js} (${Object.keys(w.scripts).length})`, react, enhance, sum(w.styles), target, verdict(ok)]);
  }
  printTable(
    'Page weight, first visit (bytes on the wire with gzip; JS counts every script loaded, files in brackets)',
    ['page', 'HTML', 'HTML gz', 'JS gz', 'islands JS gz', 'enhance gz', 'CSS gz', 'target', ''],
    rows,
  );
  const cssTotal = sum(css);
  printTable('Site CSS', ['figure', 'measured', 'target', ''], [
    ['all stylesheets, gzip', kb(cssTotal), '< 15 KB', verdict(cssTotal < TARGET.cssGzip)],
  ]);
}

/** Requests per second from a load generator in its own process. */
async function rps(url: string, headers: Record<string, string>): Promise<number> {
  const args = [process.execPath, join(import.meta.dir, 'lib/load.ts'), url, String(LOAD.seconds), String(LOAD.connections), JSON.stringify(headers)];
  const run = Bun.spawn(args, { stdout: 'pipe', stderr: 'inherit' });
  const out = await new Response(run.stdout).text();
  if ((await run.exited) !== 0) throw new Error('load generator failed');
  const r = JSON.parse(out) as { rps: number; errors: number };
  if (r.errors) throw new Error(`${r.errors} failed requests to ${url}`);
  return r.rps;
}

async function throughput(app: Running): Promise<Cell[][]> {
  const bare = await startServer([process.execPath, join(import.meta.dir, 'lib/hello.ts')], { readyPath: '/' });
  const bareRates: number[] = [];
  const appRates: number[] = [];
  try {
    // Alternating rounds, so a neighbour's burst on the shared CPUs hits both sides alike.
    for (let i = 0; i < LOAD.rounds; i++) {
      bareRates.push(await rps(bare.base + '/', VISITOR));
      appRates.push(await rps(app.base + '/', VISITOR));
    }
  } finally {
    await bare.stop();
  }
  const [b, a] = [median(bareRates), median(appRates)];
  return [
    ['bare Bun.serve hello-world, req/s', Math.round(b), '', ''],
    ["visitor's GET /, req/s", Math.round(a), '', ''],
    ['GET / ÷ bare', `${((a / b) * 100).toFixed(0)} %`, '≥ 40 %', verdict(a / b >= TARGET.rpsRatio)],
  ];
}

/** Median time from spawn to the first 200 on /healthz, each start on an empty data folder. */
async function readiness(label: string, cmd: string[], cwd?: string): Promise<Cell[]> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const s = await startServer(cmd, { cwd });
    times.push(s.readyMs);
    await s.stop();
  }
  const m = median(times);
  return [`${label}: spawn → first 200 on /healthz (median of 5)`, `${m.toFixed(0)} ms`, '< 500 ms', verdict(m < TARGET.readyMs)];
}

/** The executable, compiled into a temp folder from the current public/build, for its start-up time. */
async function binaryReadiness(): Promise<Cell[]> {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-bench-bin-'));
  try {
    const outfile = join(dir, 'coinreel');
    const built = Bun.spawnSync([process.execPath, join(root, 'scripts/build-binary.ts'), '--outfile', outfile, '--no-client'], { cwd: root, stdout: 'ignore', stderr: 'pipe' });
    if (built.exitCode !== 0 || !existsSync(outfile)) return ['dist/coinreel: could not build', built.stderr.toString().slice(0, 80), '< 500 ms', 'MISS'];
    return await readiness('single binary', [outfile]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lcp(base: string) {
  if (!chromiumAvailable()) {
    console.log('\nLargest Contentful Paint: skipped, /usr/bin/chromium is not installed');
    return;
  }
  const rows = await withBrowser(async (browser) => {
    const out: Cell[][] = [];
    for (const path of PAGES) {
      const ms = await measureLcp(browser, base + path);
      out.push([path, `${ms.toFixed(0)} ms`, '< 2 s', verdict(ms < TARGET.lcpMs)]);
    }
    return out;
  });
  const cond = `${SLOW.latencyMs} ms latency, ${(SLOW.bytesPerSecond * 8) / 1000} kbit/s each way, CPU ÷${SLOW.cpuSlowdown}, 390×844, cold cache`;
  printTable(`Largest Contentful Paint, headless chromium (${cond})`, ['page', 'LCP', 'target', ''], rows);
}

const benchDir = mkdtempSync(join(tmpdir(), 'coinreel-bench-pages-'));
const dbUrl = `file:${join(benchDir, 'pages.db')}`;
const app = await startServer(SOURCE_SERVER, { cwd: root, env: { DATABASE_URL: dbUrl, DATA_DIR: benchDir, JWT_SECRET: SECRET } });
try {
  await weights(app.base);
  await playerWeights(app.base, dbUrl);
  const server = await throughput(app);
  server.push(await readiness('bun src/main.ts', SOURCE_SERVER, root));
  server.push(await binaryReadiness());
  printTable(`Server (${LOAD.connections} keep-alive connections, ${LOAD.seconds} s × ${LOAD.rounds} rounds, medians)`, ['figure', 'measured', 'target', ''], server);
  await lcp(app.base);
} finally {
  await app.stop();
  rmSync(benchDir, { recursive: true, force: true });
}
