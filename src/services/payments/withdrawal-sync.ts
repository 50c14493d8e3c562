import type { Client, InStatement } from '@libsql/client';
import { endedMailRow } from './withdrawal-mail';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { systemId, type Ledger } from '../ledger/ledger.types';
import { notificationRow, type Notification } from '../wallet/notifications';
import { PaymentsError, type Payout, type PaymentsProvider } from './payments.port';
import { findWithdrawal, type WithdrawalRow } from './withdrawals';
import { heldSql } from '../compliance/held';
import { renderStored, stored, type StoredText } from '../notices/stored-text';
import { reasonEnglish, reasonInput } from '../notices/reasons';

/** What ending (or starting) a withdrawal changed, for the pushes and e-mail after commit. */
export type WithdrawalChanges = { withdrawal: WithdrawalRow; ended: 'completed' | 'cancelled' | 'failed' | null; note: Notification | null; message: string | null };

/** BTCPay's refusals, in words a player can act on. Their credits are back in the wallet in every case. */
export function refusalMessage(code: string | undefined): string {
  if (code === 'duplicate-destination') return reasonEnglish('api_reason_duplicate_destination');
  if (code === 'overdraft') return reasonEnglish('api_reason_overdraft');
  if (code === 'amount-too-low') return reasonEnglish('api_reason_amount_too_low');
  return reasonEnglish('api_reason_payment_refused');
}

/** What the player is told when a withdrawal ends: where the money went, or where it is back (said in the reader's language). */
export function endedWords(w: WithdrawalRow, how: 'completed' | 'cancelled' | 'failed', reason: string | null): StoredText {
  const why = reason === null ? stored('api_reason_none') : reasonInput(reason);
  // A refund of held deposit money goes back to the held account, never to the wallet.
  if (w.refundOfHeld)
    return how === 'completed'
      ? stored('api_note_refund_sent', { amount: formatCents(w.amountCents) })
      : stored(how === 'cancelled' ? 'api_note_refund_cancelled' : 'api_note_refund_not_sent', { amount: formatCents(w.amountCents), reason: why });
  if (how === 'completed')
    return w.tipCents > 0
      ? stored('api_note_withdrawal_sent_tip', { amount: formatCents(w.amountCents), tip: formatCents(w.tipCents) })
      : stored('api_note_withdrawal_sent', { amount: formatCents(w.amountCents) });
  return stored(how === 'cancelled' ? 'api_note_withdrawal_cancelled' : 'api_note_withdrawal_not_sent', { reason: why, amount: formatCents(w.amountCents + w.tipCents) });
}

/** The same in English (the e-mail and the console). */
export const endedText = (w: WithdrawalRow, how: 'completed' | 'cancelled' | 'failed', reason: string | null): string => renderStored(endedWords(w, how, reason), 'en');

const isNotPending = (e: unknown) => e instanceof AppError && e.errorType === 'HOLD_NOT_PENDING';

/** Ends a withdrawal once: post (completed) or void (cancelled, failed) its hold with the row updates in one transaction. */
export async function endWithdrawal(client: Client, ledger: Ledger, w: WithdrawalRow, how: 'completed' | 'cancelled' | 'failed', reason: string | null, proof: Record<string, unknown> | null, now: number): Promise<WithdrawalChanges | null> {
  const { stmt, note } = notificationRow(w.userId, how === 'completed' ? 'WITHDRAWAL_SENT' : 'WITHDRAWAL_CANCELLED', endedWords(w, how, reason), now);
  const text = note.content;
  const txid = typeof proof?.transactionId === 'string' ? proof.transactionId : typeof proof?.id === 'string' ? proof.id : null;
  const rows = (): InStatement[] => [
    // An ended withdrawal stays ended: of two runs ending it, the ledger lets one settle the hold (unique pending_id).
    { sql: `UPDATE withdrawals SET status = ?, reason = ?, proof = ?, updated_at = ? WHERE id = ? AND status IN ('creating', 'pending', 'cancelling')`,
      args: [how, reason, proof ? JSON.stringify(proof) : null, now, w.id] },
    { sql: `UPDATE transactions SET status = ?, order_id = coalesce(?, order_id) WHERE id = ?`, args: [how, txid ?? w.payoutId, w.historyId] },
    stmt,
    // Its e-mail, queued with the post or void: a crash after the commit loses neither.
    endedMailRow(w, how, reason, now),
  ];
  try {
    if (how === 'completed') await ledger.post(w.holdId, { with: rows });
    else await ledger.void(w.holdId, { with: rows });
  } catch (e) {
    if (isNotPending(e)) return null; // another run ended it first
    throw e;
  }
  // The tip was held with the amount; once sent it belongs to the tips account.
  if (how === 'completed' && w.tipCents > 0)
    await ledger.transfer({ debit: systemId('bitcoin_withdrawals'), credit: systemId('tips'), amountCents: w.tipCents, code: 'TIP', externalRef: `withdrawal-tip:${w.id}`, metadata: { withdrawalId: w.id } });
  return { withdrawal: { ...w, status: how, reason }, ended: how, note, message: text };
}

/** Settles the tip of a completed withdrawal whose process stopped between the post and the tip (idempotent). */
export async function settleTip(ledger: Ledger, w: WithdrawalRow) {
  if (w.status === 'completed' && w.tipCents > 0)
    await ledger.transfer({ debit: systemId('bitcoin_withdrawals'), credit: systemId('tips'), amountCents: w.tipCents, code: 'TIP', externalRef: `withdrawal-tip:${w.id}`, metadata: { withdrawalId: w.id } });
}

/** Acts on a payout as BTCPay reports it now (never on a webhook body). */
export async function applyPayout(client: Client, ledger: Ledger, w: WithdrawalRow, p: Payout, now = Date.now()): Promise<WithdrawalChanges | null> {
  if (w.status !== 'pending' && w.status !== 'creating') return null;
  if (p.state === 'Completed') return endWithdrawal(client, ledger, w, 'completed', null, p.paymentProof, now);
  if (p.state === 'Cancelled') return endWithdrawal(client, ledger, w, 'cancelled', reasonEnglish('api_reason_payout_cancelled'), null, now);
  await client.execute({ sql: `UPDATE withdrawals SET payout_state = ?, updated_at = ? WHERE id = ?`, args: [p.state, now, w.id] });
  return null;
}

export type SubmitOptions = { autoApproveCents: number; retryMs: number; now?: number };

/** The payout state of a withdrawal whose payout is being asked for right now (by some process). */
export const SUBMITTING = 'Submitting';
/** The payout state of a withdrawal whose payout an operator is approving right now. */
export const APPROVING = 'Approving';
// An attempt marked SUBMITTING (or APPROVING) this long ago died with its process (BTCPay calls time out well before).
export const SUBMIT_STALE_MS = 60_000;

/**
 * Claims one attempt at the payout: of the request and reconciliation runs on any instance reading the same row at
 * once, the database lets exactly one through (attempts compared and set), and none while an attempt is in flight.
 * Nor any while the withdrawal is held for review: the hold is read in this same update, so a case that opened an
 * instant before stops it, and one that clears lets the next run through.
 */
async function claimAttempt(client: Client, w: WithdrawalRow, now: number): Promise<boolean> {
  const r = await client.execute({
    sql: `UPDATE withdrawals SET attempts = attempts + 1, payout_state = ?, updated_at = ?
          WHERE id = ? AND status = 'creating' AND attempts = ? AND (payout_state IS NULL OR updated_at <= ?) AND NOT ${heldSql('withdrawals')}`,
    args: [SUBMITTING, now, w.id, w.attempts, now - SUBMIT_STALE_MS],
  });
  return r.rowsAffected === 1;
}

/** Of the payouts BTCPay holds for one withdrawal, the one to adopt: a live one before a cancelled one. */
export const livePayout = (found: Payout[]): Payout | undefined => found.find((p) => p.state !== 'Cancelled') ?? found[0];

/**
 * Creates the withdrawal's payout at most once: one attempt at a time (claimAttempt), and a retry first looks for a
 * payout carrying our withdrawal id and adopts it. A refusal ends the withdrawal (credits back). BTCPay unreachable
 * (or its answer lost) leaves it to be tried again; once `retryMs` has passed, the credits go back only after BTCPay
 * has said it holds no payout for this withdrawal.
 */
export async function submitPayout(client: Client, ledger: Ledger, provider: PaymentsProvider, w: WithdrawalRow, o: SubmitOptions): Promise<WithdrawalChanges | null> {
  const now = o.now ?? Date.now();
  if (w.status !== 'creating') return null;
  if (!(await claimAttempt(client, w, now))) return null;
  const late = now - w.createdAt > o.retryMs;
  let payout: Payout | undefined;
  try {
    if (w.attempts > 0) payout = livePayout(await provider.findPayoutsByWithdrawalId(w.id));
    if (!payout && late && w.attempts > 0) return endWithdrawal(client, ledger, w, 'failed', reasonEnglish('api_reason_payment_unreachable'), null, now);
    payout ??= await provider.createPayout({
      withdrawalId: w.id, destination: w.destination, payoutMethodId: w.currency, amountBtc: w.btcAmount,
      approved: w.autoApproved ?? w.amountCents <= o.autoApproveCents,
    });
  } catch (e) {
    if (!(e instanceof PaymentsError)) throw e;
    if (e.kind === 'refused') return endWithdrawal(client, ledger, w, 'failed', refusalMessage(e.code), null, now);
    // This attempt is over: the next run may try again at once (and will look for a payout first).
    await client.execute({ sql: `UPDATE withdrawals SET payout_state = NULL WHERE id = ? AND status = 'creating' AND payout_state = ?`, args: [w.id, SUBMITTING] });
    return null;
  }
  const made = await client.execute({
    sql: `UPDATE withdrawals SET payout_id = ?, payout_state = ?, status = 'pending', updated_at = ? WHERE id = ? AND status = 'creating'`,
    args: [payout.id, payout.state, now, w.id],
  });
  if (made.rowsAffected !== 1) {
    // The withdrawal ended while this attempt was out (an operator took over an attempt that looked dead):
    // the payout must not go out for credits that are back in the wallet.
    await provider.cancelPayout(payout.id).catch(() => {});
    return null;
  }
  await client.execute({ sql: `UPDATE transactions SET order_id = ? WHERE id = ?`, args: [payout.id, w.historyId] });
  const fresh = await findWithdrawal(client, 'w.id = ?', [w.id]);
  return fresh ? applyPayout(client, ledger, fresh, payout, now) : null;
}
