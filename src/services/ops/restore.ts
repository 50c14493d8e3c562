import { createClient } from '@libsql/client';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkDatabaseFile, databaseInUse, embeddedPath } from './database-file';
import { unusedName } from './backup';

export type RestoreResult = { ok: true; target: string; previous: string | null } | { ok: false; message: string };

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

/**
 * Puts a backup in place of the embedded database, with the site stopped. The file is checked first; the database
 * it replaces is kept beside it as a consistent copy (`….before-restore-<time>`), so a restore can be undone.
 */
export async function restoreDatabase(databaseUrl: string, file: string, now = new Date()): Promise<RestoreResult> {
  const target = embeddedPath(databaseUrl);
  if (!target) return { ok: false, message: `DATABASE_URL (${databaseUrl.replace(/\/\/[^@/]*@/, '//')}) is a libSQL server, not an embedded file: restore it with the server's own tools.` };
  if (!existsSync(file)) return { ok: false, message: `There is no backup at ${file}.` };
  const check = await checkDatabaseFile(file);
  if (!check.ok) return { ok: false, message: `${file} is not a good backup, nothing was changed:\n  ${check.problems.join('\n  ')}` };
  if (databaseInUse(target))
    return { ok: false, message: `The database ${target} is open in another process: stop the site first (e.g. systemctl stop coinreel), then run restore again.` };
  let previous: string | null = null;
  if (existsSync(target)) {
    // Two restores in the same second each keep what they replaced: the second name gets -2, and so on.
    previous = unusedName(`${target}.before-restore-${stamp(now)}`);
    // VACUUM INTO also carries what is still in the old database's WAL file.
    const old = createClient({ url: `file:${target}` });
    try {
      // Readable by this user only, like a backup (VACUUM INTO keeps the mode of the empty file it is given).
      closeSync(openSync(previous, 'wx', 0o600));
      chmodSync(previous, 0o600);
      await old.execute({ sql: 'VACUUM INTO ?', args: [previous] });
    } finally {
      old.close();
    }
  }
  // A restore into a new place (a scratch copy to test a backup) makes its folder, as the site does for its database.
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const incoming = `${target}.restoring-${process.pid}`;
  copyFileSync(file, incoming);
  chmodSync(incoming, 0o600);
  // The old database's WAL and shared-memory files belong to it, not to the restored one.
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  renameSync(incoming, target);
  return { ok: true, target, previous };
}
