import type { Client } from '@libsql/client';
import { verifyLedger } from '../../ledger/ledger-verify';
import { type CheckResult, failed, reason, result } from './check';

/** The ledger's invariants (what `coinreel ledger verify` proves). */
export async function checkLedger(client: Client): Promise<CheckResult> {
  const fix = 'Run coinreel ledger verify (npm run ledger:verify in a checkout) for the full list, find the cause before more money moves, and restore the last backup whose ledger verifies if the data is damaged.';
  try {
    const report = await verifyLedger(client);
    const problems = report.checks.filter((c) => !c.ok).map((c) => ({ problem: `The ledger breaks a rule: ${c.name} (${c.violations.slice(0, 2).join('; ')}).`, fix }));
    return result('ledger', problems, `${report.checks.length} checks`);
  } catch (e) {
    return failed('ledger', [{ problem: `The ledger could not be read: ${reason(e)}.`, fix: 'Start the site once so the schema is complete, then run doctor again.' }]);
  }
}
