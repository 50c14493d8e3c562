import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/** The player-facing history row; the money itself moves in the ledger (transfer_id links them). */
export const transactions = sqliteTable(
  'transactions',
  {
    id: text('id').primaryKey(),
    uuid: text('uuid').notNull(),
    userId: text('user_id').notNull().references(() => users.id),
    type: text('type', { enum: ['TRANSFER', 'REDEEM', 'DEPOSIT', 'WITHDRAW', 'P2P', 'FREEPLAY', 'ADJUSTMENT'] }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    orderId: text('order_id'),
    gameId: text('game_id'),
    gameName: text('game_name'),
    counterparty: text('counterparty'),
    transferId: text('transfer_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('transactions_user_type_idx').on(t.userId, t.type, t.createdAt),
    // The All tab of the history, newest first, and a receipt or support lookup by the ID a player quotes:
    // without them each reads every row of the player, and a busy player's P2P slowed with every transfer.
    index('transactions_user_created_idx').on(t.userId, t.createdAt),
    index('transactions_user_uuid_idx').on(t.userId, t.uuid),
  ],
);

/**
 * A counter per player that moves with every change to their history (kept by triggers, migration
 * history_versions): a history page cached under it can never be stale, on any instance.
 */
export const historyVersions = sqliteTable('history_versions', {
  userId: text('user_id').primaryKey().references(() => users.id),
  version: integer('version').notNull(),
});

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** Its words as a message key and inputs (JSON), said in the reader's language; null: `content` as written. */
    message: text('message'),
    /** A page of the site the notice points to (the proof of liabilities' check), or null. */
    link: text('link'),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

export const freeplayCodes = sqliteTable(
  'freeplay_codes',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    expiresAt: integer('expires_at').notNull(),
    maxRedemptions: integer('max_redemptions').notNull(),
    redemptions: integer('redemptions').notNull().default(0),
    /** Set by an operator: the code redeems no more (its past redemptions stand). */
    disabledAt: integer('disabled_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('freeplay_codes_code_unique').on(t.code),
    // The cap holds inside the redeeming transaction: one redemption too many aborts it.
    check('freeplay_cap', sql`${t.redemptions} <= ${t.maxRedemptions}`),
    check('freeplay_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

export const freeplayRedemptions = sqliteTable(
  'freeplay_redemptions',
  {
    id: text('id').primaryKey(),
    codeId: text('code_id').notNull().references(() => freeplayCodes.id),
    userId: text('user_id').notNull().references(() => users.id),
    transferId: text('transfer_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('freeplay_redemptions_once').on(t.codeId, t.userId)],
);
