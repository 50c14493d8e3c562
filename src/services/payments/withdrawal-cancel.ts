import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { Ledger } from '../ledger/ledger.types';
import { PaymentsError, type PaymentsProvider } from './payments.port';
import { APPROVING, endWithdrawal, SUBMIT_STALE_MS, SUBMITTING, type WithdrawalChanges } from './withdrawal-sync';
import { findWithdrawal, type WithdrawalRow } from './withdrawals';

/**
 * Claims an open withdrawal for cancelling: one conditional update, so of an operator's reject, a second reject and a
 * payout being created or approved at that moment, exactly one goes ahead. A payout attempt or an approval in flight
 * keeps the row (until it looks dead); once claimed, no payout can be created for it.
 */
export async function claimCancel(client: Client, id: string, reason: string, now: number): Promise<WithdrawalRow> {
  for (let attempt = 0; ; attempt++) {
    const r = await client.execute({
      sql: `UPDATE withdrawals SET status = 'cancelling', reason = ?, updated_at = ?
            WHERE id = ? AND status IN ('creating', 'pending') AND (payout_state IS NULL OR payout_state NOT IN (?, ?) OR updated_at <= ?)`,
      args: [reason, now, id, SUBMITTING, APPROVING, now - SUBMIT_STALE_MS],
    });
    const w = await findWithdrawal(client, 'w.id = ?', [id]);
    if (!w) throw AppError.notFound('Withdrawal not found');
    if (r.rowsAffected === 1) return w;
    const open = w.status === 'creating' || w.status === 'pending';
    // The payout step that held the row finished between the claim and this read: the withdrawal is open and free
    // again, so the reject tries its claim once more rather than call an open withdrawal closed.
    if (open && w.payoutState !== SUBMITTING && w.payoutState !== APPROVING && attempt < 2) continue;
    if (w.payoutState === SUBMITTING && w.status === 'creating') throw AppError.conflict('The payout is being created right now. Try again in a minute.', 'INVALID_STATE');
    if (w.payoutState === APPROVING) throw AppError.conflict('The payout is being approved right now. Try again in a minute.', 'INVALID_STATE');
    throw AppError.conflict('Only an open withdrawal can be rejected.', 'INVALID_STATE');
  }
}

/**
 * Finishes a claimed cancel: every payout BTCPay holds for the withdrawal (the recorded one, and any an earlier
 * attempt may have made without our hearing of it) is cancelled there, then the hold is voided. A payout already being
 * sent cannot be cancelled: the withdrawal goes back to pending and the payout's own ending settles it. BTCPay
 * unreachable leaves the row cancelling, for reconciliation to finish.
 */
export async function finishCancel(client: Client, ledger: Ledger, provider: PaymentsProvider, w: WithdrawalRow, now: number): Promise<WithdrawalChanges | null> {
  if (w.status !== 'cancelling') return null;
  const ids = new Set<string>(w.payoutId ? [w.payoutId] : []);
  if (w.attempts > 0) for (const p of await provider.findPayoutsByWithdrawalId(w.id)) if (p.state !== 'Cancelled') ids.add(p.id);
  for (const payoutId of ids) {
    try {
      await provider.cancelPayout(payoutId);
    } catch (e) {
      if (!(e instanceof PaymentsError)) throw e;
      if (e.kind === 'not-found') continue;
      if (e.kind === 'unavailable') throw e;
      const p = await provider.getPayout(payoutId);
      if (p?.state === 'Cancelled') continue;
      await client.execute({
        sql: `UPDATE withdrawals SET status = 'pending', reason = NULL, payout_id = coalesce(payout_id, ?), payout_state = ?, updated_at = ? WHERE id = ? AND status = 'cancelling'`,
        args: [payoutId, p?.state ?? w.payoutState, now, w.id],
      });
      throw AppError.conflict(text(m.api_payout_sending), 'INVALID_STATE');
    }
  }
  return endWithdrawal(client, ledger, w, 'cancelled', w.reason, null, now);
}
