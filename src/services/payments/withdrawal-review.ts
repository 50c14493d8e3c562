import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { Logger } from '../../lib/logger';
import { errorFields } from '../../lib/redact';
import { heldSql, waitingSql } from '../compliance/held';
import { reasonEnglish } from '../notices/reasons';
import type { WithdrawalScreen } from '../compliance/screen';
import type { Ledger } from '../ledger/ledger.types';
import { btcWithinCents } from './btc-amount';
import { PaymentsError, type PaymentsProvider } from './payments.port';
import { bolt11HasAmount } from './withdraw-destination';
import { finishCancel } from './withdrawal-cancel';
import { APPROVING, SUBMITTING, type WithdrawalChanges } from './withdrawal-sync';
import { findWithdrawal, toWithdrawal, WITHDRAWAL_SQL, type WithdrawalRow } from './withdrawals';

/** Why a withdrawal the player cancelled while it was under review ended (their history and e-mail say it). */
export const CANCELLED_BY_PLAYER = reasonEnglish('api_reason_cancelled_by_player');

/** A withdrawal held for review (services/compliance): its player's cancel, its release, and why it cannot be approved. */
export type ReviewContext = {
  client: Client; ledger: Ledger; provider: PaymentsProvider; logger: Logger; screen?: WithdrawalScreen;
  rateNow: () => Promise<string>;
  report: (c: WithdrawalChanges | null) => WithdrawalChanges | null;
  submit: (w: WithdrawalRow) => Promise<unknown>;
};

/**
 * The player cancels their own withdrawal while it is under review: the same cancel as an operator's reject (nothing
 * is sent; a payout waiting at BTCPay for approval is cancelled there), and amount and tip come back. One conditional
 * update decides it, so a release sending it at that moment and this cancel cannot both win.
 */
export async function cancelHeld(x: ReviewContext, userId: string, id: string): Promise<{ withdrawal: WithdrawalRow; finished: boolean }> {
  const now = Date.now();
  const claimed = await x.client.execute({
    sql: `UPDATE withdrawals SET status = 'cancelling', reason = ?, updated_at = ?
          WHERE id = ? AND user_id = ? AND ${waitingSql('withdrawals')} AND ${heldSql('withdrawals')} AND (payout_state IS NULL OR payout_state NOT IN (?, ?))`,
    args: [CANCELLED_BY_PLAYER, now, id, userId, SUBMITTING, APPROVING],
  });
  const w = await findWithdrawal(x.client, 'w.id = ? AND w.user_id = ?', [id, userId]);
  if (!w) throw AppError.notFound(text(m.api_withdrawal_not_found));
  if (claimed.rowsAffected !== 1) throw AppError.conflict(text(m.api_withdrawal_not_under_review), 'INVALID_STATE');
  try {
    const c = x.report(await finishCancel(x.client, x.ledger, x.provider, w, now));
    return { withdrawal: c?.withdrawal ?? w, finished: true };
  } catch (e) {
    // BTCPay did not answer about a payout waiting there: the cancel stands, and reconciliation finishes it.
    if (e instanceof PaymentsError && e.kind === 'unavailable') return { withdrawal: w, finished: false };
    throw e;
  }
}

/** Priced again at today's rate, for a withdrawal never tried that waited under review (it may have waited days). */
async function repriced(x: ReviewContext, w: WithdrawalRow): Promise<WithdrawalRow> {
  if (w.attempts > 0 || (w.currency === 'BTC-LN' && bolt11HasAmount(w.destination))) return w;
  const rate = await x.rateNow();
  await x.client.execute({
    sql: `UPDATE withdrawals SET rate = ?, btc_amount = ?, updated_at = ? WHERE id = ? AND status = 'creating' AND attempts = 0`,
    args: [rate, btcWithinCents(w.amountCents, rate), Date.now(), w.id],
  });
  return (await findWithdrawal(x.client, 'w.id = ?', [w.id])) ?? w;
}

/**
 * Sends on the player's withdrawals that no case or freeze holds any more, as any other would be sent, priced at
 * today's rate unless a Lightning invoice names its own amount. Whatever cannot be sent now, reconciliation sends.
 */
export async function releaseHeld(x: ReviewContext, userId: string): Promise<void> {
  const r = await x.client.execute({ sql: `${WITHDRAWAL_SQL} WHERE w.user_id = ? AND w.status = 'creating' ORDER BY w.created_at`, args: [userId] });
  for (const row of r.rows) {
    const w = toWithdrawal(row as Record<string, unknown>);
    if (w.held) continue;
    try {
      await x.submit(await repriced(x, w));
    } catch (e) {
      x.logger.info('released withdrawal not sent yet', { withdrawalId: w.id, ...errorFields(e) });
    }
  }
}

/**
 * Why an operator cannot approve a held withdrawal. Its destination on the sanctions list (loaded since it was asked
 * for) is a hit like the request's would have been: a case of the highest severity, the cash-out frozen.
 */
export async function heldRefusal(x: ReviewContext, w: WithdrawalRow): Promise<AppError> {
  const key = x.screen?.keyOf(w.currency, w.destination) ?? null;
  if (x.screen && (await x.screen.listed({ userId: w.userId, currency: w.currency, destination: w.destination, key, amountCents: w.amountCents, withdrawalId: w.id }, 'operator approval')))
    return AppError.conflict('This withdrawal cannot be sent: its destination is on the sanctions list. The player\'s cash-out is frozen and a case is open on the Cases page.', 'SANCTIONED_DESTINATION');
  return AppError.conflict('This withdrawal is held for review: clear its player\'s case on the Cases page (or unfreeze their cash-out) first.', 'UNDER_REVIEW');
}
