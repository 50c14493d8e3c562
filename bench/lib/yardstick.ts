// The yardstick every figure is taken with (../shared/tools/perf/README.md): ratio.sh (wrk, server pinned to one
// core, next to a bare Bun.serve in the same run) and measure.mjs (a fresh Chromium per run). Nothing here
// generates load or times a page itself.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './server';

/** `../shared/tools/perf/` beside the project root (CI checks out shared/ beside the clone). */
// Beside the project (../shared/tools/perf), or where PERF_TOOLS says (a worktree further down).
export const YARDSTICK = process.env.PERF_TOOLS ?? resolve(root, '..', 'shared', 'tools', 'perf');

/** Stops the bench with a message a newcomer can act on when the yardstick or its tools are missing. */
export function requireYardstick(): void {
  const missing: string[] = [];
  for (const f of ['ratio.sh', 'measure.mjs', 'baseline.ts']) if (!existsSync(join(YARDSTICK, f))) missing.push(join(YARDSTICK, f));
  if (missing.length) {
    console.error(`bench: the performance yardstick is missing (${missing.join(', ')}).\n` +
      `It lives in the shared repository, checked out beside this project so that ../shared/tools/perf/ exists:\n` +
      `  ${YARDSTICK}\nSee its README for what it needs (wrk, chromium, taskset).`);
    process.exit(2);
  }
  const tools: [string, string][] = [['wrk', 'apt-get install -y wrk'], ['taskset', 'util-linux'], ['ss', 'iproute2']];
  for (const [tool, how] of tools) {
    if (!Bun.which(tool)) {
      console.error(`bench: ${tool} is not installed (${how}); the yardstick needs it`);
      process.exit(2);
    }
  }
  if (!existsSync('/usr/bin/chromium')) {
    console.error('bench: /usr/bin/chromium is not installed (apt-get install -y chromium); measure.mjs needs it');
    process.exit(2);
  }
}

export type Side = { rps: number; p50Ms: number; p99Ms: number };
export type Ratio = { ratio: number; target: Side; baseline: Side; reliable: boolean; rounds: string; command: string };

export type RatioOptions = { headers?: Record<string, string>; method?: string; data?: string; rounds?: number; seconds?: number; connections?: number; label?: string };

const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/** ratio.sh on one URL; its whole output is echoed (keep the raw output of a run you quote). */
export async function ratio(url: string, o: RatioOptions = {}): Promise<Ratio> {
  const args = ['-r', String(o.rounds ?? 5), '-t', String(o.seconds ?? 3), '-c', String(o.connections ?? 50)];
  const shown = [...args];
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    args.push('-H', `${k}: ${v}`);
    shown.push('-H', /^authorization$/i.test(k) ? `${k}: Bearer $T` : `${k}: ${v}`);
  }
  const rest = [...(o.method ? ['-X', o.method] : []), ...(o.data !== undefined ? ['-d', o.data] : [])];
  args.push(...rest);
  shown.push(...rest);
  const json = join(mkdtempSync(join(tmpdir(), 'coinreel-ratio-')), 'ratio.json');
  const cmd = [join(YARDSTICK, 'ratio.sh'), ...args, '--json', json, url];
  const command = `../shared/tools/perf/ratio.sh ${[...shown, url].map((a) => (a.includes('$T') ? `"${a}"` : quote(a))).join(' ')}`;
  console.log(`\n$ ${command}`);
  const p = Bun.spawn(cmd, { cwd: root, stdout: 'pipe', stderr: 'inherit' });
  const out = await new Response(p.stdout).text();
  process.stdout.write(out.replace(/^/gm, '  '));
  if ((await p.exited) !== 0) throw new Error(`ratio.sh failed on ${url}`);
  const side = (name: string): Side => {
    const m = new RegExp(`^${name}:\\s+req/s median ([\\d.]+).*p50 ([\\d.]+) ms, p99 ([\\d.]+) ms`, 'm').exec(out);
    if (!m) throw new Error(`ratio.sh printed no ${name} line`);
    return { rps: Number(m[1]), p50Ms: Number(m[2]), p99Ms: Number(m[3]) };
  };
  const r = JSON.parse(readFileSync(json, 'utf8')) as { ratio_median: number; reliable: boolean; rounds_run: number; noisy_rounds: unknown[] };
  return {
    ratio: r.ratio_median,
    target: side('target'),
    baseline: side('baseline'),
    reliable: r.reliable,
    rounds: `${r.rounds_run - r.noisy_rounds.length}/${r.rounds_run} clean`,
    command,
  };
}

export type PageTiming = { path: string; lcpMs: number | null; fcpMs: number | null; loadMs: number | null; jsBytes: number; cssBytes: number; transferBytes: number; requests: number; reliable: boolean };

/** measure.mjs, slow profile, one viewport, for a list of paths on one server. */
export async function measure(base: string, paths: string[], o: { viewport: string; runs?: number; headers?: Record<string, string> }): Promise<{ pages: PageTiming[]; command: string }> {
  const out = join(mkdtempSync(join(tmpdir(), 'coinreel-measure-')), 'measure.json');
  const args = ['--runs', String(o.runs ?? 3), '--profiles', 'slow', '--viewport', o.viewport];
  const shown = [...args];
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    args.push('--header', `${k}: ${v}`);
    shown.push('--header', /^cookie$/i.test(k) ? `"${k}: token=$T"` : `"${k}: ${v}"`);
  }
  const command = `node ../shared/tools/perf/measure.mjs ${shown.join(' ')} ${base} ${paths.join(' ')}`;
  console.log(`\n$ ${command}`);
  const p = Bun.spawn(['node', join(YARDSTICK, 'measure.mjs'), ...args, '--out', out, base, ...paths], { cwd: root, stdout: 'inherit', stderr: 'pipe' });
  const err = await new Response(p.stderr).text();
  process.stdout.write(err.split('\n').filter((l) => /\[slow run|slow:|WARNING|FAILED/.test(l)).map((l) => '  ' + l.trim()).join('\n') + '\n');
  if ((await p.exited) !== 0) throw new Error(`measure.mjs failed: ${err.split('\n').slice(-4).join(' ')}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { pages: { path: string; profiles: { slow: { median: any; reliable: boolean } } }[] };
  return {
    command,
    pages: report.pages.map((pg) => {
      const m = pg.profiles.slow.median;
      return { path: pg.path, lcpMs: m.lcpMs, fcpMs: m.fcpMs, loadMs: m.loadMs, jsBytes: m.js.transferBytes, cssBytes: m.css.transferBytes, transferBytes: m.transferBytes, requests: m.requests, reliable: pg.profiles.slow.reliable };
    }),
  };
}
