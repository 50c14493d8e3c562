import type { Client, InStatement, InValue } from '@libsql/client';
import { debtId, heldId, systemId, walletId, type Movement } from '../ledger/ledger.types';
import { readLimits } from '../protection/limits';
import { LIMIT_PERIODS, periodWindow } from '../protection/periods';
import { activeRestriction, readControls } from '../protection/restrictions';

export type HeldReason = 'limit' | 'cool_off' | 'self_exclusion';

/**
 * Where one arrived payment goes. Money that has arrived is never refused: what fits the player's deposit limits
 * reaches them (first paying back any debt, then the wallet); what is past a limit, or arrives during a cool-off or
 * self-exclusion, is held.
 */
export type CreditPlan = {
  walletCents: number;
  heldCents: number;
  debtCents: number;
  reason: HeldReason | null;
  /**
   * Re-checks the plan inside the crediting transaction, after the deposit's credited_cents was raised: the limits
   * (read there, as in force at `now`), no break started, and a debt not paid past zero. Null when nothing reaches the
   * player, which is always safe.
   */
  guard: InStatement | null;
};

/** What counts against a limit, as deposit-guard counts it, without the deposit being credited. */
const OTHERS = `coalesce((SELECT sum(CASE WHEN status IN ('creating', 'pending') THEN max(amount_cents, credited_cents) ELSE credited_cents END)
  FROM deposits WHERE user_id = ? AND created_at >= ? AND id <> ?), 0)`;
const OWN = '(SELECT credited_cents FROM deposits WHERE id = ?)';
const LIMIT_NOW = `(SELECT CASE WHEN pending_set AND pending_effective_at <= ? THEN pending_amount_cents ELSE amount_cents END
  FROM deposit_limits WHERE user_id = ? AND period = ?)`;
const NO_BREAK = `NOT EXISTS (SELECT 1 FROM play_controls WHERE user_id = ? AND (self_excluded_permanent OR coalesce(self_excluded_until, 0) > ?
  OR coalesce(cool_off_until, 0) > ?))`;

/**
 * How much of `cents` arriving for deposit `depositId` fits: per period with a limit, the limit less what the
 * player's other deposits in that period count and what this deposit already credited. The deposit's own requested
 * amount was counted when it was made; a second payment past it is what this catches.
 */
export async function planCredit(client: Client, userId: string, depositId: string, cents: number, now: number): Promise<CreditPlan> {
  const controls = await readControls(client, userId, now);
  const restriction = activeRestriction(controls, now);
  if (restriction) return { walletCents: 0, heldCents: cents, debtCents: 0, reason: restriction.kind === 'COOL_OFF' ? 'cool_off' : 'self_exclusion', guard: null };
  const { limits } = await readLimits(client, userId, now);
  const windows = LIMIT_PERIODS.map((period) => ({ period, start: periodWindow(period, now, controls.timeZone).start }));
  let room = cents;
  for (const w of windows) {
    const limit = limits[w.period];
    if (limit === null) continue;
    const r = await client.execute({ sql: `SELECT ${OTHERS} + ${OWN} AS used`, args: [userId, w.start, depositId, depositId] });
    room = Math.min(room, Math.max(0, limit - Number(r.rows[0]!.used)));
  }
  const owedRow = await client.execute({ sql: 'SELECT balance_cents FROM accounts WHERE id = ?', args: [debtId(userId)] });
  const owed = Math.max(0, -Number(owedRow.rows[0]?.balance_cents ?? 0));
  const debtCents = Math.min(room, owed);
  const plan: CreditPlan = { walletCents: room - debtCents, heldCents: cents - room, debtCents, reason: cents > room ? 'limit' : null, guard: null };
  if (room === 0) return plan;
  const parts = [NO_BREAK, ...windows.map(() => `coalesce(${OTHERS} + ${OWN} <= ${LIMIT_NOW}, 1)`), "coalesce((SELECT balance_cents FROM accounts WHERE id = ?), 0) <= 0"];
  const args: InValue[] = [userId, now, now, ...windows.flatMap((w) => [userId, w.start, depositId, depositId, now, userId, w.period]), debtId(userId)];
  plan.guard = { sql: `INSERT INTO deposit_credit_guard (ok) SELECT ${parts.join(' AND ')}`, args };
  return plan;
}

/** The guard aborted the credit: the limits or a break changed under it. */
export const isGuardAbort = (e: unknown) => e instanceof Error && e.message.includes('deposit credit guard');

/**
 * The plan as ledger movements: one transaction, the first carrying the payment's externalRef (so a repeat is a
 * replay), the others derived from it. Returns null when nothing moves (never: a plan covers the whole payment).
 */
export function creditMovement(userId: string, plan: CreditPlan, ref: string, metadata: Record<string, unknown>): Omit<Movement, 'with'> {
  const from = systemId('bitcoin_deposits');
  const parts = [
    { credit: walletId(userId), amountCents: plan.walletCents, code: 'DEPOSIT', suffix: '' },
    { credit: debtId(userId), amountCents: plan.debtCents, code: 'DEBT_REPAID', suffix: ':debt' },
    { credit: heldId(userId), amountCents: plan.heldCents, code: 'DEPOSIT_HELD', suffix: ':held' },
  ].filter((p) => p.amountCents > 0);
  const [first, ...rest] = parts;
  return {
    debit: from, credit: first!.credit, amountCents: first!.amountCents, code: first!.code, externalRef: ref, metadata,
    more: rest.map((p) => ({ debit: from, credit: p.credit, amountCents: p.amountCents, code: p.code, externalRef: `${ref}${p.suffix}`, metadata })),
  };
}
