import { sql } from 'drizzle-orm';
import { blob, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * A published proof of liabilities (docs/solvency.md): immutable once written (triggers in migration 0028).
 * `seq` makes the chain of previous roots one line; `reserves` is the JSON shown beside the total.
 */
export const solvencySnapshots = sqliteTable(
  'solvency_snapshots',
  {
    id: text('id').primaryKey(),
    seq: integer('seq').notNull(),
    createdAt: integer('created_at').notNull(),
    rootDigest: text('root_digest').notNull(),
    rootCents: integer('root_cents').notNull(),
    previousRoot: text('previous_root'),
    players: integer('players').notNull(),
    leaves: integer('leaves').notNull(),
    jsonBytes: integer('json_bytes').notNull(),
    gzipBytes: integer('gzip_bytes').notNull(),
    chunks: integer('chunks').notNull(),
    fileSha256: text('file_sha256').notNull(),
    reserves: text('reserves'),
  },
  (t) => [uniqueIndex('solvency_snapshots_seq_unique').on(t.seq), check('solvency_snapshots_root_nonnegative', sql`${t.rootCents} >= 0`)],
);

/** The published file, gzip-compressed, in pieces of about a megabyte. */
export const solvencyChunks = sqliteTable(
  'solvency_chunks',
  {
    snapshotId: text('snapshot_id').notNull(),
    n: integer('n').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.n] })],
);

/** Each player's liability in the latest snapshots: their own answer and notice, never public. */
export const solvencyInclusions = sqliteTable(
  'solvency_inclusions',
  {
    snapshotId: text('snapshot_id').notNull(),
    userId: text('user_id').notNull(),
    liabilityCents: integer('liability_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.userId] }), index('solvency_inclusions_user_idx').on(t.userId)],
);

/** How far a snapshot's notices have got, so a crash mid-way resumes. */
export const solvencyNotices = sqliteTable('solvency_notices', {
  snapshotId: text('snapshot_id').primaryKey(),
  throughUserId: text('through_user_id').notNull().default(''),
  finishedAt: integer('finished_at'),
});
