// `admin:create` and the binary's `coinreel admin create`: one implementation for both.
import { parseArgs } from 'node:util';
import { openDatabase, tuneEmbedded } from '../../db/client';
import { migrate } from '../../db/migrate';
import { loadConfig } from '../config';
import { createOperator } from '../services/admin/operators';

export async function adminCreate(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.email) {
    console.error('usage: admin:create --email E [--password P]');
    return 2;
  }
  const config = loadConfig();
  const { client } = openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await tuneEmbedded(client, config.DATABASE_URL);
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

