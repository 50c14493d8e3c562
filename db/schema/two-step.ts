import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * A player's two-step verification (TOTP, RFC 6238). Secrets are sealed with the credential cipher, bound to the
 * player's id. `pendingSecret` is the one being set up; `secret` is the one in use once `enabledAt` is set.
 * `lastStep` is the last time step a code was accepted for, so a code works once (RFC 6238 §5.2).
 * `awaiting*`: an operator's set-up whose first code was right, waiting for the link mailed to the account's address
 * to be opened in the session that asked (`awaitingSessionId`); `awaitingTokenHash` names that link's email_tokens row.
 */
export const userTotp = sqliteTable('user_totp', {
  userId: text('user_id').primaryKey().references(() => users.id),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  pendingCreatedAt: integer('pending_created_at', { mode: 'timestamp_ms' }),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  lastStep: integer('last_step'),
  awaitingSecret: text('awaiting_secret'),
  awaitingStep: integer('awaiting_step'),
  awaitingSessionId: text('awaiting_session_id'),
  awaitingTokenHash: text('awaiting_token_hash'),
});

/** Ten single-use recovery codes a player keeps in case the phone is lost; only a SHA-256 of each is kept. */
export const totpRecoveryCodes = sqliteTable(
  'totp_recovery_codes',
  {
    userId: text('user_id').notNull().references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  // The key's first column serves the per-player look-ups.
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
