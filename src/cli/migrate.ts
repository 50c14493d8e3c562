// `coinreel migrate`: applies the migrations this build carries that the database lacks, as the server does at
// start-up, so a deploy can migrate before it starts the new version. `--dry-run` lists them and changes nothing.
import { existsSync } from 'node:fs';
import { openDatabase, tuneEmbedded } from '../../db/client';
import { migrations } from '../../db/migrations';
import { DEFAULT_DATABASE_URL } from '../config';
import { embeddedPath, migrationState } from '../services/ops/database-file';
import { openReadOnly } from '../services/ops/read-only-client';
import { fileSystemLine } from '../startup-errors';
import { type Command, parseOptions } from './command';
import { shownUrl } from './existing-database';
import { databaseSettings, migrateSafely } from './migrate-safely';

const usage = `usage: coinreel migrate [--dry-run]

Applies the database migrations this version carries that DATABASE_URL's database lacks (the server also does
this when it starts). A missing embedded database is created, as the server would create it. With
NODE_ENV=production a migration that changes existing tables is preceded by a checked backup beside the database,
as at start-up.
  --dry-run  list the pending migrations and change nothing
Exits 1 when the database was migrated by a newer Coinreel. From a checkout: npm run migrate`;

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { 'dry-run': { type: 'boolean', default: false } });
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const token = process.env.DATABASE_AUTH_TOKEN || undefined;
  const file = embeddedPath(url);
  const where = file ?? shownUrl(url);

  if (values['dry-run']) {
    if (file && !existsSync(file)) {
      console.log(`no database at ${file} yet: all ${migrations.length} migrations would be applied`);
      for (const m of migrations) console.log(`pending  ${m.tag}`);
      return 0;
    }
    const client = file ? openReadOnly(file) : openDatabase(url, token).client;
    try {
      const state = await migrationState(client);
      for (const tag of state.pending) console.log(`pending  ${tag}`);
      if (state.unknown.length) return newer(where, state.unknown);
      console.log(state.pending.length ? `${state.pending.length} migration(s) pending at ${where}` : `${where} is up to date (${migrations.length} migrations)`);
      return 0;
    } finally {
      client.close();
    }
  }

  const existed = !file || existsSync(file);
  let database: ReturnType<typeof openDatabase>;
  try {
    database = openDatabase(url, token);
  } catch (e) {
    const line = fileSystemLine(e);
    if (!line) throw e;
    console.error(line);
    return 1;
  }
  const { client } = database;
  try {
    await tuneEmbedded(client, url);
    const before = await migrationState(client);
    if (before.unknown.length) return newer(where, before.unknown);
    const applied = await migrateSafely(client, { ...databaseSettings(), DATABASE_URL: url, DATABASE_AUTH_TOKEN: token });
    if (!existed) console.log(`created the database at ${where}`);
    for (const tag of before.pending) console.log(`applied  ${tag}`);
    console.log(applied ? `${applied} migration(s) applied to ${where}` : `${where} is up to date (${migrations.length} migrations)`);
    return 0;
  } finally {
    client.close();
  }
}

function newer(where: string, unknown: string[]): number {
  console.error(`${where} was migrated by a newer Coinreel (it has ${unknown.join(', ')}, which this version does not know): run the newer version, or restore a backup taken before the upgrade.`);
  return 1;
}

export const command: Command = { usage, run };
