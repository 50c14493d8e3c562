// `coinreel sanctions import FILE` (and `npm run sanctions:import -- FILE`): loads the sanctioned addresses withdrawals
// are screened against, replacing the whole list at once, and prints what it loaded (docs/decisions/sanctions-list.md).
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { openExistingDatabase } from './existing-database';
import { databaseSettings, migrateSafely } from './migrate-safely';
import { type Command, parseOptions, UsageError } from './command';
import { ListFileError, parseSanctionsFile } from '../services/compliance/sanctions-file';
import { listStatus, listWarning, replaceList } from '../services/compliance/sanctions';
import { utcDay } from '../services/compliance/daily-totals';

const importUsage = `usage: coinreel sanctions import FILE [--date YYYY-MM-DD]

Replaces the sanctions list with FILE's addresses, in one transaction, and prints the list's date and how many it
holds. FILE is either OFAC's SDN advanced XML (sdn_advanced.xml: its "Digital Currency Address - XBT" features,
dated by the file's own date of issue) or text, one Bitcoin address or Lightning node id a line (# starts a comment;
dated today, or --date). Withdrawals still open to a listed address are then held, their players' cash-out frozen,
each with a case. Reads DATABASE_URL. From a checkout: npm run sanctions:import -- FILE`;

const statusUsage = `usage: coinreel sanctions status

The sanctions list loaded now: its source, date, count and age (and a warning when it is missing or older than
30 days). Reads DATABASE_URL.`;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function run(action: 'import' | 'status', argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, action === 'import' ? { date: { type: 'string' } } : {}, true);
  const [file, extra] = action === 'import' ? positionals : [undefined, ...positionals];
  if (extra !== undefined) throw new UsageError(`unexpected "${extra}"`);
  if (action === 'import' && !file) throw new UsageError('say which FILE to load');
  const given = (values as { date?: string }).date;
  const date = given === undefined ? null : utcDay(given);
  if (given !== undefined && date === null) throw new UsageError(`--date must be a day as YYYY-MM-DD, not "${given}"`);

  let parsed: ReturnType<typeof parseSanctionsFile> | null = null;
  if (action === 'import') {
    let text: string;
    try {
      if (!statSync(file!).isFile()) throw new Error('not a file');
      text = readFileSync(file!, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    }
    try {
      parsed = parseSanctionsFile(text);
    } catch (e) {
      if (e instanceof ListFileError) throw new UsageError(`${file}: ${e.message}; nothing was changed`);
      throw e;
    }
    // The operator's own text list must be right as a whole; OFAC's file is taken for its Bitcoin addresses.
    if (parsed.format === 'text' && parsed.rejected.length)
      throw new UsageError(`${file}: not a Bitcoin address or Lightning node id at ${parsed.rejected.slice(0, 5).map((r) => `${r.where} ("${r.text}")`).join(', ')}${parsed.rejected.length > 5 ? ` and ${parsed.rejected.length - 5} more` : ''}; nothing was changed`);
    if (!parsed.entries.length) throw new UsageError(`${file} holds no address; nothing was changed (an empty list would screen nothing)`);
    console.error(`read ${parsed.entries.length} entries from ${file} (${parsed.format === 'sdn-xml' ? 'OFAC SDN advanced XML' : 'text'})`);
  }

  const settings = databaseSettings();
  const { client } = await openExistingDatabase(`coinreel sanctions ${action}`, settings.DATABASE_URL, settings.DATABASE_AUTH_TOKEN);
  try {
    await migrateSafely(client, settings);
    if (action === 'status') {
      const s = await listStatus(client);
      if (!s.loaded) console.log('no sanctions list loaded');
      else console.log(`${s.count} entries from ${s.source}, dated ${day(s.listDate)}, imported ${new Date(s.importedAt).toISOString()} (${s.ageDays} days old)`);
      const warning = listWarning(s);
      if (warning) console.error(warning);
      return 0;
    }
    const p = parsed!;
    const listDate = date ?? p.listDate ?? Date.now();
    const r = await replaceList(client, p.entries, basename(file!), listDate);
    console.log(`sanctions list replaced: ${r.count} entries, dated ${day(r.listDate)}, imported ${new Date(r.importedAt).toISOString()}`);
    if (p.rejected.length) console.log(`skipped ${p.rejected.length} entries that are no Bitcoin address: ${p.rejected.slice(0, 5).map((x) => x.text).join(', ')}`);
    if (r.matched) console.log(`${r.matched} open withdrawal${r.matched === 1 ? ' goes' : 's go'} to a listed address: held, each player's cash-out frozen, a case opened`);
    return 0;
  } finally {
    client.close();
  }
}

export const importCommand: Command = { usage: importUsage, run: (argv) => run('import', argv) };
export const statusCommand: Command = { usage: statusUsage, run: (argv) => run('status', argv) };
