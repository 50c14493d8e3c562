import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * One row per ledger account. Balances are kept here so a movement updates two rows instead of summing
 * history; `ledger:verify` proves they still equal the sum of the entries.
 * - balance_cents: posted credits minus posted debits.
 * - pending_cents: the amounts of live holds that debit this account (reserved, not yet moved).
 */
export const accounts = sqliteTable(
  'accounts',
  {
    id: text('id').primaryKey(), // w:<userId> | g:<userId>:<gameId> | s:<name>
    kind: text('kind', { enum: ['wallet', 'game', 'system'] }).notNull(),
    userId: text('user_id'),
    balanceCents: integer('balance_cents').notNull().default(0),
    pendingCents: integer('pending_cents').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    check('accounts_kind', sql`${t.kind} IN ('wallet', 'game', 'system')`),
    // The overdraft rule lives in the database: a movement that would break it aborts its whole transaction.
    // System accounts are where money enters and leaves, so they may go negative and everything sums to zero.
    check('accounts_available_nonnegative', sql`${t.kind} = 'system' OR ${t.balanceCents} - ${t.pendingCents} >= 0`),
    check('accounts_pending_nonnegative', sql`${t.pendingCents} >= 0`),
    // Keeps every balance readable as an exact JavaScript number.
    check('accounts_balance_safe', sql`abs(${t.balanceCents}) <= 9007199254740991 AND ${t.pendingCents} <= 9007199254740991`),
    index('accounts_user_idx').on(t.userId),
  ],
);

/**
 * A movement between two accounts. `kind` says which phase it is:
 * - transfer: posted at once (has two entries);
 * - hold: reserves the debit side's available balance (no entries); its status goes pending → posted | voided;
 * - post / void: settles the hold named by pending_id (a post has two entries for the amount it moved).
 * Rows are immutable apart from a hold's single status change (enforced by triggers in the migration).
 */
export const transfers = sqliteTable(
  'transfers',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['transfer', 'hold', 'post', 'void'] }).notNull(),
    code: text('code').notNull(),
    debitAccountId: text('debit_account_id').notNull(),
    creditAccountId: text('credit_account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['posted', 'pending', 'voided'] }).notNull(),
    pendingId: text('pending_id'),
    externalRef: text('external_ref'),
    metadata: text('metadata'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    check('transfers_amount_positive', sql`${t.amountCents} > 0`),
    check('transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check(
      'transfers_kind_status',
      sql`(${t.kind} = 'transfer' AND ${t.status} = 'posted' AND ${t.pendingId} IS NULL)
       OR (${t.kind} = 'hold' AND ${t.pendingId} IS NULL)
       OR (${t.kind} = 'post' AND ${t.status} = 'posted' AND ${t.pendingId} IS NOT NULL)
       OR (${t.kind} = 'void' AND ${t.status} = 'voided' AND ${t.pendingId} IS NOT NULL)`,
    ),
    // An outside event (payment id, payout id, provider reference) moves money at most once.
    uniqueIndex('transfers_external_ref_unique').on(t.externalRef).where(sql`${t.externalRef} IS NOT NULL`),
    // A hold is settled at most once, even when two settlements race.
    uniqueIndex('transfers_pending_id_unique').on(t.pendingId).where(sql`${t.pendingId} IS NOT NULL`),
    index('transfers_live_holds_idx').on(t.debitAccountId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Double-entry lines: each posted movement writes −amount on its debit account and +amount on its credit account. */
export const entries = sqliteTable(
  'entries',
  {
    id: integer('id').primaryKey(),
    transferId: text('transfer_id').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [check('entries_amount_nonzero', sql`${t.amountCents} <> 0`), index('entries_account_idx').on(t.accountId, t.id)],
);
