import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * A withdrawal to Bitcoin. The row is written in the same transaction as the ledger hold of amount + tip, so it is
 * the recorded intent before BTCPay is asked for a payout (attempts > 0 means: look the payout up before creating).
 * - status: creating (no payout yet) → pending (payout exists) → completed | cancelled | failed; cancelling: an operator's
 *   reject (or a cancel) has claimed the row and is cancelling the payout before the credits go back.
 * - payoutState: BTCPay's, as last read while the withdrawal was open, and left so when it ends (the status says how;
 *   the player's history derives "approved" from it, the audit trail recorded it): the console shows it only while open.
 */
export const withdrawals = sqliteTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    currency: text('currency', { enum: ['BTC-CHAIN', 'BTC-LN'] }).notNull(),
    destination: text('destination').notNull(),
    amountCents: integer('amount_cents').notNull(),
    tipCents: integer('tip_cents').notNull().default(0),
    rate: text('rate').notNull(),
    btcAmount: text('btc_amount').notNull(),
    /** BTCPay takes the amount from a BOLT11 that carries one: we send none then. */
    sendAmount: integer('send_amount').notNull().default(1),
    holdId: text('hold_id').notNull(),
    provider: text('provider').notNull(),
    payoutId: text('payout_id'),
    payoutState: text('payout_state'),
    status: text('status', { enum: ['creating', 'pending', 'cancelling', 'completed', 'cancelled', 'failed'] }).notNull(),
    reason: text('reason'),
    proof: text('proof'),
    attempts: integer('attempts').notNull().default(0),
    historyId: text('history_id').notNull(),
    /** The limits the request was checked under; the trigger withdrawals_within_limits re-checks them on insert. */
    openLimit: integer('open_limit'),
    dailyLimitCents: integer('daily_limit_cents'),
    /** 1: created approved; 0: waits for an operator (decided on insert, against the day's auto-approved total). */
    autoApproved: integer('auto_approved'),
    /** Identity before cash-out; the trigger withdrawals_within_identity_limits re-checks them on insert. */
    identityLimitCents: integer('identity_limit_cents'),
    taxLimitCents: integer('tax_limit_cents'),
    taxYearStart: integer('tax_year_start'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('withdrawals_hold_unique').on(t.holdId),
    uniqueIndex('withdrawals_history_unique').on(t.historyId),
    uniqueIndex('withdrawals_payout_unique').on(t.payoutId).where(sql`${t.payoutId} IS NOT NULL`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_open_idx').on(t.status).where(sql`${t.status} IN ('creating', 'pending')`),
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0 AND ${t.tipCents} >= 0`),
  ],
);
