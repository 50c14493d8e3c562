// The migrations a command applies to an older database before it works, with start-up's own safety: the same lock,
// and in production a checked backup before a migration that changes existing tables.
import type { Client } from '@libsql/client';
import { migrate } from '../../db/migrate';
import { DEFAULT_DATABASE_URL, type Config } from '../config';
import type { Logger } from '../lib/logger';
import { migrationSafety } from '../services/ops/migration-safety';

/** Start-up's log lines, as the one line an operator at a terminal reads (to stderr: stdout stays the command's answer). */
const terminal: Logger = {
  info: (msg, fields) => console.error(line(msg, fields)),
  error: (msg, fields) => console.error(`error: ${line(msg, fields)}`),
};
const line = (msg: string, fields?: Record<string, unknown>) =>
  [msg, ...Object.entries(fields ?? {}).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)].join('; ');

type DatabaseSettings = Pick<Config, 'isProduction' | 'DATABASE_URL' | 'DATABASE_AUTH_TOKEN'>;

/** Settings from the environment alone, so `coinreel migrate` runs without the rest of production's variables. */
export const databaseSettings = (env = process.env): DatabaseSettings => ({
  isProduction: env.NODE_ENV === 'production',
  DATABASE_URL: env.DATABASE_URL || DEFAULT_DATABASE_URL,
  DATABASE_AUTH_TOKEN: env.DATABASE_AUTH_TOKEN || undefined,
});

/** Applies what the database lacks as the server would at start; returns how many migrations ran. */
export const migrateSafely = (client: Client, settings: DatabaseSettings = databaseSettings()): Promise<number> =>
  migrate(client, migrationSafety(settings, terminal));
