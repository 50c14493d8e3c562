import { sql } from 'drizzle-orm';
import { blob, integer, sqliteTable, text, uniqueIndex, index } from 'drizzle-orm/sqlite-core';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    playerId: integer('player_id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    phoneNo: text('phone_no'),
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    pendingEmail: text('pending_email'),
    referralSource: text('referral_source'),
    termsVersionAccepted: integer('terms_version_accepted').notNull(),
    termsAcceptedAt: integer('terms_accepted_at', { mode: 'timestamp_ms' }).notNull(),
    ageConfirmedAt: integer('age_confirmed_at', { mode: 'timestamp_ms' }).notNull(),
    role: text('role', { enum: ['USER', 'ADMIN'] }).notNull().default('USER'),
    /** Set by an operator: the player cannot sign in and every session of theirs has ended; their money stays. */
    lockedAt: integer('locked_at', { mode: 'timestamp_ms' }),
    /** The US state given at registration (asked when RESTRICTED_STATES is set). */
    registeredState: text('registered_state'),
    /** The player's language for pages, API messages and e-mails ('en' or 'es'); null: never chosen. */
    language: text('language', { enum: ['en', 'es'] }),
    /** 32 random bytes made once, shown only to the player: the key of their leaves in each proof of liabilities. */
    solvencyNonce: blob('solvency_nonce', { mode: 'buffer' }),
    /** An operator made by `coinreel admin create` who has not chosen a password yet (the hash is of a random one). */
    passwordUnset: integer('password_unset', { mode: 'boolean' }).notNull().default(false),
    /** The player agreed to appear (without a name) among the public ticker's recent cash-outs; off by default. */
    tickerOptIn: integer('ticker_opt_in', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    // Case-insensitive uniqueness: emails are stored lower-cased and indexed on that form.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_player_id_unique').on(t.playerId),
    // The few players the live ticker may show, without reading every account.
    index('users_ticker_opt_in_idx').on(t.id).where(sql`ticker_opt_in = 1`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    remember: integer('remember', { mode: 'boolean' }).notNull().default(false),
    /** Where the session was started, for the player's list of signed-in devices. */
    ip: text('ip'),
    device: text('device'),
    /** SHA-256 of the browser's long-lived device cookie: tells a device seen before from a new one. */
    deviceKey: text('device_key'),
    /** Moved forward by the session lookup at most once a minute. */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
    /** How it was signed in: the console opens only for a session that passed a second factor. */
    signedInWith: text('signed_in_with', { enum: ['password', 'password_code', 'recovery_code'] }).notNull().default('password'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
