// Pages: each visitor page's and /healthz's requests/s next to a bare Bun.serve (ratio.sh, server pinned), and
// every public page's Largest Contentful Paint on the slow profile at 390×844 and 1280×800 (measure.mjs), with the
// JavaScript a visitor page fetches before any interaction (the signed-in pages: pages-signed-in.bench.ts); and the largest
// visitor page served by a bare Bun process three ways, to show how far Bun allows a page of that size to go.
// Every visitor page is measured in English and, beside it, in Spanish (Accept-Language: es-US): each language
// has its own prepared page (docs/decisions/spanish.md).
// Run alone: bun bench/pages.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commands, pct, section } from './lib/report';
import { root, startServer } from './lib/server';
import { verdict, type Cell } from './lib/table';
import { measure, ratio, requireYardstick, type PageTiming } from './lib/yardstick';
import { useRunTmpdir } from '../tests/helpers/run-tmpdir';

requireYardstick();
// Every temp folder of this run in one, removed at its end.
useRunTmpdir();

const SECRET = 'bench-pages-secret-bench-pages-secret';
const VISITOR_PAGES = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/support', '/responsible-gaming', '/login', '/register', '/forgot-password', '/ultra-panda', '/vb-link'];
const VIEWPORTS = ['390x844', '1280x800'];
// The visitor pages' JavaScript before the first interaction: what measure.mjs counts from navigation until the
// network is quiet, with no input (a visitor form's island is fetched on first focus, typing or tap).
const TARGET = { pageRatio: 0.6, healthRatio: 0.8, publicLcpMs: 1150, visitorJsBytes: 10_000 };
// ratio.sh's own default: in three rounds the bare server's own swings (91–131k req/s in one run) moved a page's
// median ratio by up to 10 points between runs; five halve what one disturbed round can move it.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// The languages each visitor page is prepared in, as a browser asks for them (every browser sends Accept-Language).
const LANGS: { label: string; headers: Record<string, string> }[] = [{ label: '', headers: { 'accept-language': 'en-US,en;q=0.9' } }, { label: ' (es)', headers: { 'accept-language': 'es-US,es;q=0.9' } }];
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const dir = mkdtempSync(join(tmpdir(), 'coinreel-bench-pages-'));
const dbUrl = `file:${join(dir, 'coinreel.db')}`;
// The product as an operator runs it: embedded defaults, production mode, request log on (to /dev/null).
const app = await startServer([process.execPath, join(root, 'src/main.ts')], { cwd: root, env: { NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: dbUrl, DATA_DIR: dir } });
try {
  const cmds: string[] = [];
  const rows: Cell[][] = [];
  for (const path of [...VISITOR_PAGES, '/healthz'])
    for (const lang of path === '/healthz' ? LANGS.slice(0, 1) : LANGS) {
      // As a browser asks for a page (compressed): the bytes a player receives, critical CSS inline. A client that
      // takes no compression gets the page with its stylesheet linked instead (src/http/fast-paths.ts).
      const r = await ratio(app.base + path, { rounds: ROUNDS, headers: path === '/healthz' ? {} : { 'accept-encoding': 'br', ...lang.headers } });
      cmds.push(r.command);
      const want = path === '/healthz' ? TARGET.healthRatio : TARGET.pageRatio;
      rows.push([path + lang.label, Math.round(r.target.rps), Math.round(r.baseline.rps), pct(r.ratio), `≥ ${pct(want)}`, verdict(r.ratio >= want), `${r.target.p99Ms} ms`, r.rounds + (r.reliable ? '' : ', UNRELIABLE')]);
    }
  section('Visitor pages and /healthz: requests/s next to a bare Bun.serve in the same run (ratio.sh, 50 connections, server pinned to one core)',
    ['path', 'req/s', 'bare req/s', 'ratio', 'target', '', 'p99', 'rounds'], rows,
    ['Each page asked for as a browser asks: English with Accept-Language: en-US,en;q=0.9; (es) with es-US,es;q=0.9, answered from its Spanish prepared copy.',
      'Pages are asked for with Accept-Encoding: br, as every browser asks, so the figure is for the brotli page a player receives (critical CSS inline) while the bare server answers 5 bytes. A client that takes no compression gets the page with its stylesheet linked instead (docs/decisions/page-speed.md, sixth round).',
      '/forgot-password is prepared like the others: its captcha picture is its own request (/api/v1/captcha.svg).']);

  // The largest prepared page served by a bare Bun process three ways: how far Bun lets a page of that size go.
  const largest = VISITOR_PAGES.map((p) => ({ p, bytes: 0 }));
  // As wrk asks for them: uncompressed, so the headers are those of the identity answer (no Content-Encoding).
  const plain = (path: string) => fetch(app.base + path, { headers: { 'accept-encoding': 'identity' } });
  for (const l of largest) l.bytes = (await (await plain(l.p)).arrayBuffer()).byteLength;
  const top = largest.sort((a, b) => b.bytes - a.bytes)[0]!;
  const res = await plain(top.p);
  const pageFile = join(dir, 'largest.html');
  await Bun.write(pageFile, await res.arrayBuffer());
  const pageHeaders = Object.fromEntries([...res.headers].filter(([k]) => !['date', 'content-length', 'x-request-id'].includes(k)));
  const ceiling = await startServer([process.execPath, join(root, 'bench/lib/page-ceiling.ts')], { cwd: root, readyPath: '/native', env: { PAGE_FILE: pageFile, PAGE_HEADERS: JSON.stringify(pageHeaders) } });
  const ceilingRows: Cell[][] = [];
  try {
    for (const [way, path] of [['Bun\'s native static route (no JavaScript per request)', '/native'], ['a handler returning a clone of the prepared answer', '/handler'], ['the same, after reading the request headers the fast path must read', '/handler-reading-headers']]) {
      const r = await ratio(ceiling.base + path!, { rounds: ROUNDS });
      cmds.push(r.command);
      ceilingRows.push([way!, Math.round(r.target.rps), Math.round(r.baseline.rps), pct(r.ratio), `${r.target.p99Ms} ms`, r.rounds + (r.reliable ? '' : ', UNRELIABLE')]);
    }
  } finally {
    await ceiling.stop();
  }
  section(`What Bun allows for the largest visitor page (${top.p}, its uncompressed copy of ${top.bytes} B, same headers), served by a bare Bun process (ratio.sh, same settings)`,
    ['served by', 'req/s', 'bare req/s', 'ratio', 'p99', 'rounds'], ceilingRows,
    ['The product\'s fast path is the last row plus the choice among the prepared answers; a session cookie must still reach the signed-in page, so the first row is not open to it.']);
  commands(cmds);

  const lcpCmds: string[] = [];
  const byViewport = async (paths: string[], headers?: Record<string, string>) => {
    const out: Record<string, PageTiming[]> = {};
    for (const viewport of VIEWPORTS) {
      const m = await measure(app.base, paths, { viewport, runs: RUNS, headers });
      lcpCmds.push(m.command);
      out[viewport] = m.pages;
    }
    return out;
  };
  const lcpRows = (paths: string[], t: Record<string, PageTiming[]>, limit: number): Cell[][] =>
    paths.map((path, i) => {
      const [phone, desktop] = VIEWPORTS.map((v) => t[v]![i]!);
      const ok = [phone!, desktop!].every((p) => p.lcpMs !== null && p.lcpMs <= limit);
      const shaky = [phone!, desktop!].some((p) => !p.reliable) ? ' (machine busy)' : '';
      return [path.split('?')[0]!, `${phone!.lcpMs} ms`, `${desktop!.lcpMs} ms`, `≤ ${limit} ms`, verdict(ok) + shaky, phone!.jsBytes, phone!.cssBytes, phone!.transferBytes, phone!.requests];
    });
  const header = ['page', 'LCP 390×844', 'LCP 1280×800', 'target', '', 'JS B', 'CSS B', 'all B', 'requests'];
  // Each visitor page in English, then in Spanish, row beside row.
  // One after the other: two measurements at once would slow each other.
  const visitorBy: { label: string; t: Record<string, PageTiming[]> }[] = [];
  for (const l of LANGS) visitorBy.push({ label: l.label, t: await byViewport(VISITOR_PAGES, l.headers) });
  const besides = <T,>(per: (label: string, t: Record<string, PageTiming[]>) => T[]) => VISITOR_PAGES.flatMap((_, i) => visitorBy.map((v) => per(v.label, v.t)[i]!));
  section(`Largest Contentful Paint, slow profile (400 ms latency, 400 kbit/s, CPU ×4), fresh Chromium, median of ${RUNS}: visitor pages, English and Spanish`,
    header, besides((label, t) => lcpRows(VISITOR_PAGES, t, TARGET.publicLcpMs).map((r) => [`${r[0]}${label}`, ...r.slice(1)])),
    ['Bytes are on the wire at 390×844 (compressed), as measure.mjs counts them. (es): asked for with Accept-Language: es-US.']);
  section(`JavaScript a visitor page fetches before the first interaction (fresh Chromium, until the network is quiet, no input), median of ${RUNS}`,
    ['page', 'JS B 390×844', 'JS B 1280×800', 'target', ''],
    besides((label, t) => VISITOR_PAGES.map((path, i) => {
      const [phone, desktop] = VIEWPORTS.map((v) => t[v]![i]!);
      const most = Math.max(phone!.jsBytes, desktop!.jsBytes);
      return [path + label, phone!.jsBytes, desktop!.jsBytes, `≤ ${TARGET.visitorJsBytes} B`, verdict(most <= TARGET.visitorJsBytes)];
    })),
    ['On the wire (compressed). A visitor form\'s island, and with it React, is fetched on the first focus, keystroke or tap in it (tests/e2e/first-paint.test.ts).']);
  // The signed-in pages, with what they load before any use: bench/pages-signed-in.bench.ts.
  commands(lcpCmds);
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
