import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type Actor } from '../admin/audit';
import { getCase } from './cases';
import { markUnderReview, unmarkReleased } from './held';

/** After a case or a freeze no longer holds a player's withdrawals: those held only by it go on to the provider. */
export type Release = (userId: string) => Promise<unknown>;

async function mustFind(client: Client, id: string) {
  const c = await getCase(client, id);
  if (!c) throw AppError.notFound('Case not found');
  return c;
}

const state = (c: { status: string; hits: number }) => ({ status: c.status, hits: c.hits });

/**
 * Clears a case (open or escalated): its hold ends, and the withdrawals it alone held go to the provider as any other
 * would. One conditional update, so of two operators deciding at once one wins. A frozen cash-out stays frozen: that
 * is undone on its own (unfreeze).
 */
export async function clearCase(client: Client, release: Release | undefined, actor: Actor, id: string, reason: string, now = Date.now()) {
  const before = await mustFind(client, id);
  const [won] = await client.batch([
    { sql: `UPDATE compliance_cases SET status = 'cleared', decided_at = ?, decided_by = ?, reason = ? WHERE id = ? AND status IN ('open', 'escalated')`,
      args: [now, actor.id, reason, id] },
    unmarkReleased(before.case.userId),
  ], 'write');
  if (won!.rowsAffected !== 1) throw AppError.conflict('This case is already cleared.', 'INVALID_STATE');
  await writeAudit(client, actor, { action: 'case.clear', targetType: 'compliance_case', targetId: id, reason,
    before: state(before.case), after: { status: 'cleared', userId: before.case.userId, rule: before.case.rule } }, now);
  await release?.(before.case.userId);
  return (await getCase(client, id))!;
}

/**
 * Escalates an open case: its withdrawals stay held, now by the player's frozen cash-out, which only an operator
 * lifts (unfreeze). The freeze is written before the case leaves `open`, in one transaction, so no moment exists in
 * which neither holds them.
 */
export async function escalateCase(client: Client, actor: Actor, id: string, reason: string, now = Date.now()) {
  const before = await mustFind(client, id);
  const [, won] = await client.batch([
    { sql: `INSERT INTO cash_out_freezes (user_id, case_id, reason, frozen_by, frozen_at)
            SELECT user_id, id, ?, ?, ? FROM compliance_cases WHERE id = ? AND status = 'open' ON CONFLICT (user_id) DO NOTHING`,
      args: [reason, actor.id, now, id] },
    { sql: `UPDATE compliance_cases SET status = 'escalated', decided_at = ?, decided_by = ?, reason = ? WHERE id = ? AND status = 'open'`, args: [now, actor.id, reason, id] },
    markUnderReview(before.case.userId),
  ], 'write');
  if (won!.rowsAffected !== 1) throw AppError.conflict(`This case is ${before.case.status === 'open' ? 'no longer open' : before.case.status}: only an open case can be escalated.`, 'INVALID_STATE');
  await writeAudit(client, actor, { action: 'case.escalate', targetType: 'compliance_case', targetId: id, reason,
    before: state(before.case), after: { status: 'escalated', userId: before.case.userId, rule: before.case.rule, cashOutFrozen: true } }, now);
  return (await getCase(client, id))!;
}

/** Lifts a player's frozen cash-out: the withdrawals it alone held go on to the provider. */
export async function unfreezeCashOut(client: Client, release: Release | undefined, actor: Actor, userId: string, reason: string, now = Date.now()) {
  const f = await client.execute({ sql: 'SELECT reason, case_id, frozen_at FROM cash_out_freezes WHERE user_id = ?', args: [userId] });
  const [gone] = await client.batch([{ sql: 'DELETE FROM cash_out_freezes WHERE user_id = ?', args: [userId] }, unmarkReleased(userId)], 'write');
  if (gone!.rowsAffected !== 1) throw AppError.conflict('This player\'s cash-out is not frozen.', 'INVALID_STATE');
  const was = f.rows[0];
  await writeAudit(client, actor, { action: 'player.cash_out_unfreeze', targetType: 'user', targetId: userId, reason,
    before: { frozen: true, reason: was ? String(was.reason) : null, caseId: was?.case_id == null ? null : String(was.case_id) }, after: { frozen: false } }, now);
  await release?.(userId);
}
