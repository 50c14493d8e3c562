import type { Client, InStatement, Row } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { heldId, systemId, walletId, type Ledger } from '../ledger/ledger.types';
import { btcForCents } from '../payments/btc-amount';
import type { WithdrawalService } from '../payments/withdrawal-service';
import { readableId } from '../wallet/readable-id';
import { notificationRow, type Notification } from '../wallet/notifications';
import { stored } from '../notices/stored-text';
import { auditStatement, type Actor } from './audit';
import { normaliseAddress } from '../compliance/destination-key';
import { isListed, recordSanctioned } from '../compliance/sanctions';

export type HeldItem = {
  id: string; userId: string; email: string; depositId: string; amountCents: number; reason: string; status: string;
  withdrawalId: string | null; withdrawalStatus: string | null; refundAddress: string | null; resolvedBy: string | null; resolvedAt: number | null; createdAt: number;
};

const ITEM_SQL = `SELECT h.id, h.user_id, u.email, h.deposit_id, h.amount_cents, h.reason, h.status, h.withdrawal_id, w.status AS withdrawal_status,
  h.refund_address, h.resolved_by, h.resolved_at, h.created_at FROM held_funds h JOIN users u ON u.id = h.user_id LEFT JOIN withdrawals w ON w.id = h.withdrawal_id`;

const toItem = (r: Row): HeldItem => ({
  id: String(r.id), userId: String(r.user_id), email: String(r.email), depositId: String(r.deposit_id), amountCents: Number(r.amount_cents),
  reason: String(r.reason), status: String(r.status), withdrawalId: r.withdrawal_id == null ? null : String(r.withdrawal_id),
  withdrawalStatus: r.withdrawal_status == null ? null : String(r.withdrawal_status), refundAddress: r.refund_address == null ? null : String(r.refund_address),
  resolvedBy: r.resolved_by == null ? null : String(r.resolved_by), resolvedAt: r.resolved_at == null ? null : Number(r.resolved_at), createdAt: Number(r.created_at),
});

/**
 * Whether a held payment can still be released or refunded: it is held, or its refund's payout was cancelled or
 * failed (the payout's hold was voided, so the money is back in the held account).
 */
const SETTLEABLE = `(status = 'held' OR (status = 'refunded' AND (SELECT w.status FROM withdrawals w WHERE w.id = held_funds.withdrawal_id) IN ('cancelled', 'failed')))`;
const settleable = (h: HeldItem) => h.status === 'held' || (h.status === 'refunded' && (h.withdrawalStatus === 'cancelled' || h.withdrawalStatus === 'failed'));

/** A player's held payments, newest first (every state). */
export async function listHeld(client: Client, userId: string): Promise<HeldItem[]> {
  const r = await client.execute({ sql: `${ITEM_SQL} WHERE h.user_id = ? ORDER BY h.created_at DESC, h.id DESC LIMIT 100`, args: [userId] });
  return r.rows.map(toItem);
}

/** Every held payment still waiting for an operator, oldest first; and every player who owes from a reversed deposit. */
export async function heldQueue(client: Client) {
  const [held, debts] = await client.batch([
    { sql: `${ITEM_SQL} WHERE h.status = 'held' ORDER BY h.created_at, h.id LIMIT 200`, args: [] },
    `SELECT a.user_id, u.email, -a.balance_cents AS owed FROM accounts a JOIN users u ON u.id = a.user_id WHERE a.id LIKE 'd:%' AND a.balance_cents < 0 ORDER BY a.balance_cents LIMIT 200`,
  ], 'read');
  return {
    held: held!.rows.map(toItem),
    debts: debts!.rows.map((r) => ({ userId: String(r.user_id), email: String(r.email), owedCents: Number(r.owed) })),
  };
}

async function mustFind(client: Client, userId: string, id: string): Promise<HeldItem> {
  const r = await client.execute({ sql: `${ITEM_SQL} WHERE h.id = ? AND h.user_id = ?`, args: [id, userId] });
  if (!r.rows[0]) throw new AppError(404, 'Held payment not found', 'NOT_FOUND');
  const h = toItem(r.rows[0]);
  if (!settleable(h)) throw AppError.conflict(`This held payment was already ${h.status}.`, 'HELD_SETTLED');
  return h;
}

/**
 * The held_funds row changes in the money's own transaction, only from a settleable state: of two operators acting
 * on one held payment at once, the second's transaction aborts (held_funds_guard) and moves nothing.
 */
const claim = (id: string, set: string, args: (string | number | null)[]): InStatement[] => [
  { sql: `UPDATE held_funds SET ${set} WHERE id = ? AND ${SETTLEABLE}`, args: [...args, id] },
  'INSERT INTO held_funds_guard (ok) SELECT changes() = 1',
];
const settledRace = (e: unknown) => e instanceof Error && e.message.includes('held funds guard');

/** Moves a held payment into the player's wallet, with its history, notification and audit row. */
export async function releaseHeld(client: Client, ledger: Ledger, actor: Actor, userId: string, id: string, reason: string, now = Date.now()) {
  const h = await mustFind(client, userId, id);
  const { stmt, note } = notificationRow(userId, 'DEPOSIT_RELEASED', stored('api_note_held_released', { amount: formatCents(h.amountCents) }), now);
  try {
    const t = await ledger.transfer({
      debit: heldId(userId), credit: walletId(userId), amountCents: h.amountCents, code: 'HELD_RELEASE', metadata: { heldFundsId: id, operator: actor.id },
      with: (transferId) => [
        ...claim(id, 'status = ?, resolved_by = ?, resolved_at = ?', ['released', actor.id, now]),
        { sql: `UPDATE transactions SET status = 'released' WHERE id = (SELECT history_id FROM held_funds WHERE id = ?)`, args: [id] },
        stmt,
        auditStatement(actor, { action: 'held.release', targetType: 'user', targetId: userId, reason,
          before: { heldFundsId: id, status: h.status }, after: { status: 'released', amountCents: h.amountCents, transferId } }, now),
      ],
    });
    return { transfer: t, note: note as Notification };
  } catch (e) {
    if (settledRace(e)) throw AppError.conflict('This held payment was settled by someone else just now.', 'HELD_SETTLED');
    throw e;
  }
}

/**
 * Refunds a held payment as a Bitcoin payout to the address the player gave: a withdrawal whose hold debits the
 * held account instead of the wallet, so the payout path (BTCPay payout, webhook, reconciliation, cancel) is the
 * withdrawals' own. If the payout is cancelled or fails its hold is voided, the money is back in the held account
 * and the payment can be released or refunded again.
 */
export async function refundHeld(client: Client, ledger: Ledger, withdrawals: WithdrawalService, actor: Actor, userId: string, id: string, address: string, reason: string, now = Date.now()) {
  const destination = withdrawals.checkAddress(address);
  const h = await mustFind(client, userId, id);
  // A refund is a payout like a withdrawal: never to a sanctioned address (the same case and frozen cash-out).
  const key = normaliseAddress(destination.value);
  if (await isListed(client, key)) {
    await recordSanctioned(client, { userId, ref: `refund:${id}`, destination: destination.value, key, currency: 'BTC-CHAIN', amountCents: h.amountCents, at: now, via: 'refund of held money' });
    throw AppError.conflict('This refund cannot be sent: the address is on the sanctions list. The player\'s cash-out is frozen and a case is open on the Cases page.', 'SANCTIONED_DESTINATION');
  }
  const rate = await withdrawals.rate();
  const withdrawalId = Bun.randomUUIDv7();
  const historyId = Bun.randomUUIDv7();
  const { stmt, note } = notificationRow(userId, 'DEPOSIT_REFUNDED', stored('api_note_held_refunded', { amount: formatCents(h.amountCents), destination: destination.value }), now);
  try {
    await ledger.hold({
      debit: heldId(userId), credit: systemId('bitcoin_withdrawals'), amountCents: h.amountCents, code: 'WITHDRAW',
      metadata: { withdrawalId, heldFundsId: id, amountCents: h.amountCents, tipCents: 0 },
      with: (holdId) => [
        ...claim(id, 'status = ?, withdrawal_id = ?, refund_address = ?, resolved_by = ?, resolved_at = ?', ['refunded', withdrawalId, destination.value, actor.id, now]),
        { sql: `INSERT INTO withdrawals (id, user_id, currency, destination, amount_cents, tip_cents, rate, btc_amount, send_amount, hold_id, provider, status, history_id, created_at, updated_at, auto_approved)
                VALUES (?, ?, 'BTC-CHAIN', ?, ?, 0, ?, ?, 1, ?, ?, 'creating', ?, ?, ?, 1)`,
          args: [withdrawalId, userId, destination.value, h.amountCents, rate, btcForCents(h.amountCents, rate), holdId, withdrawals.providerName, historyId, now, now] },
        { sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, transfer_id, created_at) VALUES (?, ?, ?, 'WITHDRAW', 'out', 'pending', ?, NULL, ?, ?)`,
          args: [historyId, readableId(), userId, h.amountCents, holdId, now] },
        // Its destination as the network reads it, screened with every other withdrawal's (services/compliance).
        { sql: `INSERT INTO withdrawal_screens (withdrawal_id, user_id, destination_key, entry_mark, created_at) VALUES (?, ?, ?, NULL, ?)`, args: [withdrawalId, userId, key, now] },
        { sql: `UPDATE transactions SET status = 'refunded' WHERE id = (SELECT history_id FROM held_funds WHERE id = ?)`, args: [id] },
        stmt,
        auditStatement(actor, { action: 'held.refund', targetType: 'user', targetId: userId, reason,
          before: { heldFundsId: id, status: h.status }, after: { status: 'refunded', amountCents: h.amountCents, withdrawalId, address: destination.value } }, now),
      ],
    });
  } catch (e) {
    if (settledRace(e)) throw AppError.conflict('This held payment was settled by someone else just now.', 'HELD_SETTLED');
    throw e;
  }
  const withdrawal = await withdrawals.submitRecorded(withdrawalId);
  return { withdrawal, note: note as Notification };
}
