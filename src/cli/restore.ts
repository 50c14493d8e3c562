// `coinreel restore FILE` (and `npm run restore -- FILE`): a checked backup in place of the database, site stopped.
import { DEFAULT_DATABASE_URL } from '../config';
import { restoreDatabase } from '../services/ops/restore';
import { type Command, parseOptions, UsageError } from './command';

const usage = `usage: coinreel restore FILE

Stop the site first. Checks the backup FILE, keeps the current database beside it (coinreel.db.before-restore-…)
and puts the backup in its place. Reads DATABASE_URL only. From a checkout: npm run restore -- FILE`;

async function run(argv: string[]): Promise<number> {
  const { positionals } = parseOptions(argv, {}, true);
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one FILE' : 'FILE is needed: the backup to restore');
  const file = positionals[0]!;
  // Only the database is needed, so a cron job or a shell without the site's other settings works too.
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const r = await restoreDatabase(url, file);
  if (!r.ok) {
    console.error(`restore refused: ${r.message}`);
    return 1;
  }
  console.log(`restored ${file} to ${r.target}`);
  if (r.previous) console.log(`the database it replaced is kept at ${r.previous}`);
  console.log('start the site again; then run coinreel doctor to confirm.');
  return 0;
}

export const command: Command = { usage, run };
