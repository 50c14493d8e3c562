// `bun run ledger:verify`: checks the ledger's invariants in the database named by DATABASE_URL and exits
// non-zero on any violation. It only reads; it never migrates or repairs.
import { openExistingOrExit, shownUrl } from '../src/cli/existing-database';
import { formatReport, verifyLedger } from '../src/services/ledger/ledger-verify';

const url = process.env.DATABASE_URL || 'file:data/coinreel.db';
const { client } = await openExistingOrExit('ledger:verify', url, process.env.DATABASE_AUTH_TOKEN || undefined);
try {
  const report = await verifyLedger(client);
  console.log(`ledger:verify ${shownUrl(url)}`);
  console.log(formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (e) {
  // A missing file or missing tables is a failure to verify, not a pass.
  console.log(`ledger:verify could not read the ledger: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  client.close();
}
