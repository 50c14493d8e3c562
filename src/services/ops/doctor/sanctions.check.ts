import type { Client } from '@libsql/client';
import type { Config } from '../../../config';
import { listStatus, listWarning, LIST_MAX_AGE_DAYS } from '../../compliance/sanctions';
import { type CheckResult, failed, ok, reason, skipped } from './check';

const NAME = 'sanctions list';
const FIX = `Download OFAC's SDN advanced XML (sdn_advanced.xml) and run coinreel sanctions import FILE (npm run sanctions:import -- FILE in a checkout); load a new one at least every ${LIST_MAX_AGE_DAYS} days.`;

/** The list withdrawals are screened against: in production, a problem when it is missing or older than 30 days. */
export async function checkSanctions(config: Pick<Config, 'isProduction'>, client: Client, now = Date.now()): Promise<CheckResult> {
  let s: Awaited<ReturnType<typeof listStatus>>;
  try {
    s = await listStatus(client, now);
  } catch (e) {
    return failed(NAME, [{ problem: `The sanctions list could not be read: ${reason(e)}.`, fix: 'Start the site once so the schema is complete, then run doctor again.' }]);
  }
  const detail = s.loaded ? `${s.count} entries from ${s.source}, dated ${new Date(s.listDate).toISOString().slice(0, 10)}, ${s.ageDays} days old` : 'none loaded';
  const warning = listWarning(s);
  if (!warning) return ok(NAME, detail);
  return config.isProduction ? failed(NAME, [{ problem: warning, fix: FIX }], detail) : skipped(NAME, `${detail}; production needs a current one`);
}
