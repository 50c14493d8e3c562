import type { Client } from '@libsql/client';
import { firstRowOf } from '../../../db/raw-reads';
import { AppError } from '../../lib/app-error';
import { formatCents, type Cents } from '../../shared/money';
import { walletId } from '../ledger/ledger.types';
import type { Ledger } from '../ledger/ledger.types';
import { historyRows, readableId } from './history';
import { notificationRows, type Notification } from './notifications';
import { assertMayPlay } from '../protection/restrictions';
import { assertNotInDebt } from '../protection/debt';
import { queueMailRow } from '../mail/mail-queue';

export type Sender = { userId: string; email: string };
export type P2PResult = {
  transferId: string;
  /** The sender's transaction ID (its history row), for the receipt. */
  transactionUuid: string;
  replayed: boolean;
  receiver: { userId: string; email: string };
  /** Available balances just after the transfer; null on a replay, where the caller reads them afresh. */
  senderAvailableCents: number | null;
  receiverAvailableCents: number | null;
  notes: { sender: Notification; receiver: Notification };
  /** The receiver's name and Player ID as read for this transfer, for the receipt without another read. */
  receiverShown: { name: string | null; playerId: number };
  /** When it was written (the receipt's time). */
  createdAt: number;
};

// The same answer whether the address is unknown or unverified, so the form cannot probe for accounts.
export const NO_RECEIVER = 'No verified player was found with this email.';

/** Moves credits from one player's wallet to another's, with both history rows and notifications, atomically. */
export async function sendCredits(
  client: Client, ledger: Ledger, sender: Sender, email: string, amountCents: Cents, externalRef?: string, now = Date.now(),
  /** Runs once the receiver is known and before anything moves (the two-step code check). */
  stepUp?: () => Promise<unknown>,
): Promise<P2PResult> {
  const to = email.trim().toLowerCase();
  // The checks and the receiver are read together (on a libSQL server they share one request); their errors
  // still come in this order: a cool-off or self-exclusion, then a debt, then the address.
  const [mayPlay, notInDebt, found, label] = await Promise.allSettled([
    assertMayPlay(client, sender.userId, now),
    assertNotInDebt(client, sender.userId),
    firstRowOf(client)('SELECT id, email, email_verified_at, name, player_id FROM users WHERE lower(email) = ?', [to]),
    senderLabel(client, sender.userId),
  ]);
  if (mayPlay.status === 'rejected') throw mayPlay.reason;
  if (notInDebt.status === 'rejected') throw notInDebt.reason;
  if (to === sender.email.toLowerCase())
    throw AppError.invalid([{ field: 'email', message: 'You cannot send credits to yourself.' }]);
  if (found.status === 'rejected') throw found.reason;
  const row = found.value;
  if (!row || row[2] == null)
    throw new AppError(404, NO_RECEIVER, 'RECEIVER_NOT_FOUND', [{ field: 'email', message: NO_RECEIVER }]);
  const [receiverId, receiverEmail, , receiverName, receiverPlayerId] = row;
  const receiver = { userId: String(receiverId), email: String(receiverEmail) };
  if (label.status === 'rejected') throw label.reason;
  const from = label.value;
  await stepUp?.();
  const shown = formatCents(amountCents);
  const senderUuid = readableId();
  const notes = notificationRows([
    { userId: sender.userId, type: 'P2P_SENT', content: `You sent ${shown} to ${receiver.email}.` },
    { userId: receiver.userId, type: 'P2P_RECEIVED', content: `You received ${shown} from ${from}.` },
  ], now);
  const transfer = await ledger.transfer({
    debit: walletId(sender.userId),
    credit: walletId(receiver.userId),
    amountCents,
    code: 'P2P',
    externalRef,
    metadata: { from: sender.userId, to: receiver.userId },
    with: (transferId) => [
      historyRows([
        { userId: sender.userId, type: 'P2P', direction: 'out', status: 'completed', amountCents, transferId, counterparty: receiver.email, uuid: senderUuid },
        { userId: receiver.userId, type: 'P2P', direction: 'in', status: 'completed', amountCents, transferId, counterparty: from },
      ], now),
      notes.stmt,
      // The receiver's e-mail, in the same transaction: sent by the mail queue once this commits, lost by no crash.
      queueMailRow({ kind: 'p2p-received', to: receiver.email, data: { content: notes.notes[1]!.content, transferId } }, now),
      // Both new balances, read inside the same transaction, for the answer and the pushes.
      { sql: 'SELECT id, balance_cents - pending_cents AS available FROM accounts WHERE id IN (?, ?)', args: [walletId(sender.userId), walletId(receiver.userId)] },
    ],
  });
  const rows = transfer.withResults?.at(-1)?.rows ?? [];
  const availableOf = (userId: string) => {
    const row = rows.find((r) => r.id === walletId(userId));
    return row ? Number(row.available) : null;
  };
  // A replay wrote nothing now: its row is the one the first attempt wrote.
  const transactionUuid = transfer.replayed ? await senderRowUuid(client, sender.userId, transfer.id) : senderUuid;
  return {
    transferId: transfer.id, transactionUuid, replayed: transfer.replayed, receiver,
    senderAvailableCents: availableOf(sender.userId), receiverAvailableCents: availableOf(receiver.userId),
    notes: { sender: notes.notes[0]!, receiver: notes.notes[1]! },
    createdAt: now,
    receiverShown: { name: receiverName == null ? null : String(receiverName).trim() || null, playerId: Number(receiverPlayerId) },
  };
}

/**
 * How the receiver sees the sender: their name and Player ID, or the Player ID alone. Never the sender's e-mail
 * address: the receiver learns nothing a transfer did not need to tell them.
 */
export async function senderLabel(client: Client, userId: string): Promise<string> {
  const [savedName, playerId] = (await firstRowOf(client)('SELECT name, player_id FROM users WHERE id = ?', [userId])) ?? [];
  const name = savedName == null ? '' : String(savedName).trim();
  const id = `Player ID ${Number(playerId)}`;
  return name ? `${name} (${id})` : id;
}

async function senderRowUuid(client: Client, userId: string, transferId: string): Promise<string> {
  const r = await client.execute({ sql: "SELECT uuid FROM transactions WHERE user_id = ? AND type = 'P2P' AND direction = 'out' AND transfer_id = ? LIMIT 1", args: [userId, transferId] });
  return String(r.rows[0]?.uuid ?? '');
}
