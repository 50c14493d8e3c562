import type { Client } from '@libsql/client';
import { firstRowOf } from '../../../db/raw-reads';
import { AppError, fieldText } from '../../lib/app-error';
import { formatCents, type Cents } from '../../shared/money';
import { debtId, walletId } from '../ledger/ledger.types';
import type { Ledger } from '../ledger/ledger.types';
import { historyRows } from './history';
import { readableId } from './readable-id';
import { notificationRows, type Notification } from './notifications';
import { CONTROLS_COLUMNS, controlsOf, refuseWhileRestricted } from '../protection/restrictions';
import { owedOf, refuseWhileOwing } from '../protection/debt';
import { queueMailRow } from '../mail/mail-queue';
import { savedLang } from '../mail/mail-lang';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { stored, type StoredInput } from '../notices/stored-text';
import type { Lang } from '../../i18n/lang';

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

// ?1 the sender, ?2 their debt account, ?3 the receiver's address (lower case: the unique index is on lower(email)).
const CHECKS_SQL = `SELECT ${CONTROLS_COLUMNS}, (SELECT balance_cents FROM accounts WHERE id = ?2),
  s.name, s.player_id, r.id, r.email, r.email_verified_at, r.name, r.player_id, r.language
  FROM (SELECT 1) LEFT JOIN users s ON s.id = ?1 LEFT JOIN play_controls pc ON pc.user_id = ?1 LEFT JOIN users r ON lower(r.email) = ?3`;

// The same answer whether the address is unknown or unverified, so the form cannot probe for accounts.
export const noReceiver = () => text(m.api_p2p_no_receiver);
export const notToYourself = () => text(m.api_p2p_not_yourself);

/** Moves credits from one player's wallet to another's, with both history rows and notifications, atomically. */
export async function sendCredits(
  client: Client, ledger: Ledger, sender: Sender, email: string, amountCents: Cents, externalRef?: string, now = Date.now(),
  /** Runs once the receiver is known and before anything moves (the two-step code check). */
  stepUp?: () => Promise<unknown>,
): Promise<P2PResult> {
  const to = email.trim().toLowerCase();
  // Everything the transfer is decided on, in one statement (one step of one request on a libSQL server, where
  // each statement costs the server about as much as a request did): the sender's play controls, their debt and
  // the name the receiver will see, and the receiver. The errors still come in this order: a cool-off
  // or self-exclusion, then a debt, then the address.
  const row = (await firstRowOf(client)(CHECKS_SQL, [sender.userId, debtId(sender.userId), to]))!;
  refuseWhileRestricted(controlsOf(row.slice(0, 7), now), now);
  refuseWhileOwing(owedOf(row[7]));
  if (to === sender.email.toLowerCase())
    throw AppError.invalid([fieldText('email', notToYourself())]);
  const [senderName, senderPlayerId, receiverId, receiverEmail, receiverVerifiedAt, receiverName, receiverPlayerId, receiverLanguage] = row.slice(8);
  if (receiverId == null || receiverVerifiedAt == null)
    throw new AppError(404, noReceiver(), 'RECEIVER_NOT_FOUND', [fieldText('email', noReceiver())]);
  const receiver = { userId: String(receiverId), email: String(receiverEmail) };
  const from = labelOf(senderName, senderPlayerId);
  const fromWords = labelInput(senderName, senderPlayerId);
  await stepUp?.();
  const shown = formatCents(amountCents);
  const senderUuid = readableId();
  const notes = notificationRows([
    { userId: sender.userId, type: 'P2P_SENT', message: stored('api_note_p2p_sent', { amount: shown, email: receiver.email }) },
    { userId: receiver.userId, type: 'P2P_RECEIVED', message: stored('api_note_p2p_received', { amount: shown, from: fromWords }) },
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
      // In the receiver's saved language (read with the receiver above), whatever language the sender reads.
      queueMailRow({ kind: 'p2p-received', to: receiver.email, lang: savedLang({ language: receiverLanguage }),
        data: { cents: amountCents, name: shownName(senderName), playerId: Number(senderPlayerId), transferId } }, now),
    ],
  });
  // Both new balances as the transfer's own update left them, for the answer and the pushes.
  const availableOf = (userId: string) => transfer.available?.[walletId(userId)] ?? null;
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
  return labelOf(savedName, playerId);
}

const shownName = (savedName: unknown) => (savedName == null ? '' : String(savedName).trim()) || null;
/** The same label as kept words, said in the reader's language ("ID de jugador 12"). */
function labelInput(savedName: unknown, playerId: unknown): StoredInput {
  const name = savedName == null ? '' : String(savedName).trim();
  const id = Number(playerId);
  return name ? stored('api_player_named', { name, id }) : stored('api_player_id', { id });
}

function labelOf(savedName: unknown, playerId: unknown): string {
  const name = shownName(savedName);
  const id = `Player ID ${Number(playerId)}`;
  return name ? `${name} (${id})` : id;
}

/**
 * Who a P2P row names, in the reader's language: a player is named as the site names them ("Nora (Player ID 12)",
 * "Nora (ID de jugador 12)"); the words are kept in English on the row. A name has no digits, so nothing else matches.
 */
export const counterpartyIn = (c: string | null, lang: Lang): string | null =>
  c === null || lang === 'en' ? c : c.replace(/Player ID (\d+)\)?$/, (all, id: string) => m.api_player_id({ id }, { locale: lang }) + (all.endsWith(')') ? ')' : ''));

async function senderRowUuid(client: Client, userId: string, transferId: string): Promise<string> {
  const r = await client.execute({ sql: "SELECT uuid FROM transactions WHERE user_id = ? AND type = 'P2P' AND direction = 'out' AND transfer_id = ? LIMIT 1", args: [userId, transferId] });
  return String(r.rows[0]?.uuid ?? '');
}
