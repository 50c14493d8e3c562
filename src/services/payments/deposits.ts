import type { Client } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { Logger } from '../../lib/logger';
import { redactMessage } from '../../lib/redact';
import { depositRaceLost, guardDeposit } from '../protection/deposit-guard';
import { readableId } from '../wallet/readable-id';
import { PAYMENT_METHODS, PaymentsError, type Invoice, type InvoicePaymentMethod, type PaymentsProvider } from './payments.port';

export const INVOICE_MINUTES = 30;

export type DepositView = {
  id: string;
  status: string;
  amountCents: number;
  creditedCents: number;
  /** Arrived past a deposit limit or during a break: held, not in the wallet. */
  heldCents: number;
  processingCents: number;
  invoiceId: string | null;
  invoiceStatus: string | null;
  lightning: string | null;
  onchain: string | null;
  btcDue: string | null;
  rate: string | null;
  expiresAt: number | null;
  createdAt: number;
};

const VIEW_SQL = `SELECT id, status, amount_cents, credited_cents, held_cents, processing_cents, invoice_id, invoice_status, lightning_destination,
  onchain_destination, btc_due, rate, expires_at, created_at FROM deposits`;

const toView = (r: Record<string, unknown>): DepositView => ({
  id: String(r.id), status: String(r.status), amountCents: Number(r.amount_cents), creditedCents: Number(r.credited_cents), heldCents: Number(r.held_cents ?? 0),
  processingCents: Number(r.processing_cents), invoiceId: (r.invoice_id as string) ?? null, invoiceStatus: (r.invoice_status as string) ?? null,
  lightning: (r.lightning_destination as string) ?? null, onchain: (r.onchain_destination as string) ?? null, btcDue: (r.btc_due as string) ?? null,
  rate: (r.rate as string) ?? null, expiresAt: r.expires_at == null ? null : Number(r.expires_at), createdAt: Number(r.created_at),
});

/** A player's own deposit; another player's id reads as not found. */
export async function getDeposit(client: Client, userId: string, depositId: string): Promise<DepositView | null> {
  const r = await client.execute({ sql: `${VIEW_SQL} WHERE id = ? AND user_id = ?`, args: [depositId, userId] });
  return r.rows[0] ? toView(r.rows[0] as Record<string, unknown>) : null;
}

const UNAVAILABLE = () => text(m.api_deposits_unavailable);

/**
 * Deposits a player may have waiting for payment at once (DEPOSITS_WAITING_MAX). Each is an invoice and a fresh
 * address at the provider: without a cap a script could use up the store wallet's unused addresses. An invoice
 * expires in minutes.
 */
export const DEFAULT_WAITING_MAX = 10;
const AWAITING = "(SELECT count(*) FROM deposits WHERE user_id = ? AND status IN ('creating', 'pending')) < ?";
const tooManyAwaiting = (max: number) => {
  const message = text(m.api_deposits_waiting, { count: max });
  return new AppError(409, message, 'TOO_MANY_OPEN_DEPOSITS', [fieldText('amount', message)]);
};

/**
 * Records the deposit, then asks the provider for one USD invoice for it. The deposit row comes first and its id
 * is the invoice's orderId, so a retry (same Idempotency-Key) finds the invoice it already made instead of making
 * another. If no invoice can be had, the row is marked failed and the player sees a plain message, nothing else.
 */
export async function createDeposit(
  client: Client, provider: PaymentsProvider, logger: Logger,
  p: { userId: string; email: string; amountCents: number; requestKey?: string; now?: number; waitingMax?: number },
): Promise<DepositView> {
  const waitingMax = p.waitingMax ?? DEFAULT_WAITING_MAX;
  const at = p.now ?? Date.now();
  const existing = p.requestKey
    ? await client.execute({ sql: `${VIEW_SQL} WHERE user_id = ? AND request_key = ?`, args: [p.userId, p.requestKey] })
    : null;
  let deposit = existing?.rows[0] ? toView(existing.rows[0] as Record<string, unknown>) : null;
  if (deposit && deposit.status !== 'creating') {
    if (deposit.status === 'failed') throw new AppError(503, UNAVAILABLE(), 'PAYMENTS_UNAVAILABLE');
    return deposit;
  }
  const id = deposit?.id ?? Bun.randomUUIDv7();
  if (!deposit) {
    // Responsible gaming: a cool-off, self-exclusion or deposit limit refuses the request before any invoice exists.
    const guard = await guardDeposit(client, p.userId, p.amountCents, at);
    // The cap and the limits are checked in the insert itself, so requests at once cannot pass them together.
    const made = await client.execute({
      sql: `INSERT INTO deposits (id, user_id, request_key, amount_cents, status, provider, created_at, updated_at)
            SELECT ?, ?, ?, ?, 'creating', ?, ?, ? WHERE ${AWAITING} AND ${guard.sql}`,
      args: [id, p.userId, p.requestKey ?? null, p.amountCents, provider.name, at, at, p.userId, waitingMax, ...guard.args],
    });
    if (made.rowsAffected === 0) {
      const r = await client.execute({ sql: `SELECT ${AWAITING} AS ok`, args: [p.userId, waitingMax] });
      throw Number(r.rows[0]!.ok) ? await depositRaceLost(client, p.userId, p.amountCents, at) : tooManyAwaiting(waitingMax);
    }
  }

  let invoice: Invoice;
  let methods: InvoicePaymentMethod[];
  try {
    // Resuming a creation whose answer was lost: the provider may already hold the invoice for this order.
    const made = deposit ? (await provider.findInvoicesByOrderId(id))[0] : undefined;
    invoice = made ?? (await provider.createInvoice({
      orderId: id, amountCents: p.amountCents, expirationMinutes: INVOICE_MINUTES, paymentMethods: PAYMENT_METHODS, buyerEmail: p.email,
    }));
    methods = (await provider.getInvoicePaymentMethods(invoice.id)).filter((m) => m.activated && m.destination);
    if (!methods.length) throw new PaymentsError('The invoice has no payment method', 'refused', 'no-payment-method');
  } catch (e) {
    if (!(e instanceof PaymentsError)) throw e;
    // The reason names the payment provider's call and what went wrong (never a key); an outage is an error to see.
    const line = e.kind === 'unavailable' ? logger.error : logger.info;
    line.call(logger, 'deposit invoice not created', { depositId: id, provider: provider.name, kind: e.kind, code: e.code ?? null, reason: redactMessage(e.message) });
    await client.execute({ sql: `UPDATE deposits SET status = 'failed', updated_at = ? WHERE id = ?`, args: [Date.now(), id] });
    throw new AppError(503, UNAVAILABLE(), 'PAYMENTS_UNAVAILABLE');
  }
  const ln = methods.find((m) => m.paymentMethodId === 'BTC-LN');
  const chain = methods.find((m) => m.paymentMethodId === 'BTC-CHAIN');
  const any = (chain ?? ln)!;
  const historyId = Bun.randomUUIDv7();
  await client.batch([
    {
      sql: `UPDATE deposits SET status = 'pending', invoice_id = ?, invoice_status = ?, lightning_destination = ?, onchain_destination = ?,
              btc_due = ?, rate = ?, expires_at = ?, monitoring_expires_at = ?, history_id = ?, updated_at = ? WHERE id = ?`,
      args: [invoice.id, invoice.status, ln?.destination ?? null, chain?.destination ?? null, any.due, any.rate, invoice.expiresAt,
        invoice.monitoringExpiresAt, historyId, Date.now(), id],
    },
    {
      sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, created_at)
            VALUES (?, ?, ?, 'DEPOSIT', 'in', 'pending', ?, ?, ?)`,
      args: [historyId, readableId(), p.userId, p.amountCents, invoice.id, at],
    },
  ], 'write');
  return (await getDeposit(client, p.userId, id))!;
}
