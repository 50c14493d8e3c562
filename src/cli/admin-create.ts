// `admin:create` and the binary's `coinreel admin create`: one implementation for both.
import type { Client } from '@libsql/client';
import { parseArgs } from 'node:util';
import { migrate } from '../../db/migrate';
import { loadConfig } from '../config';
import { createOperator } from '../services/admin/operators';
import { MissingDatabaseError, openExistingDatabase } from './existing-database';

export async function adminCreate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email) {
    console.error('usage: admin:create --email E [--password P]');
    return 2;
  }
  const config = loadConfig();
  let client: Client;
  try {
    // The server's database, never a new one: the server creates it on its first start.
    ({ client } = await openExistingDatabase('admin:create', config.DATABASE_URL, config.DATABASE_AUTH_TOKEN));
  } catch (e) {
    if (!(e instanceof MissingDatabaseError)) throw e;
    console.error(e.message);
    return 2;
  }
  try {
    // Brings an older database up to this version's schema, as the server would.
    await migrate(client);
    const r = await createOperator(client, config.publicUrl, { email: values.email, password: values.password });
    if ('errors' in r) {
      for (const m of Object.values(r.errors)) console.error(m);
      return 2;
    }
    console.log(`${r.created ? 'created' : 'promoted'} operator ${r.email}`);
    if (r.setPasswordLink) console.log(`set a password within 1 hour (the link works once): ${r.setPasswordLink}`);
    return 0;
  } finally {
    client.close();
  }
}

