import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * One row per (player, Idempotency-Key). While the first request runs, status_code is NULL and locked_at
 * holds its lease; afterwards the row keeps the answer (status and JSON body) to replay. After the retention
 * window the answer is dropped and the row stays, binding the key to its request's fingerprint.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(), // sha-256 of method, path and canonical JSON body
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: integer('created_at').notNull(),
    lockedAt: integer('locked_at').notNull(),
    /** When the key was first stored: a player's new keys of the last 24 hours are counted by it. */
    firstUsedAt: integer('first_used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_answered_idx').on(t.createdAt).where(sql`response_body IS NOT NULL`),
    index('idempotency_keys_first_used_idx').on(t.userId, t.firstUsedAt).where(sql`first_used_at IS NOT NULL`),
  ],
);
