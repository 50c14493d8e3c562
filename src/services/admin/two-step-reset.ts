import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { auditStatement, type Actor } from './audit';
import type { TwoStepEvent } from '../auth/two-step';

/** Whether a player's two-step verification is on, for the console's player page. */
export async function twoStepOn(client: Client, userId: string): Promise<boolean> {
  const r = await client.execute({ sql: 'SELECT 1 FROM user_totp WHERE user_id = ? AND enabled_at IS NOT NULL', args: [userId] });
  return r.rows.length > 0;
}

/**
 * For a player who lost both phone and recovery codes and proved who they are to support: two-step verification
 * off, the secret and the recovery codes gone, and every session ended (one may be on the lost phone), in one
 * transaction with its audit row.
 */
export async function resetTwoStep(client: Client, actor: Actor, userId: string, reason: string, securityEvent?: (e: TwoStepEvent) => void, now = Date.now()): Promise<void> {
  const p = await client.execute({ sql: 'SELECT u.id, t.enabled_at FROM users u LEFT JOIN user_totp t ON t.user_id = u.id WHERE u.id = ?', args: [userId] });
  const row = p.rows[0];
  if (!row) throw AppError.notFound('Player not found');
  if (row.enabled_at == null) throw AppError.conflict('Two-step verification is not on for this player.', 'TOTP_NOT_ON');
  const left = await client.execute({ sql: 'SELECT count(*) AS n FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL', args: [userId] });
  await client.batch([
    { sql: 'DELETE FROM totp_recovery_codes WHERE user_id = ?', args: [userId] },
    { sql: 'DELETE FROM user_totp WHERE user_id = ?', args: [userId] },
    { sql: 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', args: [now, userId] },
    auditStatement(actor, {
      action: 'player.two_step_reset', targetType: 'user', targetId: userId, reason,
      before: { twoStep: true, recoveryCodesLeft: Number(left.rows[0]?.n ?? 0) }, after: { twoStep: false },
    }, now),
  ], 'write');
  // After commit: the player's security activity shows it, and they are told by e-mail (wired at deps.ts).
  securityEvent?.({ type: 'TOTP_DISABLED', userId, byOperator: actor.email });
}
