import type { Client } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { assertMayPlay } from '../protection/restrictions';
import { noReceiver, notToYourself } from './p2p';
import { assertNotInDebt } from '../protection/debt';
import { maskName } from '../../shared/ticker';

/**
 * The receiver's name as the sender sees it: each word's first and last letter ("Nora Night" → "N**a N***t"),
 * enough to recognise the player they meant, not enough to learn a stranger's name from an address.
 */
export function maskedName(name: unknown): string | null {
  const words = name == null ? [] : String(name).trim().split(/\s+/).filter(Boolean);
  return words.length ? words.map(maskName).join(' ') : null;
}

/** Who a P2P transfer would reach, shown for the player to confirm before anything moves. */
export type Recipient = { name: string | null; playerId: number };

/**
 * The receiver of a P2P transfer by e-mail, by the same rules `sendCredits` applies: not oneself, and only a
 * verified player. It tells no more about an address than a transfer to it would, plus the name and Player ID
 * the sender must see to confirm (rate-limited by the route).
 */
export async function findRecipient(client: Client, sender: { userId: string; email: string }, email: string, now = Date.now()): Promise<Recipient> {
  // A cool-off or self-exclusion refuses here already, in the words the send would use, not after the confirmation.
  await assertMayPlay(client, sender.userId, now);
  await assertNotInDebt(client, sender.userId);
  const to = email.trim().toLowerCase();
  if (to === sender.email.toLowerCase()) throw AppError.invalid([fieldText('email', notToYourself())]);
  const found = await client.execute({ sql: 'SELECT name, player_id, email_verified_at FROM users WHERE lower(email) = ?', args: [to] });
  const row = found.rows[0];
  if (!row || row.email_verified_at == null) throw new AppError(404, noReceiver(), 'RECEIVER_NOT_FOUND', [fieldText('email', noReceiver())]);
  return { name: maskedName(row.name), playerId: Number(row.player_id) };
}

/** What a sender's receipt shows: the sent amount, to whom, the transaction ID players quote, and when. */
export type P2PReceipt = { transactionId: string; amountCents: number; recipient: Recipient & { email: string }; createdAt: number };

/**
 * A sent transfer's receipt, by the sender's transaction ID; null unless the row is this player's own sent P2P.
 * The receiver is read from the ledger transfer's own record (by primary keys), so a later e-mail change does not lose it.
 */
export async function p2pReceipt(client: Client, userId: string, transactionId: string): Promise<P2PReceipt | null> {
  const r = await client.execute({
    sql: `SELECT o.uuid, o.amount_cents, o.created_at, o.counterparty, u.name, u.player_id
          FROM transactions o
          JOIN transfers tr ON tr.id = o.transfer_id
          JOIN users u ON u.id = json_extract(tr.metadata, '$.to')
          WHERE o.user_id = ? AND o.uuid = ? AND o.type = 'P2P' AND o.direction = 'out' LIMIT 1`,
    args: [userId, transactionId],
  });
  const row = r.rows[0];
  if (!row) return null;
  const name = maskedName(row.name);
  return {
    transactionId: String(row.uuid),
    amountCents: Number(row.amount_cents),
    recipient: { name, playerId: Number(row.player_id), email: String(row.counterparty) },
    createdAt: Number(row.created_at),
  };
}
