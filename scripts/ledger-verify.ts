// `bun run ledger:verify`: checks the ledger's invariants in the database named by DATABASE_URL and exits
// non-zero on any violation. It only reads; it never migrates or repairs.
import { createClient } from '@libsql/client';
import { existsSync } from 'node:fs';
import { formatReport, verifyLedger } from '../src/services/ledger/ledger-verify';

const url = process.env.DATABASE_URL || 'file:data/coinreel.db';
const file = url.startsWith('file:') ? url.slice('file:'.length).split('?')[0]! : null;
if (file && !existsSync(file)) {
  // Opening a missing file would create an empty database; say so instead.
  console.log(`ledger:verify: no database at ${file}`);
  process.exit(2);
}
const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined, timeout: 5000 });
try {
  const report = await verifyLedger(client);
  console.log(`ledger:verify ${url.replace(/\/\/[^@/]*@/, '//')}`);
  console.log(formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (e) {
  // A missing file or missing tables is a failure to verify, not a pass.
  console.log(`ledger:verify could not read the ledger: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 2;
} finally {
  client.close();
}
