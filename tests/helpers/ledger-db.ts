import type { Client } from '@libsql/client';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, tuneEmbedded } from '../../db/client';
import { migrate } from '../../db/migrate';

/** A migrated libSQL database in a fresh temp file, opened the way the app opens its own. */
export async function ledgerDb(): Promise<{ client: Client; url: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-ledger-'));
  const url = `file:${join(dir, 'ledger.db')}`;
  const { client } = openDatabase(url);
  await tuneEmbedded(client, url);
  await migrate(client);
  return { client, url, dir };
}
