import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * A player's own deposit limit for one period. A tighter limit applies at once; a looser one (or removing one) waits
 * in `pending*` until `pendingEffectiveAt`, and is read as current from then on (computed on read, no job).
 * `pendingSet` tells a pending removal (amount NULL) from no pending change.
 */
export const depositLimits = sqliteTable(
  'deposit_limits',
  {
    userId: text('user_id').notNull().references(() => users.id),
    period: text('period', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    amountCents: integer('amount_cents'),
    pendingSet: integer('pending_set', { mode: 'boolean' }).notNull().default(false),
    pendingAmountCents: integer('pending_amount_cents'),
    pendingEffectiveAt: integer('pending_effective_at'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/**
 * Responsible-gaming state of a player: their time zone (for limit periods) and the end of a cool-off or
 * self-exclusion. Ends only move later; nothing the player can call moves them earlier.
 */
export const playControls = sqliteTable('play_controls', {
  userId: text('user_id').primaryKey().references(() => users.id),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** A new time zone waits a day like a looser limit (moving the period's start could open a fresh window at once). */
  pendingTimeZone: text('pending_time_zone'),
  pendingTimeZoneAt: integer('pending_time_zone_at'),
  coolOffUntil: integer('cool_off_until'),
  selfExcludedUntil: integer('self_excluded_until'),
  selfExcludedPermanent: integer('self_excluded_permanent', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
});

/** What happened to an account, for the player's security activity list. */
export const securityEvents = sqliteTable(
  'security_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    type: text('type').notNull(),
    at: integer('at').notNull(),
    ip: text('ip'),
    device: text('device'),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.at)],
);
