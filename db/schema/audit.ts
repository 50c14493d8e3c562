import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Every operator action: who, what, on what, why, the state before and after (JSON), when and from where.
 * Append-only: triggers in the migration refuse any update or delete, so the trail cannot be edited afterwards.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    /** The operator's user id, or `cli:<name>` for an operator command run on the server. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason'),
    before: text('before'),
    after: text('after'),
    ip: text('ip'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId, t.createdAt), index('audit_log_action_idx').on(t.action, t.createdAt),
    // A player's trail: rows about them and what is theirs, by target id (migration 0024).
    index('audit_log_target_idx').on(t.targetId, t.createdAt)],
);
