import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { rowToTask } from '../games/manual.provider';
import type { GamesService } from '../games/games.service';
import { findWithdrawal } from '../payments/withdrawals';
import type { WithdrawalService } from '../payments/withdrawal-service';
import { writeAudit, type Actor } from './audit';

/**
 * An operator working through the queues, with the audit row each action leaves. The console's API and the
 * command lines (`withdrawals`, `games:tasks`) both call these, so the same action leaves the same row whichever
 * was used. The audit row is written after the change has happened: an action that fails leaves none.
 */
export type WithdrawalDeps = { client: Client; withdrawals: Pick<WithdrawalService, 'approve' | 'reject'> };
export type GameTaskDeps = { client: Client; games: Pick<GamesService, 'completeTask'> };

const withdrawalState = (w: { status: string; payoutState: string | null; reason: string | null }) => ({ status: w.status, payoutState: w.payoutState, reason: w.reason });

async function withdrawal(client: Client, id: string) {
  const w = await findWithdrawal(client, 'w.id = ?', [id]);
  if (!w) throw AppError.notFound('Withdrawal not found');
  return w;
}

/** Approves the payout at the payment provider; returns the withdrawal as it now is. */
export async function approveWithdrawal(d: WithdrawalDeps, actor: Actor, id: string, reason: string | null) {
  const before = await withdrawal(d.client, id);
  await d.withdrawals.approve(id);
  const after = await withdrawal(d.client, id);
  await writeAudit(d.client, actor, {
    action: 'withdrawal.approve', targetType: 'withdrawal', targetId: id, reason,
    before: withdrawalState(before), after: { ...withdrawalState(after), amountCents: after.amountCents, tipCents: after.tipCents },
  });
  return after;
}

/** Cancels the payout; amount and tip go back to the player, who is told the reason. Returns the withdrawal as it now is. */
export async function rejectWithdrawal(d: WithdrawalDeps, actor: Actor, id: string, reason: string) {
  const before = await withdrawal(d.client, id);
  await d.withdrawals.reject(id, reason);
  const after = await withdrawal(d.client, id);
  await writeAudit(d.client, actor, {
    action: 'withdrawal.reject', targetType: 'withdrawal', targetId: id, reason,
    before: withdrawalState(before), after: { ...withdrawalState(after), returnedCents: after.amountCents + after.tipCents },
  });
  return after;
}

/**
 * A manual game task done in the back office (`note` is its reference; a redeem may confirm less than asked) or
 * failed (`note` is the reason the player is told; held credits go back).
 */
export async function finishGameTask(d: GameTaskDeps, actor: Actor, id: string, done: boolean, o: { note: string; confirmedCents?: number }) {
  const r = await d.client.execute({ sql: 'SELECT * FROM game_tasks WHERE id = ?', args: [id] });
  if (!r.rows[0]) throw AppError.notFound('Task not found');
  const before = rowToTask(r.rows[0]);
  if (before.status !== 'open') throw AppError.conflict('This task is already finished.', 'INVALID_STATE');
  // Only a redeem may confirm another amount; a figure given for anything else is refused, not silently dropped.
  if (o.confirmedCents !== undefined && !(done && before.kind === 'redeem'))
    throw AppError.invalid([{ field: 'amount', message: done ? `A ${before.kind} is confirmed for the ${formatCents(before.amountCents ?? 0)} asked: leave the amount out.` : 'A failed task confirms no amount: leave it out.' }]);
  const confirmedCents = o.confirmedCents;
  if (confirmedCents !== undefined && confirmedCents > (before.amountCents ?? 0))
    throw AppError.invalid([{ field: 'amount', message: `A redeem cannot confirm more than the ${formatCents(before.amountCents ?? 0)} asked.` }]);
  const after = await d.games.completeTask(id, done, { confirmedCents, note: o.note });
  if (!after || after.status === 'open' || after.completedAt === null) throw AppError.conflict('This task is already finished.', 'INVALID_STATE');
  await writeAudit(d.client, actor, {
    action: done ? 'game_task.complete' : 'game_task.fail', targetType: 'game_task', targetId: id, reason: o.note,
    before: { status: before.status, kind: before.kind, amountCents: before.amountCents, userName: before.userName }, after: { status: after.status, confirmedCents: after.confirmedCents },
  });
  return after;
}
