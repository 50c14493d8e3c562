import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/** The games players can hold accounts in. Seeded at start-up (the download link comes from config). */
export const games = sqliteTable('games', {
  id: text('id').primaryKey(), // the slug: ultra-panda, vblink
  name: text('name').notNull(),
  description: text('description').notNull(),
  image: text('image').notNull(),
  gameLink: text('game_link').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  /** Set when an operator changed the download link: start-up keeps theirs instead of the configured one. */
  linkSetAt: integer('link_set_at'),
  sort: integer('sort').notNull().default(0),
});

/**
 * A player's account in one game. `status` is `creating` while the provider makes it (an operator task under the
 * manual provider), then `active`. The password is AES-256-GCM ciphertext under CREDENTIAL_KEY.
 */
export const userGames = sqliteTable(
  'user_games',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    gameId: text('game_id').notNull().references(() => games.id),
    status: text('status', { enum: ['creating', 'active'] }).notNull(),
    userName: text('user_name'),
    passwordEnc: text('password_enc'),
    /** Our reference for the provider's account creation: a retry after a crash creates nothing twice. */
    ref: text('ref').notNull(),
    resetPending: integer('reset_pending', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // One account per player and game, however many first reads race.
    uniqueIndex('user_games_user_game_unique').on(t.userId, t.gameId),
    uniqueIndex('user_games_user_name_unique').on(t.gameId, t.userName).where(sql`${t.userName} IS NOT NULL`),
  ],
);

/**
 * A load (wallet → game) or redeem (game → wallet) and where it stands with the provider. `ref` is the reference
 * the provider sees, so a call whose answer was lost can be looked up, and retried without moving credits twice.
 */
export const gameOrders = sqliteTable(
  'game_orders',
  {
    id: text('id').primaryKey(),
    ref: text('ref').notNull(),
    userId: text('user_id').notNull().references(() => users.id),
    gameId: text('game_id').notNull().references(() => games.id),
    userName: text('user_name').notNull(),
    kind: text('kind', { enum: ['load', 'redeem'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['pending', 'completed', 'failed'] }).notNull(),
    /** The wallet hold of a load (null for a redeem). */
    holdId: text('hold_id'),
    /** The posted ledger movement, once there is one. */
    transferId: text('transfer_id'),
    reason: text('reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('game_orders_ref_unique').on(t.ref),
    index('game_orders_pending_idx').on(t.status, t.createdAt).where(sql`${t.status} = 'pending'`),
    check('game_orders_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** A player's request for a new game password (the requested password kept encrypted until applied). */
export const gamePasswordRequests = sqliteTable(
  'game_password_requests',
  {
    id: text('id').primaryKey(),
    userGameId: text('user_game_id').notNull().references(() => userGames.id),
    userId: text('user_id').notNull().references(() => users.id),
    passwordEnc: text('password_enc').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    completedAt: integer('completed_at'),
  },
  (t) => [index('game_password_requests_user_game_idx').on(t.userGameId)],
);

/**
 * The manual provider's queue: each account creation, load, redeem and password reset an operator completes in
 * the game's back office. `ref` is the same reference the order or account carries.
 */
export const gameTasks = sqliteTable(
  'game_tasks',
  {
    id: text('id').primaryKey(),
    ref: text('ref').notNull(),
    kind: text('kind', { enum: ['create_account', 'load', 'redeem', 'set_password'] }).notNull(),
    gameId: text('game_id').notNull(),
    userName: text('user_name').notNull(),
    amountCents: integer('amount_cents'),
    /** For account creation and password resets: the password to set, encrypted. */
    secretEnc: text('secret_enc'),
    status: text('status', { enum: ['open', 'done', 'failed'] }).notNull(),
    /** What the operator confirmed: a redeem may confirm less than asked. */
    confirmedCents: integer('confirmed_cents'),
    note: text('note'),
    createdAt: integer('created_at').notNull(),
    completedAt: integer('completed_at'),
  },
  (t) => [uniqueIndex('game_tasks_ref_unique').on(t.ref), index('game_tasks_status_idx').on(t.status, t.createdAt),
    // A player's audit trail finds the tasks of their game accounts by game and user name (migration 0024).
    index('game_tasks_account_idx').on(t.gameId, t.userName)],
);

/** The sandbox vendor's own books: accounts and in-game balances, as a real game's back office keeps them. */
export const sandboxGameAccounts = sqliteTable(
  'sandbox_game_accounts',
  {
    gameId: text('game_id').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    balanceCents: integer('balance_cents').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('sandbox_game_accounts_pk').on(t.gameId, t.userName), check('sandbox_balance_nonnegative', sql`${t.balanceCents} >= 0`)],
);

/** Every money call the sandbox vendor answered, by the caller's reference: a repeat is answered, not re-applied. */
export const sandboxGameCalls = sqliteTable('sandbox_game_calls', {
  ref: text('ref').primaryKey(),
  kind: text('kind').notNull(),
  gameId: text('game_id').notNull(),
  userName: text('user_name').notNull(),
  amountCents: integer('amount_cents').notNull(),
  createdAt: integer('created_at').notNull(),
});
