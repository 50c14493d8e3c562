import type { Client, InStatement } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { walletId, systemId, type Ledger } from '../ledger/ledger.types';
import { queueMailToPlayer } from '../mail/mail-queue';
import { readableId } from '../wallet/readable-id';
import { notificationRow, type Notification } from '../wallet/notifications';
import { stored } from '../notices/stored-text';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { btcWithinCents } from './btc-amount';
import type { PaymentMethodId, PaymentsProvider } from './payments.port';
import type { Destination } from './withdraw-destination';
import { heldSql } from '../compliance/held';

/** A withdrawal's states, in the order it moves through them. */
export const WITHDRAWAL_STATUSES = ['creating', 'pending', 'cancelling', 'completed', 'cancelled', 'failed'] as const;

/**
 * A withdrawal not yet ended. Only then does its payout state say something: an ended one keeps the state last read
 * while it was open (a payout that completed straight from AwaitingPayment is never stored as Completed).
 */
export const isOpenWithdrawal = (status: string) => status === 'creating' || status === 'pending' || status === 'cancelling';

export type WithdrawalLimits = { dailyMaxCents: number; maxOpen: number; autoApproveCents: number };

/**
 * Identity before cash-out, as the insert re-checks it (trigger withdrawals_within_identity_limits): the cumulative
 * amount past which a verified identity is needed, and the calendar year's total (from taxYearStart) that needs tax
 * details; null: not required. `link` is where the player puts it right.
 */
export type CashOutLimits = { identityLimitCents: number | null; taxLimitCents: number | null; taxYearStart: number; link: string };

export type WithdrawalRow = {
  id: string; userId: string; email: string; currency: PaymentMethodId; destination: string; amountCents: number; tipCents: number;
  rate: string; btcAmount: string; sendAmount: boolean; holdId: string; payoutId: string | null; payoutState: string | null;
  status: string; reason: string | null; attempts: number; historyId: string; createdAt: number;
  /** Decided on insert; null for rows written before that (then the amount alone decides). */
  autoApproved: boolean | null;
  /** A refund of held deposit money (its hold debits the held account): ended unpaid, the money is held again. */
  refundOfHeld: boolean;
  /** Held for review (an open case of a rule that holds, a frozen cash-out, a sanctioned destination): not sent while so. */
  held: boolean;
};

export const WITHDRAWAL_SQL = `SELECT w.id, w.user_id, u.email, w.currency, w.destination, w.amount_cents, w.tip_cents, w.rate, w.btc_amount, w.send_amount,
  w.hold_id, w.payout_id, w.payout_state, w.status, w.reason, w.attempts, w.history_id, w.created_at, w.auto_approved,
  EXISTS (SELECT 1 FROM held_funds h WHERE h.withdrawal_id = w.id) AS refund_of_held, ${heldSql('w')} AS held FROM withdrawals w JOIN users u ON u.id = w.user_id`;

export const toWithdrawal = (r: Record<string, unknown>): WithdrawalRow => ({
  id: String(r.id), userId: String(r.user_id), email: String(r.email), currency: r.currency as PaymentMethodId, destination: String(r.destination),
  amountCents: Number(r.amount_cents), tipCents: Number(r.tip_cents), rate: String(r.rate), btcAmount: String(r.btc_amount), sendAmount: Number(r.send_amount) === 1,
  holdId: String(r.hold_id), payoutId: (r.payout_id as string) ?? null, payoutState: (r.payout_state as string) ?? null, status: String(r.status),
  reason: (r.reason as string) ?? null, attempts: Number(r.attempts), historyId: String(r.history_id), createdAt: Number(r.created_at),
  autoApproved: r.auto_approved == null ? null : Number(r.auto_approved) === 1,
  refundOfHeld: Number(r.refund_of_held) === 1,
  held: Number(r.held) === 1,
});

export async function findWithdrawal(client: Client, where: string, args: (string | number)[]): Promise<WithdrawalRow | null> {
  const r = await client.execute({ sql: `${WITHDRAWAL_SQL} WHERE ${where}`, args });
  return r.rows[0] ? toWithdrawal(r.rows[0] as Record<string, unknown>) : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the trigger withdrawals_within_limits raises when an insert would pass a limit (db/migrations). */
const LIMIT_ERRORS = ['WITHDRAWALS_OPEN_LIMIT', 'WITHDRAWAL_DAILY_LIMIT', 'IDENTITY_REQUIRED', 'TAX_DETAILS_REQUIRED'] as const;
const limitBroken = (e: unknown) => {
  const text = e instanceof Error ? `${e.message} ${e.cause instanceof Error ? e.cause.message : ''}` : '';
  return LIMIT_ERRORS.find((x) => text.includes(x)) ?? null;
};

/**
 * The player's own limits as they stand: withdrawals still open, and what was asked in the last 24 hours. Read first
 * for a quick answer and to word the refusal; the insert re-checks both in the hold's transaction (the trigger).
 */
export async function limitError(client: Client, userId: string, amountCents: number, limits: WithdrawalLimits, now: number, broken?: string): Promise<AppError | null> {
  const r = await client.execute({
    sql: `SELECT count(*) FILTER (WHERE status IN ('creating', 'pending', 'cancelling')) AS open,
            coalesce(sum(amount_cents) FILTER (WHERE status NOT IN ('failed', 'cancelled') AND created_at > ?), 0) AS day
          FROM withdrawals WHERE user_id = ?`,
    args: [now - DAY_MS, userId],
  });
  const open = Number(r.rows[0]?.open ?? 0);
  const day = Number(r.rows[0]?.day ?? 0);
  if (open >= limits.maxOpen || broken === 'WITHDRAWALS_OPEN_LIMIT')
    return AppError.conflict(text(m.api_withdrawals_open, { count: Math.max(open, limits.maxOpen) }), 'WITHDRAWALS_OPEN_LIMIT');
  if (day + amountCents > limits.dailyMaxCents || broken === 'WITHDRAWAL_DAILY_LIMIT')
    return AppError.conflict(text(m.api_withdrawals_daily, { limit: formatCents(limits.dailyMaxCents), left: formatCents(Math.max(0, limits.dailyMaxCents - day)) }), 'WITHDRAWAL_DAILY_LIMIT');
  return null;
}

export type NewWithdrawal = {
  userId: string; currency: PaymentMethodId; destination: Destination; amountCents: number; tipCents: number;
  rate: string; requestRef?: string; provider: PaymentsProvider; limits: WithdrawalLimits; now?: number;
  cashOut?: CashOutLimits;
  /** Statements committed with the hold, given the new withdrawal's id (the compliance screen and its rules). */
  screen?: (id: string, now: number) => InStatement[];
};

/**
 * Holds amount + tip on the wallet and records the withdrawal and its history row in the same transaction: either all
 * of it exists or none. A repeated request (same Idempotency-Key) finds the withdrawal it already made.
 */
/** The refusal of a withdrawal (and its tip) that the wallet's available balance does not cover. */
export const notCovered = (tipCents: number) =>
  AppError.conflict(text(tipCents > 0 ? m.api_withdrawal_not_covered_tip : m.api_withdrawal_not_covered), 'INSUFFICIENT_FUNDS');

export async function recordWithdrawal(client: Client, ledger: Ledger, w: NewWithdrawal): Promise<{ row: WithdrawalRow; replayed: boolean; note: Notification | null }> {
  const now = w.now ?? Date.now();
  // The player's notifications say at once that the money left the wallet, as they say when it is sent or comes back.
  const total = formatCents(w.amountCents + w.tipCents);
  const requested = notificationRow(w.userId, 'WITHDRAWAL_REQUESTED', w.tipCents > 0
    ? stored('api_note_withdrawal_requested_tip', { amount: formatCents(w.amountCents), tip: formatCents(w.tipCents), total })
    : stored('api_note_withdrawal_requested', { amount: formatCents(w.amountCents), total }), now);
  const early = await limitError(client, w.userId, w.amountCents, w.limits, now);
  if (early) throw early;
  const id = Bun.randomUUIDv7();
  const historyId = Bun.randomUUIDv7();
  // Always an explicit amount, never more than the held dollars buy: a BOLT11's own amount (checked to be within
  // them), or the held dollars at the recorded rate.
  const btcAmount = (w.destination.kind === 'bolt11' ? w.destination.amountBtc : null) ?? btcWithinCents(w.amountCents, w.rate);
  let hold;
  try {
    hold = await ledger.hold({
      debit: walletId(w.userId), credit: systemId('bitcoin_withdrawals'), amountCents: w.amountCents + w.tipCents, code: 'WITHDRAW',
      externalRef: w.requestRef ? `withdraw-request:${w.requestRef}` : undefined,
      metadata: { withdrawalId: id, amountCents: w.amountCents, tipCents: w.tipCents },
      with: (holdId) => [
        {
          // The limits ride on the row: the trigger withdrawals_within_limits refuses it (and so the whole hold) when the
          // open count or the day's total would pass them. Auto-approval counts the day's earlier auto-approved
          // withdrawals, so many small requests do not add up to an unapproved large one.
          sql: `INSERT INTO withdrawals (id, user_id, currency, destination, amount_cents, tip_cents, rate, btc_amount, send_amount, hold_id, provider, status,
                  history_id, created_at, updated_at, open_limit, daily_limit_cents, auto_approved, identity_limit_cents, tax_limit_cents, tax_year_start)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 'creating', ?, ?, ?, ?, ?,
                  CASE WHEN ?5 + coalesce((SELECT sum(amount_cents) FROM withdrawals WHERE user_id = ?2 AND auto_approved = 1
                    AND status NOT IN ('failed', 'cancelled') AND created_at > ?), 0) <= ? THEN 1 ELSE 0 END, ?, ?, ?)`,
          args: [id, w.userId, w.currency, w.destination.value, w.amountCents, w.tipCents, w.rate, btcAmount, holdId, w.provider.name, historyId, now, now,
            w.limits.maxOpen, w.limits.dailyMaxCents, now - DAY_MS, w.limits.autoApproveCents,
            w.cashOut?.identityLimitCents ?? null, w.cashOut?.taxLimitCents ?? null, w.cashOut ? w.cashOut.taxYearStart : null],
        },
        {
          sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, transfer_id, created_at) VALUES (?, ?, ?, 'WITHDRAW', 'out', 'pending', ?, NULL, ?, ?)`,
          args: [historyId, readableId(), w.userId, w.amountCents + w.tipCents, holdId, now],
        },
        requested.stmt,
        // The security e-mail every request gets, queued with the hold: a crash after the commit loses neither.
        queueMailToPlayer({ kind: 'withdrawal-requested', userId: w.userId, data: { amountCents: w.amountCents, currency: w.currency, destination: w.destination.value, at: now } }, now),
        // Last: the rules read the withdrawal row and the hold written above.
        ...(w.screen?.(id, now) ?? []),
      ],
    });
  } catch (e) {
    if (e instanceof AppError && e.errorType === 'INSUFFICIENT_FUNDS') throw notCovered(w.tipCents);
    // Another request took the last of a limit between the read above and this hold.
    const broken = limitBroken(e);
    // The caller words it from the player's identity status (see withdrawal-service); this is the plain refusal.
    if (broken === 'IDENTITY_REQUIRED')
      throw new AppError(403, text(m.api_identity_needed), broken, undefined, undefined, w.cashOut?.link);
    if (broken === 'TAX_DETAILS_REQUIRED')
      throw new AppError(403, text(m.api_tax_needed_plain), broken, undefined, undefined, w.cashOut?.link);
    if (broken) throw (await limitError(client, w.userId, w.amountCents, w.limits, now, broken))!;
    throw e;
  }
  const row = await findWithdrawal(client, 'w.hold_id = ?', [hold.id]);
  if (!row) throw new Error('withdrawal: hold without its withdrawal row');
  return { row, replayed: hold.replayed, note: hold.replayed ? null : requested.note };
}
