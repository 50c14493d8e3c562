import { type CheckResult, failed, skipped } from './doctor/check';
import { checkBtcpay } from './doctor/btcpay.check';
import { checkConfig } from './doctor/config.check';
import { checkDatabase, openForDoctor } from './doctor/database.check';
import { checkLedger } from './doctor/ledger.check';
import { checkRedis } from './doctor/redis.check';
import { checkSmtp } from './doctor/smtp.check';
import { checkSanctions } from './doctor/sanctions.check';

export type { CheckResult } from './doctor/check';

/**
 * Every check `doctor` makes, in order. It only reads: nothing is created, migrated or sent. Outside systems are
 * asked in parallel, each with its own time limit, so one that hangs does not hide the others.
 */
export async function runDoctor(env: Record<string, string | undefined>, timeoutMs = 10_000): Promise<CheckResult[]> {
  const { config, result: configResult } = checkConfig(env);
  if (!config) return [configResult, ...['database', 'ledger', 'sanctions list', 'BTCPay Server', 'SMTP', 'Redis'].map((n) => skipped(n, 'not checked: fix the configuration first'))];
  const outside = Promise.all([checkBtcpay(config, timeoutMs), checkSmtp(config, timeoutMs), checkRedis(config, timeoutMs)]);
  const opened = await openForDoctor(config);
  let data: CheckResult[];
  if (!opened.client) data = [opened.result ?? failed('database', []), ...['ledger', 'sanctions list'].map((n) => skipped(n, 'not checked: the database cannot be read'))];
  else {
    try {
      data = [await checkDatabase(config, opened.client), await checkLedger(opened.client), await checkSanctions(config, opened.client)];
    } finally {
      opened.client.close();
    }
  }
  return [configResult, ...data, ...(await outside)];
}

/** The report as an operator reads it: one line a check, then each problem and its fix. */
export function formatDoctor(results: CheckResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const label = r.status === 'ok' ? 'ok      ' : r.status === 'skipped' ? 'skipped ' : 'PROBLEM ';
    lines.push(`${label}${r.name}${r.detail ? ` (${r.detail})` : ''}`);
    for (const p of r.problems) lines.push(`        - ${p.problem}`, `          Fix: ${p.fix}`);
  }
  const count = results.reduce((n, r) => n + r.problems.length, 0);
  lines.push('', count ? `${count} problem${count === 1 ? '' : 's'} found.` : 'No problems found.');
  return lines.join('\n');
}
