import { AppError } from '../../lib/app-error';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { formatCents } from '../../shared/money';
import { VERIFY_PATH, type IdentityContext } from './identity.context';
import { latestSubmission } from './submissions';
import { taxDetails, yearWindow } from './tax';
import { stateText } from './us-states';
import { reasonText } from '../notices/reasons';
import type { CashOutLimits } from '../payments/withdrawals';

// Withdrawals that count toward a total: every one not cancelled or refused.
const COUNTED = `SELECT coalesce(sum(amount_cents), 0) AS n FROM withdrawals WHERE user_id = ? AND status NOT IN ('cancelled', 'failed')`;

/** The player's state for RESTRICTED_STATES: their verified address, else what they gave at registration. */
async function playerState(ctx: IdentityContext, userId: string): Promise<string | null> {
  const r = await ctx.client.execute({
    sql: `SELECT coalesce((SELECT state FROM identity_submissions WHERE user_id = ? AND status = 'verified' ORDER BY decided_at DESC LIMIT 1),
            (SELECT registered_state FROM users WHERE id = ?)) AS state`,
    args: [userId, userId],
  });
  return r.rows[0]?.state == null ? null : String(r.rows[0].state);
}

export async function assertStateAllowed(ctx: IdentityContext, userId: string, what: 'Withdrawals' | 'Deposits'): Promise<void> {
  if (!ctx.restrictedStates.length) return;
  const state = await playerState(ctx, userId);
  if (state && ctx.restrictedStates.includes(state))
    throw new AppError(403, text(what === 'Withdrawals' ? m.api_state_no_withdrawals : m.api_state_no_deposits, { state: stateText(state), code: state }), 'STATE_RESTRICTED');
}

/** Whether a withdrawal of `amountCents` needs a verified identity first, under IDENTITY_REQUIRED_FOR. */
export async function identityNeeded(ctx: IdentityContext, userId: string, amountCents: number): Promise<boolean> {
  const req = ctx.requiredFor;
  if (req.kind === 'none') return false;
  if (req.kind === 'withdrawal') return true;
  const r = await ctx.client.execute({ sql: COUNTED, args: [userId] });
  return Number(r.rows[0]!.n) + amountCents > req.cents;
}

/** Whether a withdrawal of `amountCents` takes this calendar year's total (UTC) to the tax threshold or past it. */
export async function taxDetailsNeeded(ctx: IdentityContext, userId: string, amountCents: number): Promise<boolean> {
  const [from, to] = yearWindow(new Date(ctx.now()).getUTCFullYear());
  const r = await ctx.client.execute({ sql: `${COUNTED} AND created_at >= ? AND created_at < ?`, args: [userId, from, to] });
  return Number(r.rows[0]!.n) + amountCents >= ctx.taxThresholdCents;
}

/**
 * Refuses a withdrawal from a restricted state, one that needs a verified identity the player does not have yet,
 * or one that reaches the year's tax threshold without tax details. Deposits, play and P2P stay open.
 */
export async function assertMayWithdraw(ctx: IdentityContext, userId: string, amountCents: number): Promise<CashOutLimits> {
  await assertStateAllowed(ctx, userId, 'Withdrawals');
  if (await identityNeeded(ctx, userId, amountCents)) {
    const s = await latestSubmission(ctx, userId);
    if (s?.status !== 'verified') {
      const why: Text = s?.status === 'submitted'
        ? text(m.api_identity_in_review)
        : s?.status === 'rejected'
          ? text(m.api_identity_rejected, { reason: reasonText(s.reason ?? '') })
          : text(m.api_identity_needed);
      throw new AppError(403, why, 'IDENTITY_REQUIRED', undefined, undefined, VERIFY_PATH);
    }
  }
  if ((await taxDetailsNeeded(ctx, userId, amountCents)) && !(await taxDetails(ctx, userId)))
    throw new AppError(403, text(m.api_tax_needed, { amount: formatCents(ctx.taxThresholdCents) }), 'TAX_DETAILS_REQUIRED', undefined, undefined, VERIFY_PATH);
  return cashOutLimits(ctx);
}

/** The thresholds as the withdrawal's insert re-checks them, in the transaction that holds the money. */
export function cashOutLimits(ctx: IdentityContext): CashOutLimits {
  const req = ctx.requiredFor;
  return {
    identityLimitCents: req.kind === 'none' ? null : req.kind === 'withdrawal' ? 0 : req.cents,
    taxLimitCents: ctx.taxThresholdCents,
    taxYearStart: yearWindow(new Date(ctx.now()).getUTCFullYear())[0],
    link: VERIFY_PATH,
  };
}
