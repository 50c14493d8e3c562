import type { Client, InStatement } from '@libsql/client';
import { formatCents } from '../../shared/money';
import { systemId, walletId, type Ledger } from '../ledger/ledger.types';
import { notificationRow, type Notification } from '../wallet/notifications';
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
  args: [depositId, p.id, method, p.status, cents, transferId, at, at],
});

/**
 * Re-reads an invoice and its payments from the provider and acts on what it says, never on a webhook body:
 * each Settled payment is credited once (the ledger's externalRef is `deposit:<invoice>:<payment>`), for its dollar
 * value at the invoice's rate — so partial, late and over payments all reach the wallet; Processing payments are
 * shown, not credited; Invalid ones never credit. Safe to run any number of times, concurrently included.
 */
export async function syncDeposit(client: Client, ledger: Ledger, provider: PaymentsProvider, invoiceId: string, now = Date.now()): Promise<DepositChanges | null> {
  const found = await depositOf(client, provider, invoiceId);
  if (!found) return null;
  const { row, invoice } = found;
  const methods = await provider.getInvoicePaymentMethods(invoiceId);
  const seen = new Set((await client.execute({ sql: 'SELECT payment_id FROM deposit_payments WHERE deposit_id = ?', args: [row.id] })).rows.map((r) => String(r.payment_id)));
  const changes: DepositChanges = { depositId: row.id, userId: row.user_id, email: row.email, received: [], credited: [], status: 'pending' };
  let processingCents = 0;

  for (const m of methods)
    for (const p of m.payments) {
      const cents = usdCentsOf(p.value, p.fee, m.rate);
      if (p.status === 'Settled' && cents > 0) await credit(m, p, cents);
      else {
        if (p.status === 'Processing') {
          processingCents += cents;
          if (!seen.has(p.id)) changes.received.push(cents);
        }
        await client.execute(upsertPayment(row.id, m.paymentMethodId, p, cents, now, null));
      }
    }

  async function credit(m: InvoicePaymentMethod, p: InvoicePayment, cents: number) {
    const { stmt, note } = notificationRow(row.user_id, 'DEPOSIT', `Your deposit of ${formatCents(cents)} has arrived in your wallet.`, now);
    const t = await ledger.transfer({
      debit: systemId('bitcoin_deposits'), credit: walletId(row.user_id), amountCents: cents, code: 'DEPOSIT',
      externalRef: `deposit:${invoiceId}:${p.id}`, metadata: { depositId: row.id, invoiceId, paymentId: p.id, method: m.paymentMethodId },
      with: (transferId) => [
        upsertPayment(row.id, m.paymentMethodId, p, cents, now, transferId),
        { sql: `UPDATE deposits SET credited_cents = credited_cents + ?, status = 'completed', updated_at = ? WHERE id = ?`, args: [cents, now, row.id] },
        { sql: `UPDATE transactions SET status = 'completed', amount_cents = (SELECT credited_cents FROM deposits WHERE id = ?), transfer_id = coalesce(transfer_id, ?)
                WHERE id = (SELECT history_id FROM deposits WHERE id = ?)`, args: [row.id, transferId, row.id] },
        stmt,
      ],
    });
    if (!t.replayed) changes.credited.push({ cents, note });
  }

  const r = await client.execute({
    sql: `UPDATE deposits SET invoice_status = ?, processing_cents = ?,
            status = CASE WHEN credited_cents > 0 THEN 'completed' WHEN ? IN ('Expired', 'Invalid') THEN 'expired' ELSE status END,
            lightning_destination = coalesce(?, lightning_destination), closed_at = CASE WHEN ? THEN ? ELSE closed_at END, updated_at = ?
          WHERE id = ? RETURNING status, history_id`,
    args: [invoice.status, processingCents, invoice.status, methods.find((m) => m.paymentMethodId === 'BTC-LN')?.destination || null,
      now > invoice.monitoringExpiresAt && processingCents === 0 ? 1 : 0, now, now, row.id],
  });
  changes.status = String(r.rows[0]?.status ?? 'pending');
  if (changes.status === 'expired')
    await client.execute({ sql: `UPDATE transactions SET status = 'expired' WHERE id = ? AND status = 'pending'`, args: [r.rows[0]!.history_id] });
  return changes;
}
