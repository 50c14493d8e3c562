import type { InStatement } from '@libsql/client';
import { UNDER_REVIEW } from '../../shared/under-review';

export { UNDER_REVIEW };

/**
 * Whether the withdrawal row `w` is held, in SQL: its player has an open case of a rule that holds, or a frozen
 * cash-out, or it goes to a sanctioned destination. Every step that would send it to the payment provider (the
 * payout's creation, an operator's approval) puts this in its own conditional update, so no read-then-act can let
 * one through while a case opens.
 */
export const heldSql = (w: string) => `(EXISTS (SELECT 1 FROM compliance_cases hc WHERE hc.user_id = ${w}.user_id AND hc.status = 'open' AND hc.holds = 1)
  OR EXISTS (SELECT 1 FROM cash_out_freezes hf WHERE hf.user_id = ${w}.user_id)
  OR EXISTS (SELECT 1 FROM withdrawal_screens hs JOIN sanctioned_addresses ha ON ha.address = hs.destination_key WHERE hs.withdrawal_id = ${w}.id))`;

/** A withdrawal that has not reached the provider yet, or whose payout there waits for an operator's approval. */
export const waitingSql = (w: string) => `(${w}.status = 'creating' OR (${w}.status = 'pending' AND ${w}.payout_state = 'AwaitingApproval'))`;

/** The player's waiting withdrawals that are now held read "under review" in their history. */
export const markUnderReview = (userId: string): InStatement => ({
  sql: `UPDATE transactions SET status = '${UNDER_REVIEW}' WHERE status = 'pending'
        AND id IN (SELECT w.history_id FROM withdrawals w WHERE w.user_id = ? AND ${waitingSql('w')} AND ${heldSql('w')})`,
  args: [userId],
});

/** Those no longer held read "pending" again (they are sent as any other). */
export const unmarkReleased = (userId: string): InStatement => ({
  sql: `UPDATE transactions SET status = 'pending' WHERE status = '${UNDER_REVIEW}'
        AND id IN (SELECT w.history_id FROM withdrawals w WHERE w.user_id = ? AND NOT ${heldSql('w')})`,
  args: [userId],
});
