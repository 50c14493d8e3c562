// `coinreel ledger verify` (and `npm run ledger:verify`): checks the ledger's invariants in the database named by
// DATABASE_URL and exits 1 on any violation. It only reads; it never migrates or repairs, and an embedded file is
// opened read-only, so verifying a backup leaves it exactly as it was (no -wal or -shm files, no journal change).
import { DEFAULT_DATABASE_URL } from '../config';
import { commandDatabaseLine } from '../startup-errors';
import { formatReport, verifyLedger } from '../services/ledger/ledger-verify';
import { type Command, parseOptions } from './command';
import { openExistingReadOnly, shownUrl } from './existing-database';

const usage = `usage: coinreel ledger verify

Proves the ledger: every balance equals the sum of its entries, every transfer sums to zero, no player account is
negative, holds match their transfers. Prints each check; exits 1 on a violation, 2 when there is no database.
Reads DATABASE_URL; point it at a backup to check that one (opened read-only, left as it was):
  DATABASE_URL=file:backups/coinreel-20261123-1400.db coinreel ledger verify
From a checkout: npm run ledger:verify`;

async function run(argv: string[]): Promise<number> {
  parseOptions(argv, {});
  const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const client = await openExistingReadOnly('coinreel ledger verify', url, process.env.DATABASE_AUTH_TOKEN || undefined);
  try {
    const report = await verifyLedger(client);
    console.log(`coinreel ledger verify ${shownUrl(url)}`);
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } catch (e) {
    // A missing table is a failure to verify, not a pass; a file that is no database is named as the other commands name it.
    console.log(commandDatabaseLine('ledger verify', e, url) ?? `coinreel ledger verify could not read the ledger: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    return 2;
  } finally {
    client.close();
  }
}

export const command: Command = { usage, run };
