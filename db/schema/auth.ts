import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * One-time links mailed to a player. Only the SHA-256 of the token is kept, so a leaked database cannot
 * be used to verify, reset or take over an account. `email` is the new address for an e-mail change.
 */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    purpose: text('purpose', { enum: ['verify', 'reset', 'email_change', 'email_undo', 'set_password'] }).notNull(),
    email: text('email'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);
