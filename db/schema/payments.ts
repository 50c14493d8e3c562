import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * A player's request to deposit: recorded before the invoice is asked for (its id is the invoice's orderId), so a
 * creation whose answer was lost can be found again at the provider instead of making a second invoice.
 * - status: creating → pending → completed (credits arrived) | expired (nothing paid in time) | failed (no invoice).
 * - creditedCents: what has reached the wallet; processingCents: seen but unconfirmed (shown, never credited).
 * - closedAt: set once the invoice can no longer receive payments; reconciliation stops there.
 */
export const deposits = sqliteTable(
  'deposits',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    requestKey: text('request_key'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['creating', 'pending', 'completed', 'expired', 'failed'] }).notNull(),
    provider: text('provider').notNull(),
    invoiceId: text('invoice_id'),
    invoiceStatus: text('invoice_status'),
    lightningDestination: text('lightning_destination'),
    onchainDestination: text('onchain_destination'),
    btcDue: text('btc_due'),
    rate: text('rate'),
    creditedCents: integer('credited_cents').notNull().default(0),
    /** What arrived past a deposit limit or during a break: in the player's held account, not the wallet. */
    heldCents: integer('held_cents').notNull().default(0),
    processingCents: integer('processing_cents').notNull().default(0),
    historyId: text('history_id'),
    expiresAt: integer('expires_at'),
    monitoringExpiresAt: integer('monitoring_expires_at'),
    closedAt: integer('closed_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('deposits_invoice_unique').on(t.invoiceId).where(sql`${t.invoiceId} IS NOT NULL`),
    // One deposit per (player, Idempotency-Key): a retried request finds the deposit it already made.
    uniqueIndex('deposits_request_unique').on(t.userId, t.requestKey).where(sql`${t.requestKey} IS NOT NULL`),
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_open_idx').on(t.closedAt).where(sql`${t.closedAt} IS NULL`),
    check('deposits_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Each payment to a deposit's invoice as last read from the provider; `transferId` once it was credited. */
export const depositPayments = sqliteTable(
  'deposit_payments',
  {
    depositId: text('deposit_id').notNull().references(() => deposits.id),
    paymentId: text('payment_id').notNull(),
    method: text('method').notNull(),
    status: text('status', { enum: ['Processing', 'Settled', 'Invalid'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    transferId: text('transfer_id'),
    /** Of amountCents, what was held instead of credited to the wallet. */
    heldCents: integer('held_cents').notNull().default(0),
    /** Set once a credited payment BTCPay later reported Invalid was taken back. */
    reversedAt: integer('reversed_at'),
    /** Of a reversal, what the wallet no longer had: recorded as the player's debt. */
    debtCents: integer('debt_cents').notNull().default(0),
    seenAt: integer('seen_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.depositId, t.paymentId] })],
);

/**
 * A held payment: money that arrived past a deposit limit or during a cool-off or self-exclusion, kept in the
 * player's held account (ledger h:<player>) until an operator releases it to the wallet or refunds it as a payout.
 * - status: held → released | refunded (the refund's withdrawal row carries the payout) | reversed (BTCPay later
 *   called the payment Invalid and it was taken back).
 */
export const heldFunds = sqliteTable(
  'held_funds',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    depositId: text('deposit_id').notNull().references(() => deposits.id),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: ['limit', 'cool_off', 'self_exclusion'] }).notNull(),
    status: text('status', { enum: ['held', 'released', 'refunded', 'reversed'] }).notNull().default('held'),
    transferId: text('transfer_id').notNull(),
    historyId: text('history_id').notNull(),
    withdrawalId: text('withdrawal_id'),
    refundAddress: text('refund_address'),
    resolvedBy: text('resolved_by'),
    resolvedAt: integer('resolved_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('held_funds_payment_unique').on(t.depositId, t.paymentId),
    index('held_funds_user_idx').on(t.userId, t.createdAt),
    index('held_funds_open_idx').on(t.status).where(sql`${t.status} = 'held'`),
    check('held_funds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Webhook deliveries by their original id: a redelivery of one already handled is acknowledged and skipped. */
export const webhookDeliveries = sqliteTable('webhook_deliveries', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at').notNull(),
  handledAt: integer('handled_at'),
});

/** The sandbox payment provider's own records: what a BTCPay store would hold, kept here for the embedded default. */
export const sandboxInvoices = sqliteTable('sandbox_invoices', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  body: text('body').notNull(), // JSON: invoice, methods and payments
  createdAt: integer('created_at').notNull(),
});

export const sandboxPayouts = sqliteTable('sandbox_payouts', {
  id: text('id').primaryKey(),
  withdrawalId: text('withdrawal_id'),
  body: text('body').notNull(), // JSON: the payout
  createdAt: integer('created_at').notNull(),
});
