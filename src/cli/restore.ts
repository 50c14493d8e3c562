// `bun run restore -- FILE` and the binary's `coinreel restore FILE`: a checked backup in place of the database,
// with the site stopped.
import { restoreDatabase } from '../services/ops/restore';
import { DEFAULT_DATABASE_URL } from '../config';

export async function restoreCommand(argv: string[]): Promise<number> {
  const [file, extra] = argv.filter((a) => a !== '--');
  if (!file || extra || file.startsWith('-')) {
    console.error('usage: restore FILE   (stop the site first; the current database is kept beside it)');
    return 2;
  }
  // Only the database is needed, so a cron job or a shell without the site's other settings works too.
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const r = await restoreDatabase(url, file);
  if (!r.ok) {
    console.error(`restore refused: ${r.message}`);
    return 1;
  }
  console.log(`restored ${file} to ${r.target}`);
  if (r.previous) console.log(`the database it replaced is kept at ${r.previous}`);
  console.log('start the site again; then run doctor to confirm.');
  return 0;
}
