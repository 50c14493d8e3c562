import { createClient, type Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';
import { enableStatementCache } from './statement-cache';
import { openRemote } from './remote';

enableStatementCache();

export type Db = LibSQLDatabase<typeof schema>;
export type Database = { client: Client; db: Db };

/** The libSQL client under a drizzle handle, for services that write plain SQL beside drizzle queries. */
export const clientOf = (db: Db): Client => (db as unknown as { $client: Client }).$client;

export function openDatabase(url: string, authToken?: string): Database {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).split('?')[0]!;
    if (path && path !== ':memory:') {
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      // Every player's data: a new database file is its owner's alone, whatever the umask (SQLite gives the -wal and
      // -shm files it makes beside it the database file's own mode).
      try {
        closeSync(openSync(path, 'wx', 0o600));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
  }
  // One connection for an embedded file: statements run synchronously on this thread anyway, and it keeps
  // the per-connection PRAGMAs below (WAL sync level, busy timeout, foreign keys) in force for every call.
  // The pool's default would open extra connections under load that carry none of them. Nothing here holds
  // an interactive transaction, which a single connection would refuse to share.
  const embedded = url.startsWith('file:') || url === ':memory:';
  const opened = createClient({ url, authToken, ...(embedded && { concurrency: 1, timeout: 5000 }) });
  // A libSQL server: single statements sent while another request is in flight go together in the next request,
  // and the ledger groups its movements the same way (db/remote.ts, docs/decisions/group-commit.md).
  const client = embedded ? opened : openRemote(opened, url, authToken);
  return { client, db: drizzle(client, { schema }) };
}

/** WAL and a busy timeout let readers run beside the single writer of an embedded file. */
export async function tuneEmbedded(client: Client, url: string): Promise<void> {
  if (!url.startsWith('file:')) return;
  await client.execute('PRAGMA busy_timeout = 5000');
  // Several instances starting at once on a fresh file all switch it to WAL. Switching needs the file to itself, and
  // SQLite answers BUSY at once, without waiting, when two connections would otherwise wait on each other: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await client.execute('PRAGMA journal_mode = WAL');
      break;
    } catch (e) {
      if (attempt >= 100 || !(e instanceof Error && /SQLITE_BUSY|database is locked/i.test(e.message))) throw e;
      await Bun.sleep(20 + Math.random() * 30);
    }
  }
  // FULL: a WAL commit is fsynced before the caller is answered, so an acknowledged movement survives a power cut.
  // Group commit (services/ledger/group-commit.ts) keeps money writes fast despite the fsync per commit.
  await client.execute('PRAGMA synchronous = FULL');
  await client.execute('PRAGMA foreign_keys = ON');
}
