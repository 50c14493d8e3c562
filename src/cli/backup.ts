// `bun run backup -- FILE` and the binary's `coinreel backup FILE`: a checked copy of the running site's database.
import { backupDatabase } from '../services/ops/backup';
import { DEFAULT_DATABASE_URL } from '../config';

export async function backupCommand(argv: string[]): Promise<number> {
  const [file, extra] = argv.filter((a) => a !== '--');
  if (!file || extra || file.startsWith('-')) {
    console.error('usage: backup FILE   (a new file; e.g. backups/coinreel-$(date +%F-%H%M).db)');
    return 2;
  }
  // Only the database is needed, so a cron job or a shell without the site's other settings works too.
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const r = await backupDatabase(url, file, process.env.DATABASE_AUTH_TOKEN || undefined);
  if (!r.ok) {
    console.error(`backup failed: ${r.message}`);
    return 1;
  }
  const checks = r.check.ledger?.checks.length ?? 0;
  console.log(`backup written: ${r.file} (${(r.bytes / 1024).toFixed(0)} KiB, ${r.check.migrations} migrations)`);
  console.log(`checked: integrity ok, ledger ok (${checks} checks)`);
  return 0;
}
