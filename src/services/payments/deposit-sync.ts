import type { Client, InStatement } from '@libsql/client';
import { formatCents } from '../../shared/money';
import type { Ledger } from '../ledger/ledger.types';
import { queueMailToPlayer } from '../mail/mail-queue';
import { notificationRows, type Notification } from '../wallet/notifications';
import { stored, type StoredText } from '../notices/stored-text';
import { readableId } from '../wallet/readable-id';
import { creditMovement, isGuardAbort, planCredit, type CreditPlan, type HeldReason } from './deposit-credit';
import { reverseInvalid, type Notice } from './deposit-reversal';
import { usdCentsOf } from './btc-amount';
import type { Invoice, InvoicePayment, InvoicePaymentMethod, PaymentsProvider } from './payments.port';

/** What one read of an invoice changed, for the pushes and e-mail sent after commit. */
export type DepositChanges = {
  depositId: string;
  userId: string;
  email: string;
  /** Payments seen for the first time and not yet confirmed, in cents. */
  received: number[];
  /** Payments credited by this read: cents and the notification written with each. */
  credited: { cents: number; note: Notification }[];
  /** Payments (or parts) held by this read instead of credited. */
  held: { cents: number; reason: HeldReason; note: Notification }[];
  /** Other things the player is told by notification and e-mail (a reversed payment). */
  notices: Notice[];
  status: string;
};

type Row = { id: string; user_id: string; email: string; credited_cents: number; monitoring_expires_at: number | null };

async function depositOf(client: Client, provider: PaymentsProvider, invoiceId: string): Promise<{ row: Row; invoice: Invoice } | null> {
  const q = `SELECT d.id, d.user_id, u.email, d.credited_cents, d.monitoring_expires_at FROM deposits d JOIN users u ON u.id = d.user_id`;
  let r = await client.execute({ sql: `${q} WHERE d.invoice_id = ?`, args: [invoiceId] });
  const invoice = await provider.getInvoice(invoiceId);
  if (!invoice) return null;
  if (!r.rows[0] && invoice.orderId) {
    // An invoice whose creation answer was lost: its orderId names our deposit, which adopts it.
    await client.execute({ sql: `UPDATE deposits SET invoice_id = ? WHERE id = ? AND invoice_id IS NULL AND provider = ?`, args: [invoiceId, invoice.orderId, provider.name] });
    r = await client.execute({ sql: `${q} WHERE d.invoice_id = ?`, args: [invoiceId] });
  }
  const row = r.rows[0];
  return row ? { row: { id: String(row.id), user_id: String(row.user_id), email: String(row.email), credited_cents: Number(row.credited_cents),
    monitoring_expires_at: row.monitoring_expires_at == null ? null : Number(row.monitoring_expires_at) }, invoice } : null;
}

const upsertPayment = (depositId: string, method: string, p: InvoicePayment, cents: number, at: number, transferId: string | null): InStatement => ({
  sql: `INSERT INTO deposit_payments (deposit_id, payment_id, method, status, amount_cents, transfer_id, seen_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (deposit_id, payment_id) DO UPDATE SET status = excluded.status, amount_cents = excluded.amount_cents,
          transfer_id = coalesce(deposit_payments.transfer_id, excluded.transfer_id), updated_at = excluded.updated_at`,
  // seen_at: when the payment was received, by the provider's clock (never later than now): a reconciliation that
  // finds it after the invoice expired must not make a payment made in time look late.
  args: [depositId, p.id, method, p.status, cents, transferId, p.receivedAt > 0 ? Math.min(at, p.receivedAt) : at, at],
});

/** Rewrites the deposit's history row as it is: its update trigger moves the player's history version (migration 0012). */
const touchHistoryRow = (depositId: string): InStatement => ({
  sql: 'UPDATE transactions SET status = status WHERE id = (SELECT history_id FROM deposits WHERE id = ?)', args: [depositId],
});

/** What is left to pay in BTC (after a partial payment the page asks for the rest); null once nothing is due. */
const stillDue = (methods: InvoicePaymentMethod[]): string | null => {
  const due = (methods.find((m) => m.paymentMethodId === 'BTC-CHAIN') ?? methods[0])?.due;
  return due && /^\d+(\.\d+)?$/.test(due) && Number(due) > 0 ? due : null;
};

/**
 * Re-reads an invoice and its payments from the provider and acts on what it says, never on a webhook body:
 * each Settled payment is credited once (the ledger's externalRef is `deposit:<invoice>:<payment>`), for its dollar
 * value at the invoice's rate — so partial, late and over payments all reach the player; what is past a deposit
 * limit or arrives during a break is held instead (deposit-credit.ts). Processing payments are shown, not credited;
 * Invalid ones never credit, and one credited before BTCPay called it Invalid is taken back (deposit-reversal.ts).
 * Safe to run any number of times, concurrently included.
 */
export async function syncDeposit(client: Client, ledger: Ledger, provider: PaymentsProvider, invoiceId: string, now = Date.now()): Promise<DepositChanges | null> {
  const found = await depositOf(client, provider, invoiceId);
  if (!found) return null;
  const { row, invoice } = found;
  const methods = await provider.getInvoicePaymentMethods(invoiceId);
  const known = (await client.execute({ sql: 'SELECT payment_id, transfer_id, reversed_at FROM deposit_payments WHERE deposit_id = ?', args: [row.id] })).rows;
  const seen = new Set(known.map((r) => String(r.payment_id)));
  const credited = new Set(known.filter((r) => r.transfer_id != null).map((r) => String(r.payment_id)));
  const changes: DepositChanges = { depositId: row.id, userId: row.user_id, email: row.email, received: [], credited: [], held: [], notices: [], status: 'pending' };
  let processingCents = 0;

  for (const m of methods)
    for (const p of m.payments) {
      const cents = usdCentsOf(p.value, p.fee, m.rate);
      if (p.status === 'Settled' && cents > 0) {
        if (!credited.has(p.id)) await credit(m, p, cents);
      } else {
        const arrived = p.status === 'Processing' && !seen.has(p.id);
        if (p.status === 'Processing') {
          processingCents += cents;
          if (arrived) changes.received.push(cents);
        }
        // A credited payment keeps its transfer; reversing it is reverseDeposit's work below. A payment first seen
        // changes what the deposit's history row says (it confirms, nothing more to pay) though not the row itself:
        // touching the row moves the player's history version with it, so no page read before is served after.
        if (arrived) await client.batch([upsertPayment(row.id, m.paymentMethodId, p, cents, now, null), touchHistoryRow(row.id)], 'write');
        else await client.execute(upsertPayment(row.id, m.paymentMethodId, p, cents, now, null));
      }
    }

  // A payment that takes the deposit past what it asked for says what arrived in all (the money is credited whole):
  // "You paid $50.00 for a $25.00 deposit", in the wallet unless part of it paid back a debt.
  async function overOf(reachedCents: number): Promise<{ totalCents: number; askedCents: number } | null> {
    const r = await client.execute({ sql: 'SELECT amount_cents, credited_cents FROM deposits WHERE id = ?', args: [row.id] });
    const askedCents = Number(r.rows[0]!.amount_cents);
    const totalCents = Number(r.rows[0]!.credited_cents) + reachedCents;
    return totalCents > askedCents ? { totalCents, askedCents } : null;
  }
  /** The arrival's words, and what was paid over the deposit after them. */
  function withOver(arrived: StoredText, over: { totalCents: number; askedCents: number } | null, allInWallet: boolean): StoredText {
    if (!over) return arrived;
    const words = stored(allInWallet ? 'api_note_deposit_overpaid_wallet' : 'api_note_deposit_overpaid', { total: formatCents(over.totalCents), asked: formatCents(over.askedCents) });
    return stored('api_note_join', { first: arrived, second: words });
  }

  async function credit(m: InvoicePaymentMethod, p: InvoicePayment, cents: number) {
    // The plan is checked again inside the crediting transaction; if the limits moved under it, plan again.
    for (let attempt = 1; ; attempt++)
      try {
        return await creditOnce(m, p, cents, await planCredit(client, row.user_id, row.id, cents, now));
      } catch (e) {
        if (!isGuardAbort(e) || attempt >= 5) throw e;
      }
  }

  async function creditOnce(m: InvoicePaymentMethod, p: InvoicePayment, cents: number, plan: CreditPlan) {
    const reached = plan.walletCents + plan.debtCents;
    const allInWallet = plan.debtCents === 0 && plan.heldCents === 0;
    const over = reached > 0 ? await overOf(reached) : null;
    const texts: { type: string; message: StoredText }[] = [];
    const amount = formatCents(reached);
    if (reached > 0)
      texts.push({ type: 'DEPOSIT', message: withOver(plan.debtCents === 0 ? stored('api_note_deposit_arrived', { amount })
        : plan.walletCents > 0 ? stored('api_note_deposit_paid_debt_wallet', { amount, debt: formatCents(plan.debtCents), wallet: formatCents(plan.walletCents) })
        : stored('api_note_deposit_paid_debt', { amount, debt: formatCents(plan.debtCents) }), over, allInWallet) });
    if (plan.heldCents > 0) texts.push({ type: 'DEPOSIT_HELD', message: heldWords(plan.heldCents, plan.reason!) });
    const { stmt, notes } = notificationRows(texts.map((t) => ({ userId: row.user_id, ...t })), now);
    const mainHistory = Bun.randomUUIDv7();
    const heldHistory = Bun.randomUUIDv7();
    const heldRow = Bun.randomUUIDv7();
    const movement = creditMovement(row.user_id, plan, `deposit:${invoiceId}:${p.id}`, { depositId: row.id, invoiceId, paymentId: p.id, method: m.paymentMethodId });
    const t = await ledger.transfer({
      ...movement,
      with: (transferId) => [
        upsertPayment(row.id, m.paymentMethodId, p, cents, now, transferId),
        { sql: 'UPDATE deposit_payments SET held_cents = ? WHERE deposit_id = ? AND payment_id = ?', args: [plan.heldCents, row.id, p.id] },
        { sql: `UPDATE deposits SET credited_cents = credited_cents + ?, held_cents = held_cents + ?, status = 'completed', updated_at = ? WHERE id = ?`,
          args: [reached, plan.heldCents, now, row.id] },
        ...(reached > 0 ? walletHistory(row.id, row.user_id, invoiceId, transferId, mainHistory, now) : []),
        ...(plan.heldCents > 0 ? heldHistoryRows(row.id, row.user_id, invoiceId, p.id, plan, transferId, heldHistory, heldRow, now) : []),
        stmt,
        // The e-mails, queued with the money they tell of: a crash after the commit loses neither. They say what the
        // notifications say (part may have paid back a debt, which is not in the wallet to move), in the player's language.
        ...(reached > 0 ? [queueMailToPlayer({ kind: 'deposit-credited', userId: row.user_id,
          data: { reachedCents: reached, debtCents: plan.debtCents, walletCents: plan.walletCents, over, allInWallet } }, now)] : []),
        ...(plan.heldCents > 0 ? [queueMailToPlayer({ kind: 'deposit-held', userId: row.user_id, data: { cents: plan.heldCents, reason: plan.reason } }, now)] : []),
        ...(plan.guard ? [plan.guard] : []),
      ],
    });
    if (t.replayed) return;
    if (reached > 0) changes.credited.push({ cents: reached, note: notes[0]! });
    if (plan.heldCents > 0) changes.held.push({ cents: plan.heldCents, reason: plan.reason!, note: notes.at(-1)! });
  }

  await reverseInvalid(client, ledger, { row, invoiceId, invoice, methods, changes, now });

  const r = await client.execute({
    sql: `UPDATE deposits SET invoice_status = ?, processing_cents = ?,
            status = CASE WHEN credited_cents > 0 OR held_cents > 0 THEN 'completed' WHEN ? > 0 THEN 'pending' WHEN ? IN ('Expired', 'Invalid') THEN 'expired' ELSE status END,
            lightning_destination = coalesce(?, lightning_destination), btc_due = coalesce(?, btc_due), closed_at = CASE WHEN ? THEN ? ELSE closed_at END, updated_at = ?,
            expires_at = coalesce(?, expires_at)
          WHERE id = ? RETURNING status, history_id`,
    // The invoice's own expiry, as the provider last said it: a payment seen after it arrived late (history says so).
    args: [invoice.status, processingCents, processingCents, invoice.status, methods.find((m) => m.paymentMethodId === 'BTC-LN')?.destination || null, stillDue(methods),
      now > invoice.monitoringExpiresAt && processingCents === 0 ? 1 : 0, now, now, Number.isFinite(invoice.expiresAt) ? invoice.expiresAt : null, row.id],
  });
  changes.status = String(r.rows[0]?.status ?? 'pending');
  // The history row follows: expired with nothing on its way; pending again when a payment arrives after expiry
  // (it is counted as processing until it confirms, so the row must not say the money is lost).
  if (changes.status === 'expired')
    await client.execute({ sql: `UPDATE transactions SET status = 'expired' WHERE id = ? AND status = 'pending'`, args: [r.rows[0]!.history_id] });
  else if (changes.status === 'pending')
    await client.execute({ sql: `UPDATE transactions SET status = 'pending' WHERE id = ? AND status = 'expired'`, args: [r.rows[0]!.history_id] });
  return changes;
}

/** The player's words for held money. */
export function heldWords(cents: number, reason: HeldReason): StoredText {
  const key = reason === 'limit' ? 'api_note_deposit_held_limit' : reason === 'cool_off' ? 'api_note_deposit_held_cool_off' : 'api_note_deposit_held_excluded';
  return stored(key, { amount: formatCents(cents) });
}

/**
 * The deposit's history row shows what reached the player. If its row was given to held money (everything
 * before was held), a new row is made for this credit.
 */
function walletHistory(depositId: string, userId: string, invoiceId: string, transferId: string, newId: string, now: number): InStatement[] {
  return [
    { sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, transfer_id, created_at)
            SELECT ?, ?, ?, 'DEPOSIT', 'in', 'completed', 0, ?, ?, ? WHERE (SELECT history_id FROM deposits WHERE id = ?) IS NULL`,
      args: [newId, readableId(), userId, invoiceId, transferId, now, depositId] },
    { sql: 'UPDATE deposits SET history_id = ? WHERE id = ? AND history_id IS NULL', args: [newId, depositId] },
    { sql: `UPDATE transactions SET status = 'completed', amount_cents = (SELECT credited_cents FROM deposits WHERE id = ?), transfer_id = coalesce(transfer_id, ?)
            WHERE id = (SELECT history_id FROM deposits WHERE id = ?)`, args: [depositId, transferId, depositId] },
  ];
}

/**
 * Held money gets its own history row (status held), or takes over the deposit's row when nothing has reached the
 * wallet yet (so a deposit held whole shows once, as Held); the held_funds row names whichever it is.
 */
function heldHistoryRows(depositId: string, userId: string, invoiceId: string, paymentId: string, plan: CreditPlan, transferId: string, historyId: string, heldId: string, now: number): InStatement[] {
  const mainPending = `EXISTS (SELECT 1 FROM transactions WHERE id = (SELECT history_id FROM deposits WHERE id = ?) AND status = 'pending')`;
  return [
    { sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, transfer_id, created_at)
            SELECT ?, ?, ?, 'DEPOSIT', 'in', 'held', ?, ?, ?, ? WHERE NOT ${mainPending}`,
      args: [historyId, readableId(), userId, plan.heldCents, invoiceId, transferId, now, depositId] },
    { sql: `UPDATE transactions SET status = 'held', amount_cents = ?, transfer_id = ? WHERE id = (SELECT history_id FROM deposits WHERE id = ?) AND status = 'pending'`,
      args: [plan.heldCents, transferId, depositId] },
    { sql: `INSERT INTO held_funds (id, user_id, deposit_id, payment_id, amount_cents, reason, status, transfer_id, history_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, 'held', ?, CASE WHEN EXISTS (SELECT 1 FROM transactions WHERE id = ?) THEN ? ELSE (SELECT history_id FROM deposits WHERE id = ?) END, ?)`,
      args: [heldId, userId, depositId, paymentId, plan.heldCents, plan.reason, transferId, historyId, historyId, depositId, now] },
    // The deposit's own row now belongs to the held money: a later credit makes a new one (walletHistory).
    { sql: `UPDATE deposits SET history_id = NULL WHERE id = ? AND NOT EXISTS (SELECT 1 FROM transactions WHERE id = ?)`, args: [depositId, historyId] },
  ];
}
