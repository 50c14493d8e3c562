import { createClient } from '@libsql/client';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkDatabaseFile, embeddedPath, type FileCheck } from './database-file';

export type BackupResult = { ok: true; file: string; bytes: number; check: FileCheck } | { ok: false; message: string };

/**
 * Where a backup goes: FILE as given; in a folder (an existing one, or a name ending in /) a new file named for
 * the time; with no FILE, that in BACKUP_DIR.
 */
export function backupFile(given: string | undefined, backupDir: string, now = new Date()): string {
  const named = `coinreel-${now.toISOString().slice(0, 19).replace(/:/g, '').replace('T', '-')}.db`;
  if (given === undefined) return unusedName(join(backupDir, named));
  const folder = given.endsWith('/') || (existsSync(given) && statSync(given).isDirectory());
  // A name the command chose is made free (a second backup in the same second gets -2); a file the operator named is not.
  return folder ? unusedName(join(given, named)) : given;
}

/** `path`, or the first of `path-2`, `path-3`… (before a `.db` ending) that no file has: copies are never overwritten. */
export function unusedName(path: string): string {
  const [stem, ext] = path.endsWith('.db') ? [path.slice(0, -3), '.db'] : [path, ''];
  let name = path;
  for (let n = 2; existsSync(name); n++) name = `${stem}-${n}${ext}`;
  return name;
}

/**
 * A consistent copy of the embedded database while the site runs: `VACUUM INTO` reads one snapshot (WAL lets the
 * site keep writing meanwhile) into a new compact file. The copy is written beside the target, checked (integrity,
 * migrations, ledger), and only then given the target's name, so a file at that name is always a good backup.
 */
export async function backupDatabase(databaseUrl: string, target: string, authToken?: string): Promise<BackupResult> {
  const source = embeddedPath(databaseUrl);
  if (!source)
    return { ok: false, message: `DATABASE_URL (${databaseUrl.replace(/\/\/[^@/]*@/, '//')}) is a libSQL server, not an embedded file: back it up with the server's own tools (sqld snapshots, Turso's point-in-time restore).` };
  if (!existsSync(source)) return { ok: false, message: `There is no database at ${source} (DATABASE_URL=${databaseUrl}). Set DATABASE_URL to the site's database.` };
  if (existsSync(target)) return { ok: false, message: `${target} exists already; give a new file name (backups are never overwritten).` };
  // Its folder is made as the database's own is (readable by this user only), so the default BACKUP_DIR just works.
  mkdirSync(dirname(target) || '.', { recursive: true, mode: 0o700 });
  const partial = `${target}.partial-${process.pid}`;
  const client = createClient({ url: `file:${source}`, authToken });
  try {
    // The copy holds every player's data: readable by this user only (0600), from its first byte. VACUUM INTO
    // writes into an existing empty file, keeping its mode, where a file it created would follow the umask.
    closeSync(openSync(partial, 'wx', 0o600));
    chmodSync(partial, 0o600);
    await client.execute('PRAGMA busy_timeout = 10000');
    await client.execute({ sql: 'VACUUM INTO ?', args: [partial] });
  } catch (e) {
    rmSync(partial, { force: true });
    // The source, not the copy, is at fault when the file is not a database (a wrong path, a truncated file).
    if (/NOTADB|file is not a database/i.test(`${(e as { code?: string })?.code} ${(e as Error)?.message}`))
      return { ok: false, message: `Cannot read the database at ${source} (DATABASE_URL=${databaseUrl}): the file is not a database. Point DATABASE_URL at the site's database.` };
    return { ok: false, message: `The copy could not be written: ${e instanceof Error ? e.message.slice(0, 200) : 'error'}` };
  } finally {
    client.close();
  }
  const check = await checkDatabaseFile(partial);
  if (!check.ok) {
    rmSync(partial, { force: true });
    return { ok: false, message: `The copy failed its check, so it was deleted:\n  ${check.problems.join('\n  ')}` };
  }
  renameSync(partial, target);
  return { ok: true, file: target, bytes: statSync(target).size, check };
}
