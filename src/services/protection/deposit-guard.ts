import type { Client, InValue } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { readLimits } from './limits';
import { periodWindow, type LimitPeriod } from './periods';
import { assertMayPlay, readControls, whenText } from './restrictions';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';

const WORDS = { daily: m.api_deposit_limit_daily, weekly: m.api_deposit_limit_weekly, monthly: m.api_deposit_limit_monthly } as const;

/**
 * What counts against a limit: every deposit request still open at its requested amount (or more if more came in),
 * and what closed requests actually credited (nothing for one that failed or expired unpaid).
 */
const COUNTED = `coalesce((SELECT sum(CASE WHEN status IN ('creating', 'pending') THEN max(amount_cents, credited_cents) ELSE credited_cents END)
  FROM deposits WHERE user_id = ? AND created_at >= ?), 0)`;

export type DepositCondition = { sql: string; args: InValue[] };

/**
 * Refuses a deposit request during a cool-off or self-exclusion, or one that would take the player past a
 * deposit limit (periods in their time zone). Returns a condition for the deposit's INSERT that re-checks the
 * limits in the same statement, so two requests racing each other cannot both slip under one limit.
 */
export async function guardDeposit(client: Client, userId: string, amountCents: number, now: number): Promise<DepositCondition> {
  await assertMayPlay(client, userId, now);
  const [{ limits }, { timeZone }] = await Promise.all([readLimits(client, userId, now), readControls(client, userId, now)]);
  const parts: string[] = [];
  const args: InValue[] = [];
  for (const period of ['daily', 'weekly', 'monthly'] as const) {
    const limit = limits[period];
    if (limit === null) continue;
    const { start, end } = periodWindow(period, now, timeZone);
    const r = await client.execute({ sql: `SELECT ${COUNTED} AS used`, args: [userId, start] });
    const used = Number(r.rows[0]!.used);
    if (used + amountCents > limit) throw limitReached(period, limit, used, end, timeZone);
    parts.push(`${COUNTED} + ? <= ?`);
    args.push(userId, start, amountCents, limit);
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', args };
}

// The refusal names the amount field, so the deposit form shows it next to the amount, not as a toast over it.
function limitReached(period: LimitPeriod, limitCents: number, usedCents: number, resetsAt: number, timeZone: string): AppError {
  const left = Math.max(0, limitCents - usedCents);
  const message = text(WORDS[period], { limit: formatCents(limitCents), left: formatCents(left), resets: whenText(resetsAt, timeZone) });
  return new AppError(403, message, 'DEPOSIT_LIMIT', [fieldText('amount', message)]);
}

/** The insert lost a race for the last of a limit: the same check again names the limit. */
export async function depositRaceLost(client: Client, userId: string, amountCents: number, now: number): Promise<AppError> {
  try {
    await guardDeposit(client, userId, amountCents, now);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  const message = text(m.api_deposit_limit);
  return new AppError(403, message, 'DEPOSIT_LIMIT', [fieldText('amount', message)]);
}
