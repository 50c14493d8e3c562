// Start-up failures a self-hoster can fix say so in one plain line, with the fix; main.ts prints it and exits 1.
import { createClient } from '@libsql/client';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { shownUrl } from './cli/existing-database';

export const portInUseLine = (port: number) => `Port ${port} is in use: set PORT or stop the other process.`;

const isPortInUse = (e: unknown) => (e as { code?: string })?.code === 'EADDRINUSE' || /EADDRINUSE|address already in use|Is port \d+ in use/i.test(String((e as Error)?.message));

/** Bun.serve's failure to listen, as one line; null for anything else. */
export function listenFailureLine(e: unknown, port: number, host?: string): string | null {
  if (isPortInUse(e)) return portInUseLine(port);
  const code = (e as { code?: string })?.code;
  if (code === 'EACCES') return `Port ${port} needs privileges this process lacks: set PORT to 1024 or above.`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST=${host} is not an address of this machine (EADDRNOTAVAIL): set HOST to one of its addresses, 127.0.0.1 behind a proxy on this machine, or 0.0.0.0 for every address.`;
  if (code === 'EINVAL')
    return `HOST=${host ?? ''} cannot be listened on (EINVAL): set HOST to an IP address of this machine, e.g. 127.0.0.1, or 0.0.0.0 for every address.`;
  return null;
}

const databaseLine = (url: string, reason: string) =>
  `Cannot read the database at ${shownUrl(url)} (DATABASE_URL): ${reason}. Point DATABASE_URL at a Coinreel database, or move that file away to start afresh.`;

/**
 * Reads an existing database once before anything else touches it, so a file that is not a database, a folder,
 * or one this process may not read is a plain line rather than a stack trace. A missing file is fine: the server
 * creates it.
 */
export async function databaseProblem(url: string, authToken?: string): Promise<string | null> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).split('?')[0]!;
    if (!path || path === ':memory:' || !existsSync(path)) return null;
  }
  let client: ReturnType<typeof createClient> | undefined;
  try {
    // Opening an embedded file can fail at once (a folder, no permission), so inside the try too.
    client = createClient({ url, authToken, ...(url.startsWith('file:') && { timeout: 5000 }) });
    await client.execute('SELECT count(*) FROM sqlite_master');
    return null;
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    const message = String((e as Error).message ?? e);
    const reason = code === 'SQLITE_NOTADB' ? 'the file is not a database'
      : /: 14\b|CANTOPEN|EISDIR|directory/i.test(message) ? 'it cannot be opened (a folder, or no permission to read it)'
      : code === 'SQLITE_AUTH' || /401|unauthori[sz]ed/i.test(message) ? 'the server refused the credentials (DATABASE_AUTH_TOKEN)'
      : message.split('\n')[0]!.slice(0, 200);
    return databaseLine(url, reason);
  } finally {
    client?.close();
  }
}

const FS_CODES: Record<string, string> = {
  EACCES: 'this user may not write there',
  EPERM: 'this user may not write there',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a file stands where a folder is needed',
  EEXIST: 'a file stands where a folder is needed',
  EISDIR: 'a folder stands where a file is needed',
  ENOENT: 'a folder on its path cannot be created',
};

/** A file-system refusal while preparing the data folders (DATABASE_URL's folder, DATA_DIR), as one line. */
export function fileSystemLine(e: unknown): string | null {
  const { code, path } = (e ?? {}) as { code?: string; path?: string };
  if (!code || !FS_CODES[code]) return null;
  return `Cannot write ${path ?? 'a data folder'} (${code}: ${FS_CODES[code]}): check DATA_DIR and DATABASE_URL and that this user may write there.`;
}

/**
 * Creates DATA_DIR and the embedded database's folder before anything else, so a path that cannot be made is one
 * line naming the variable to fix rather than a stack trace from deep inside start-up.
 */
export function dataFolderProblem(dataDir: string, databaseUrl: string): string | null {
  const dbPath = databaseUrl.startsWith('file:') ? databaseUrl.slice('file:'.length).split('?')[0]! : '';
  const folders: [string, string, string][] = [[`DATA_DIR=${dataDir}`, dataDir, 'DATA_DIR']];
  if (dbPath && dbPath !== ':memory:') folders.push([`DATABASE_URL=${shownUrl(databaseUrl)}`, dirname(dbPath), 'DATABASE_URL']);
  for (const [shown, folder, name] of folders) {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (e) {
      const code = (e as { code?: string }).code ?? 'error';
      return `Cannot create the folder ${folder} for ${shown} (${code}: ${FS_CODES[code] ?? 'refused'}): set ${name} to ${name === 'DATA_DIR' ? 'a folder' : 'a file in a folder'} this user may write, e.g. under /var/lib/coinreel.`;
    }
  }
  return null;
}

/** The database could not be created or opened once the folders exist (e.g. no write permission there), as one line. */
export function databaseOpenLine(e: unknown, url: string): string | null {
  const code = openFailureCode(e);
  if (code === null) return null;
  return `Cannot create or open the database at ${shownUrl(url)} (DATABASE_URL, ${code || 'cannot open'}): check that this user may write its folder, or set DATABASE_URL elsewhere.`;
}

/** The same for an operator command, which never creates the database: it must be able to read and write the file. */
export function commandDatabaseLine(command: string, e: unknown, url: string): string | null {
  if (isNotADatabase(e))
    return `coinreel ${command}: cannot read the database at ${shownUrl(url)} (DATABASE_URL): the file is not a database. Point DATABASE_URL at the site's database, or at a backup made by coinreel backup.`;
  const code = openFailureCode(e);
  if (code === null) return null;
  return `coinreel ${command}: cannot open the database at ${shownUrl(url)} (DATABASE_URL, ${code || 'cannot open'}): check that this user may read and write it and its folder (run the command as the service's user), or set DATABASE_URL to the server's database.`;
}

/** A file that SQLite opened but is not a database (a wrong path, an encrypted or truncated copy). */
function isNotADatabase(e: unknown): boolean {
  return /NOTADB/.test((e as { code?: string })?.code ?? '') || /file is not a database/i.test(String((e as Error)?.message));
}

/** SQLite's code when `e` is a database that could not be opened ('' when only its message says so), else null. */
function openFailureCode(e: unknown): string | null {
  const code = (e as { code?: string })?.code ?? '';
  if (/CANTOPEN|READONLY|PERM/.test(code)) return code;
  return /unable to open|: 14\b/i.test(String((e as Error)?.message)) ? '' : null;
}
