import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { debtId, heldId, systemId, walletId, type Ledger } from '../ledger/ledger.types';
import { readableId } from '../wallet/readable-id';
import { queueMailToPlayer } from '../mail/mail-queue';
import { notificationRow, type Notification } from '../wallet/notifications';
import { renderStored, stored, type StoredText } from '../notices/stored-text';
import type { Invoice, InvoicePaymentMethod } from './payments.port';

/** Something the player is told by notification (written in the same transaction) and by e-mail after commit. */
export type Notice = { note: Notification; subject: string; heading: string; paragraphs: string[] };

type Ctx = {
  row: { id: string; user_id: string };
  invoiceId: string;
  invoice: Invoice;
  methods: InvoicePaymentMethod[];
  changes: { notices: Notice[] };
  now: number;
};

type Credited = { paymentId: string; cents: number; heldCents: number };

/**
 * Takes back a credited payment that BTCPay now calls Invalid (double spend, replaced, or a reorganised chain), or
 * every credited payment of an invoice an operator marked Invalid at BTCPay. An invoice that only turned Invalid
 * because its monitoring window closed on unconfirmed payments keeps what was settled: that money is real.
 */
export async function reverseInvalid(client: Client, ledger: Ledger, c: Ctx): Promise<void> {
  const invalid = new Set(c.methods.flatMap((m) => m.payments.filter((p) => p.status === 'Invalid').map((p) => p.id)));
  const marked = c.invoice.status === 'Invalid' && c.invoice.additionalStatus === 'Marked';
  const r = await client.execute({
    sql: 'SELECT payment_id, amount_cents, held_cents FROM deposit_payments WHERE deposit_id = ? AND transfer_id IS NOT NULL AND reversed_at IS NULL',
    args: [c.row.id],
  });
  for (const x of r.rows) {
    const p: Credited = { paymentId: String(x.payment_id), cents: Number(x.amount_cents), heldCents: Number(x.held_cents) };
    if (!marked && !invalid.has(p.paymentId)) continue;
    // The wallet may be spent while this runs: an overdraft aborts the transaction, and the split is worked out again.
    for (let attempt = 1; ; attempt++)
      try {
        await reverseOnce(client, ledger, c, p);
        break;
      } catch (e) {
        if (!(e instanceof AppError && e.errorType === 'INSUFFICIENT_FUNDS') || attempt >= 5) throw e;
      }
  }
}

async function reverseOnce(client: Client, ledger: Ledger, c: Ctx, p: Credited): Promise<void> {
  const userId = c.row.user_id;
  const held = await client.execute({ sql: `SELECT id FROM held_funds WHERE deposit_id = ? AND payment_id = ? AND status = 'held'`, args: [c.row.id, p.paymentId] });
  const heldRowId = held.rows[0] ? String(held.rows[0].id) : null;
  const fromHeld = heldRowId ? Math.min(p.heldCents, (await ledger.balance(heldId(userId))).availableCents) : 0;
  const wallet = (await ledger.balance(walletId(userId))).availableCents;
  const fromWallet = Math.min(p.cents - fromHeld, Math.max(0, wallet));
  const owed = p.cents - fromHeld - fromWallet;
  const to = systemId('bitcoin_deposits');
  const ref = `deposit-reversal:${c.invoiceId}:${p.paymentId}`;
  const meta = { depositId: c.row.id, invoiceId: c.invoiceId, paymentId: p.paymentId };
  const parts = [
    { debit: heldId(userId), amountCents: fromHeld, code: 'DEPOSIT_REVERSAL', externalRef: `${ref}:held` },
    { debit: walletId(userId), amountCents: fromWallet, code: 'DEPOSIT_REVERSAL', externalRef: `${ref}:wallet` },
    // The debt account goes below zero by what the player still owes (docs/decisions/ledger.md).
    { debit: debtId(userId), amountCents: owed, code: 'DEPOSIT_REVERSAL', externalRef: `${ref}:debt` },
  ].filter((x) => x.amountCents > 0).map((x) => ({ ...x, credit: to, metadata: meta }));
  const [first, ...more] = parts;
  const words: StoredText[] = [
    stored('api_note_reversed', { amount: formatCents(p.cents) }),
    ...(fromWallet + fromHeld > 0 ? [stored(fromHeld > 0 && fromWallet === 0 ? 'api_note_reversed_from_held' : 'api_note_reversed_from_wallet', { amount: formatCents(fromWallet + fromHeld) })] : []),
    ...(owed > 0 ? [stored('api_note_reversed_owed', { amount: formatCents(owed) })] : []),
  ];
  const paragraphs = words.map((w) => renderStored(w, 'en'));
  const { stmt, note } = notificationRow(userId, 'DEPOSIT_REVERSED', words.reduce((first, second) => stored('api_note_join', { first, second })), c.now);
  const t = await ledger.transfer({
    ...first!, externalRef: ref, more,
    with: (transferId) => [
      { sql: `UPDATE deposit_payments SET reversed_at = ?, debt_cents = ?, status = 'Invalid', updated_at = ? WHERE deposit_id = ? AND payment_id = ?`,
        args: [c.now, owed, c.now, c.row.id, p.paymentId] },
      // The reversed money no longer counts as deposited (nor against a limit).
      { sql: `UPDATE deposits SET credited_cents = max(0, credited_cents - ?), held_cents = max(0, held_cents - ?), updated_at = ? WHERE id = ?`,
        args: [p.cents - p.heldCents, p.heldCents, c.now, c.row.id] },
      ...(heldRowId ? [{ sql: `UPDATE held_funds SET status = 'reversed', resolved_at = ? WHERE id = ? AND status = 'held'`, args: [c.now, heldRowId] },
        { sql: `UPDATE transactions SET status = 'reversed' WHERE id = (SELECT history_id FROM held_funds WHERE id = ?)`, args: [heldRowId] }] : []),
      { sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, transfer_id, created_at)
              VALUES (?, ?, ?, 'DEPOSIT', 'out', 'reversed', ?, ?, ?, ?)`,
        args: [Bun.randomUUIDv7(), readableId(), userId, p.cents, c.invoiceId, transferId, c.now] },
      stmt,
      // Its e-mail, in the player's language, with the reversal: a crash after the commit loses neither.
      queueMailToPlayer({ kind: 'deposit-reversed', userId, data: { cents: p.cents, takenCents: fromWallet + fromHeld, fromHeldOnly: fromHeld > 0 && fromWallet === 0, owedCents: owed } }, c.now),
    ],
  });
  if (!t.replayed) c.changes.notices.push({ note, subject: 'A Bitcoin deposit was reversed', heading: 'Deposit reversed', paragraphs });
}
