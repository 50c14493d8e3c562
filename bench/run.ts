// `bun run bench`: every bench/*.bench.ts in turn, each in its own process so one's servers and timers never
// disturb the next. `bun run bench pages` runs only the files whose name contains "pages".
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const filters = process.argv.slice(2);
const files = readdirSync(import.meta.dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`no bench/*.bench.ts matches ${filters.join(' ')}`);
  process.exit(1);
}
const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = Bun.spawn([process.execPath, join(import.meta.dir, file)], { stdio: ['ignore', 'inherit', 'inherit'] });
  if ((await run.exited) !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
