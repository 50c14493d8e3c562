import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents, type Cents } from '../../shared/money';
import { walletId } from '../ledger/ledger.types';
import type { Ledger } from '../ledger/ledger.types';
import { historyRow } from './history';
import { notificationRow, type Notification } from './notifications';

export type Sender = { userId: string; email: string };
export type P2PResult = { transferId: string; replayed: boolean; receiver: { userId: string; email: string }; notes: { sender: Notification; receiver: Notification } };

// The same answer whether the address is unknown or unverified, so the form cannot probe for accounts.
const NO_RECEIVER = 'No verified player was found with this email.';

/** Moves credits from one player's wallet to another's, with both history rows and notifications, atomically. */
export async function sendCredits(client: Client, ledger: Ledger, sender: Sender, email: string, amountCents: Cents, now = Date.now()): Promise<P2PResult> {
  const to = email.trim().toLowerCase();
  if (to === sender.email.toLowerCase())
    throw AppError.invalid([{ field: 'email', message: 'You cannot send credits to yourself.' }]);
  const found = await client.execute({ sql: 'SELECT id, email, email_verified_at FROM users WHERE lower(email) = ?', args: [to] });
  const row = found.rows[0];
  if (!row || row.email_verified_at == null)
    throw new AppError(404, NO_RECEIVER, 'RECEIVER_NOT_FOUND', [{ field: 'email', message: NO_RECEIVER }]);
  const receiver = { userId: String(row.id), email: String(row.email) };
  const shown = formatCents(amountCents);
  const sent = notificationRow(sender.userId, 'P2P_SENT', `You sent ${shown} to ${receiver.email}.`, now);
  const got = notificationRow(receiver.userId, 'P2P_RECEIVED', `You received ${shown} from ${sender.email}.`, now);
  const transfer = await ledger.transfer({
    debit: walletId(sender.userId),
    credit: walletId(receiver.userId),
    amountCents,
    code: 'P2P',
    metadata: { from: sender.userId, to: receiver.userId },
    with: (transferId) => [
      historyRow({ userId: sender.userId, type: 'P2P', direction: 'out', status: 'completed', amountCents, transferId, counterparty: receiver.email }, now),
      historyRow({ userId: receiver.userId, type: 'P2P', direction: 'in', status: 'completed', amountCents, transferId, counterparty: sender.email }, now),
      sent.stmt,
      got.stmt,
    ],
  });
  return { transferId: transfer.id, replayed: transfer.replayed, receiver, notes: { sender: sent.note, receiver: got.note } };
}
