// `bun run bench`: every bench/*.bench.ts in turn, each in its own process so one's servers never disturb the
// next. Every figure comes from the yardstick in ../shared/tools/perf/ (see bench/lib/yardstick.ts). A whole
// run (no filter) rewrites docs/benchmarks.md with its tables, the machine and the commands to reproduce them;
// `bun run bench pages` runs only the files whose name contains "pages" and only prints.
import { cpus, loadavg } from 'node:os';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib/server';
import { requireYardstick } from './lib/yardstick';
import { useRunTmpdir } from '../tests/helpers/run-tmpdir';

requireYardstick();
// Every temp folder of this run in one, removed at its end.
useRunTmpdir();
const filters = process.argv.slice(2);
const files = readdirSync(import.meta.dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts matches ${filters.join(' ')}`);
  process.exit(1);
}

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const started = new Date();
const loadBefore = load();
const report = join(mkdtempSync(join(tmpdir(), 'coinreel-bench-')), 'report.md');
writeFileSync(report, '');
const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = Bun.spawn([process.execPath, join(import.meta.dir, file)], { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, BENCH_REPORT: report } });
  if ((await run.exited) !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')} (docs/benchmarks.md left as it was)`);
  process.exit(1);
}
if (filters.length === 0) {
  const head = [
    '# Benchmarks',
    '',
    'Written by `bun run bench` from one run; every figure comes from the yardstick in `../shared/tools/perf/`',
    '(`ratio.sh`: wrk, the server pinned to one core, next to a bare `Bun.serve` measured in the same run;',
    '`measure.mjs`: a fresh headless Chromium per run). Absolute requests/s move with the machine and its',
    'neighbours: read the ratio. Rounds in which other processes took more than 5 % of the machine are repeated;',
    '"UNRELIABLE" marks a figure for which too few rounds were clean.',
    '',
    `- run: ${started.toISOString()} to ${new Date().toISOString()}`,
    `- machine: \`nproc\` ${cpus().length}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`,
    `- load average (1, 5, 15 min): ${loadBefore} at the start, ${load()} at the end`,
    `- bun ${Bun.version}; reproduce everything with \`bun run bench\` from the project root`,
    '',
  ];
  writeFileSync(join(root, 'docs/benchmarks.md'), head.join('\n') + '\n' + readFileSync(report, 'utf8'));
  console.log('\ndocs/benchmarks.md rewritten from this run');
}
