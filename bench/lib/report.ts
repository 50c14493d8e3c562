// Every bench prints its tables and, when `bun run bench` asks for it (BENCH_REPORT names a file), appends the
// same tables as Markdown; run.ts turns one whole run into docs/benchmarks.md.
import { appendFileSync } from 'node:fs';
import { printTable, type Cell } from './table';

export function section(title: string, header: string[], rows: Cell[][], notes: string[] = []): void {
  printTable(title, header, rows);
  for (const n of notes) console.log(n);
  const file = process.env.BENCH_REPORT;
  if (!file) return;
  const cell = (c: Cell) => String(typeof c === 'number' ? c.toLocaleString('en-US') : c).replace(/\|/g, '\\|');
  const md = [`### ${title}`, '', `| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`), '', ...notes.map((n) => n + '\n')];
  appendFileSync(file, md.join('\n') + '\n');
}

/** Commands to reproduce a section's figures, in the report only (the console already showed each one). */
export function commands(list: string[]): void {
  const file = process.env.BENCH_REPORT;
  if (!file || !list.length) return;
  appendFileSync(file, ['To reproduce (server started as in the bench, `$T` a session token):', '', '```sh', ...new Set(list), '```', ''].join('\n') + '\n');
}

export const pct = (r: number) => `${(r * 100).toFixed(1)} %`;
