// `coinreel backup FILE` (and `npm run backup -- FILE`): a checked copy of the running site's database.
import { DEFAULT_BACKUP_DIR, DEFAULT_DATABASE_URL } from '../config';
import { backupDatabase, backupFile } from '../services/ops/backup';
import { type Command, parseOptions, UsageError } from './command';

const usage = `usage: coinreel backup [FILE | FOLDER/]

Writes a checked copy (integrity, migrations, ledger) of the embedded database to FILE, a new file (mode 0600),
while the site runs. Given a folder, or nothing (then BACKUP_DIR, default backups), the file in it is named for
the time: coinreel-2026-11-27-021500.db. A missing folder is made. Reads DATABASE_URL and BACKUP_DIR only.
From a checkout: npm run backup -- FILE`;

async function run(argv: string[]): Promise<number> {
  const { positionals } = parseOptions(argv, {}, true);
  if (positionals.length > 1) throw new UsageError('give one FILE or folder');
  // Only the database is needed, so a cron job or a shell without the site's other settings works too.
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const target = backupFile(positionals[0], process.env.BACKUP_DIR || DEFAULT_BACKUP_DIR);
  const r = await backupDatabase(url, target, process.env.DATABASE_AUTH_TOKEN || undefined);
  if (!r.ok) {
    console.error(`backup failed: ${r.message}`);
    return 1;
  }
  const checks = r.check.ledger?.checks.length ?? 0;
  console.log(`backup written: ${r.file} (${(r.bytes / 1024).toFixed(0)} KiB, ${r.check.migrations} migrations)`);
  console.log(`checked: integrity ok, ledger ok (${checks} checks)`);
  return 0;
}

export const command: Command = { usage, run };
