import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const PREFIX = 'coinreel-run-';
const OWNED = /^coinreel-run-(\d+)-/;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the run folders in `base` whose process is gone (a run killed before it could clean up). */
export function removeStaleRuns(base: string): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(base)) {
    const m = OWNED.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    try {
      rmSync(join(base, name), { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Another user's folder in a shared /tmp: theirs to remove.
    }
  }
  return removed;
}

/**
 * Points this process's temp folder (`os.tmpdir()`, and TMPDIR for the children given `process.env`) at a folder of
 * its own, removed when the process exits: the suite makes thousands of temp databases, and left in /tmp they fill
 * the disk of whoever runs it often. A run killed before its exit removes nothing; the next run removes its folder.
 * A process already inside a run folder (a bench started by `bun run bench`) keeps it.
 */
export function useRunTmpdir(): { dir: string; remove(): void } {
  const current = tmpdir();
  if (basename(current).startsWith(PREFIX)) return { dir: current, remove() {} };
  removeStaleRuns(current);
  const dir = mkdtempSync(join(current, `${PREFIX}${process.pid}-`));
  process.env.TMPDIR = dir;
  const remove = () => rmSync(dir, { recursive: true, force: true });
  // `bun test` ends without the exit event: its setup also removes the folder after the last test (tests/setup.ts).
  process.on('exit', remove);
  return { dir, remove };
}
