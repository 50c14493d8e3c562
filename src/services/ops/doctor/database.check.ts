import { createClient, type Client } from '@libsql/client';
import { existsSync } from 'node:fs';
import type { Config } from '../../../config';
import { embeddedPath, migrationState } from '../database-file';
import { type CheckResult, failed, reason, result } from './check';

/** Opens the site's database without creating or migrating anything; null with the problem when it cannot. */
export async function openForDoctor(config: Config): Promise<{ client: Client | null; result?: CheckResult }> {
  const name = 'database';
  const file = embeddedPath(config.DATABASE_URL);
  if (file && !existsSync(file))
    return { client: null, result: failed(name, [{ problem: `There is no database at ${file} (DATABASE_URL=${config.DATABASE_URL}).`, fix: 'Point DATABASE_URL at the site\'s database, or start the site once to create it (or restore a backup).' }]) };
  const client = createClient({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  try {
    await client.execute('SELECT 1');
    return { client };
  } catch (e) {
    client.close();
    const where = file ?? config.DATABASE_URL.replace(/\/\/[^@/]*@/, '//');
    return { client: null, result: failed(name, [{ problem: `The database at ${where} does not answer: ${reason(e)}.`, fix: file ? 'Check the file\'s permissions and that it is a Coinreel database (restore a backup if it is damaged).' : 'Check that the libSQL server is up and reachable, and DATABASE_AUTH_TOKEN.' }]) };
  }
}

/** Reachable, whole (quick_check on an embedded file), and migrated to exactly what this build knows. */
export async function checkDatabase(config: Config, client: Client): Promise<CheckResult> {
  const problems = [];
  if (embeddedPath(config.DATABASE_URL)) {
    const quick = (await client.execute('PRAGMA quick_check')).rows.map((r) => String(Object.values(r)[0]));
    if (quick.join() !== 'ok')
      problems.push({ problem: `SQLite reports damage: ${quick.slice(0, 3).join('; ')}.`, fix: 'Stop the site and restore the last good backup (coinreel restore FILE; npm run restore -- FILE in a checkout).' });
  }
  if (!embeddedPath(config.DATABASE_URL) && config.isProduction && (await syncLevel(client)) < FULL)
    problems.push({
      problem: 'The libSQL server commits without syncing to disk (its PRAGMA synchronous is below FULL, and it lets no client raise it): a money movement answered just before its machine loses power can be lost. The embedded file syncs every commit.',
      fix: 'Keep the libSQL server\'s data on storage that survives a power cut (a disk with power-loss protection, or replicated block storage) and keep a replica or its own backups; or run one instance on the embedded file (README, Several instances).',
    });
  const m = await migrationState(client);
  if (m.pending.length)
    problems.push({ problem: `${m.pending.length} migration(s) not applied yet: ${m.pending.join(', ')}.`, fix: 'Start (or restart) the site: it applies pending migrations at start-up.' });
  if (m.unknown.length)
    problems.push({ problem: `The database has migrations this version does not know: ${m.unknown.join(', ')}. A newer Coinreel migrated it.`, fix: 'Run the newer version again, or restore a backup taken before the upgrade.' });
  const where = embeddedPath(config.DATABASE_URL) ?? config.DATABASE_URL.replace(/\/\/[^@/]*@/, '//');
  const state = m.unknown.length ? 'migrated by a newer version' : m.pending.length ? 'migrations pending' : 'migrations up to date';
  return result('database', problems, `${where}, ${state}`);
}

// SQLite's synchronous levels: 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA. Only FULL and above sync a WAL commit.
const FULL = 2;

/** The database connection's sync level; a server that will not say counts as syncing (nothing to warn of). */
async function syncLevel(client: Client): Promise<number> {
  const row = (await client.execute('PRAGMA synchronous').catch(() => null))?.rows[0];
  const level = row ? Number(Object.values(row)[0]) : FULL;
  return Number.isFinite(level) ? level : FULL;
}
