import type { MigrateOptions } from '../../../db/migrate';
import { ConfigError, type Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { backupDatabase, unusedName } from './backup';
import { embeddedPath } from './database-file';

const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);

/**
 * What start-up does around migrations: says when it waits for another instance's, and in production takes a
 * checked backup beside an embedded database before a migration that changes existing tables (a failed backup
 * stops start-up with nothing migrated). A libSQL server cannot be copied from here: the log says so.
 */
export function migrationSafety(
  config: Pick<Config, 'isProduction' | 'DATABASE_URL' | 'DATABASE_AUTH_TOKEN'>, logger: Logger, metrics?: { recordBackup(atMs: number): void }, now: () => number = Date.now,
): MigrateOptions {
  return {
    onWait: (holder) => logger.info('waiting for another instance to finish migrating the database', { holder }),
    beforeChange: config.isProduction
      ? async (pending) => {
          const path = embeddedPath(config.DATABASE_URL);
          if (!path) {
            logger.error('migrating a libSQL server without a backup: Coinreel cannot copy a server database; take a server snapshot before every upgrade', { pending });
            return;
          }
          // Two upgrades in one minute (a command, then the server) each keep their copy: the second gets -2.
          const file = unusedName(`${path}.before-${pending[0]}-${stamp(now())}`);
          const r = await backupDatabase(config.DATABASE_URL, file, config.DATABASE_AUTH_TOKEN);
          if (!r.ok) throw new ConfigError(`The backup before migrating the database failed, so nothing was migrated: ${r.message}`);
          metrics?.recordBackup(now());
          logger.info('database backed up before migrating', { file, pending });
        }
      : undefined,
  };
}
