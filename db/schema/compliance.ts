import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';
import { withdrawals } from './withdrawals';

/**
 * A compliance case: one rule's concern about one player (docs/decisions/compliance-watch.md). Open until an operator
 * clears or escalates it; while open, a new hit of the same rule for the same player adds to it (one open case per
 * player and rule). `holds`: the player's withdrawals wait, not sent to the payment provider, while it is open.
 * Severity 1 low, 2 medium, 3 high, 4 critical (a sanctioned destination).
 */
export const complianceCases = sqliteTable(
  'compliance_cases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id),
    rule: text('rule').notNull(),
    severity: integer('severity').notNull(),
    holds: integer('holds').notNull().default(0),
    status: text('status', { enum: ['open', 'cleared', 'escalated'] }).notNull().default('open'),
    hits: integer('hits').notNull().default(1),
    openedAt: integer('opened_at').notNull(),
    lastHitAt: integer('last_hit_at').notNull(),
    decidedAt: integer('decided_at'),
    decidedBy: text('decided_by'),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('compliance_cases_open_unique').on(t.userId, t.rule).where(sql`${t.status} = 'open'`),
    index('compliance_cases_status_idx').on(t.status, t.openedAt),
    index('compliance_cases_user_idx').on(t.userId, t.openedAt),
    check('compliance_cases_status', sql`${t.status} IN ('open', 'cleared', 'escalated')`),
    check('compliance_cases_severity', sql`${t.severity} BETWEEN 1 AND 4`),
  ],
);

/** What a rule saw each time it tripped (facts: JSON, cents and ms); `ref` names what tripped it. Never changed. */
export const complianceHits = sqliteTable(
  'compliance_hits',
  {
    id: text('id').primaryKey(),
    caseId: text('case_id').references(() => complianceCases.id),
    userId: text('user_id').notNull(),
    rule: text('rule').notNull(),
    ref: text('ref').notNull(),
    facts: text('facts').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [uniqueIndex('compliance_hits_ref_unique').on(t.ref, t.rule, t.userId), index('compliance_hits_case_idx').on(t.caseId, t.at)],
);

/** A withdrawal's destination as the network reads it, and the last ledger entry when it was asked for. */
export const withdrawalScreens = sqliteTable(
  'withdrawal_screens',
  {
    withdrawalId: text('withdrawal_id').primaryKey().references(() => withdrawals.id),
    userId: text('user_id').notNull(),
    destinationKey: text('destination_key'),
    entryMark: integer('entry_mark'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('withdrawal_screens_destination_idx').on(t.destinationKey, t.userId).where(sql`${t.destinationKey} IS NOT NULL`)],
);

/** The sanctioned addresses and Lightning nodes (normalised), replaced whole by each import. */
export const sanctionedAddresses = sqliteTable('sanctioned_addresses', { address: text('address').primaryKey() });

/** The last sanctions import: where it came from, the list's own date, when it was loaded and how many entries. */
export const sanctionsList = sqliteTable(
  'sanctions_list',
  {
    id: integer('id').primaryKey(),
    source: text('source').notNull(),
    listDate: integer('list_date').notNull(),
    importedAt: integer('imported_at').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [check('sanctions_list_one', sql`${t.id} = 1`)],
);

/** A player whose cash-out is frozen until an operator unfreezes it. */
export const cashOutFreezes = sqliteTable('cash_out_freezes', {
  userId: text('user_id').primaryKey().references(() => users.id),
  caseId: text('case_id'),
  reason: text('reason').notNull(),
  frozenBy: text('frozen_by'),
  frozenAt: integer('frozen_at').notNull(),
});

/** How far the watch job has read each of its sources. */
export const complianceCursors = sqliteTable('compliance_cursors', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
  updatedAt: integer('updated_at').notNull(),
});
