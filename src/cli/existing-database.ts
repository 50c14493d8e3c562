// The operator commands work on the server's database; they never create one. Opening a missing SQLite file
// would make an empty database there, and the command would then run against nothing (or migrate a stray file).
import { createClient, type Client } from '@libsql/client';
import { existsSync } from 'node:fs';
import { openDatabase, tuneEmbedded, type Database } from '../../db/client';
import { openReadOnly } from '../services/ops/read-only-client';

export class MissingDatabaseError extends Error {}

/** DATABASE_URL as it may be shown: no credentials, no query string (an auth token may ride there). */
export const shownUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//').split('?')[0]!;

const missing = (command: string, url: string, what: string) =>
  new MissingDatabaseError(`${command}: ${what} (DATABASE_URL=${shownUrl(url)}). Start the server once to create it, or set DATABASE_URL to the server's database.`);

/**
 * Opens the database the server uses, or throws MissingDatabaseError naming the DATABASE_URL it looked at: when the
 * embedded file does not exist, or when the database (a `libsql://` server too) has no Coinreel tables yet.
 */
export async function openExistingDatabase(command: string, url: string, authToken?: string): Promise<Database> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).split('?')[0]!;
    if (!path || path === ':memory:' || !existsSync(path)) throw missing(command, url, `no database at ${path || url}`);
  }
  const database = openDatabase(url, authToken);
  try {
    await tuneEmbedded(database.client, url);
    const t = await database.client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'");
    if (!t.rows.length) throw missing(command, url, 'the database has no Coinreel tables yet');
    return database;
  } catch (e) {
    database.client.close();
    throw e;
  }
}

/**
 * The same checks for a command that only reads (ledger verify): an embedded file is opened read-only and left as
 * it was, so pointing DATABASE_URL at a backup does not turn it into a WAL database with -wal and -shm files.
 */
export async function openExistingReadOnly(command: string, url: string, authToken?: string): Promise<Client> {
  const path = url.startsWith('file:') ? url.slice('file:'.length).split('?')[0]! : null;
  if (path !== null && (!path || path === ':memory:' || !existsSync(path))) throw missing(command, url, `no database at ${path || url}`);
  const client = path ? openReadOnly(path) : createClient({ url, authToken });
  try {
    const t = await client.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'");
    if (!t.rows.length) throw missing(command, url, 'the database has no Coinreel tables yet');
    return client;
  } catch (e) {
    client.close();
    throw e;
  }
}
