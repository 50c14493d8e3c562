import type { InStatement } from '@libsql/client';
import { markUnderReview } from './held';
import { ruleSql, type RuleId } from './rules';

/** One rule tripping for one player: what it saw (cents, ms, ids, the other players) and what tripped it. */
export type Hit = { userId: string; rule: RuleId; ref: string; facts: Record<string, unknown>; at: number };

/** A hit as a statement; the same hit again (same ref, rule and player) adds nothing. */
export const hitStatement = (h: Hit): InStatement => ({
  sql: 'INSERT OR IGNORE INTO compliance_hits (id, case_id, user_id, rule, ref, facts, at) VALUES (?, NULL, ?, ?, ?, ?, ?)',
  args: [Bun.randomUUIDv7(), h.userId, h.rule, h.ref, JSON.stringify(h.facts), h.at],
});

/**
 * Files the hits not yet in a case (those of `ref` only, when given): each opens its player's case of that rule, or
 * adds to the one already open. Statements for the transaction that wrote the hits.
 */
export function fileHits(ref?: string): InStatement[] {
  const only = ref === undefined ? '' : ' AND h.ref = ?';
  const args = ref === undefined ? [] : [ref];
  return [
    {
      sql: `INSERT INTO compliance_cases (id, user_id, rule, severity, holds, status, hits, opened_at, last_hit_at)
            SELECT lower(hex(randomblob(16))), h.user_id, h.rule, ${ruleSql('h.rule', 'severity')}, ${ruleSql('h.rule', 'holds')}, 'open', 1, h.at, h.at
            FROM compliance_hits h WHERE h.case_id IS NULL${only}
            ON CONFLICT (user_id, rule) WHERE status = 'open' DO UPDATE SET hits = hits + 1, last_hit_at = max(last_hit_at, excluded.last_hit_at)`,
      args,
    },
    {
      sql: `UPDATE compliance_hits SET case_id = (SELECT c.id FROM compliance_cases c WHERE c.user_id = compliance_hits.user_id AND c.rule = compliance_hits.rule AND c.status = 'open')
            WHERE case_id IS NULL${only.replace('h.ref', 'ref')}`,
      args,
    },
  ];
}

/**
 * A hit that freezes the player's cash-out (a sanctioned destination): the hit, its case, the freeze naming the case,
 * and the player's waiting withdrawals marked under review, for one transaction.
 */
export function freezingHit(h: Hit, reason: string): InStatement[] {
  return [
    hitStatement(h),
    ...fileHits(h.ref),
    {
      sql: `INSERT INTO cash_out_freezes (user_id, case_id, reason, frozen_by, frozen_at)
            SELECT user_id, id, ?, NULL, ? FROM compliance_cases WHERE user_id = ? AND rule = ? AND status = 'open'
            ON CONFLICT (user_id) DO NOTHING`,
      args: [reason, h.at, h.userId, h.rule],
    },
    markUnderReview(h.userId),
  ];
}
