// Prints figures as a small aligned text table, so every bench reads the same way in a terminal or CI log.
export type Cell = string | number;

export function printTable(title: string, header: string[], rows: Cell[][]): void {
  const text = rows.map((r) => r.map((c) => (typeof c === 'number' ? c.toLocaleString('en-US') : c)));
  const widths = header.map((h, i) => Math.max(h.length, ...text.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of text) console.log(line(r));
}

/** "ok" or "MISS", for the column that sets a figure against its target. */
export const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISS');

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1) + ' KB';

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
