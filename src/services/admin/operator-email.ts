import type { Client } from '@libsql/client';
import { checkEmail } from '../../shared/schemas/account';
import { isUniqueViolation, normalizeEmail } from '../auth/accounts.context';
import { queueMailToPlayer } from '../mail/mail-queue';
import { securityEventRow } from '../protection/security-events';
import { auditStatement, type Actor } from './audit';

const CLI: Actor = { id: 'cli:admin-email', email: 'operator command', ip: null };

export type OperatorEmailResult = { userId: string; from: string; to: string } | { errors: Record<string, string> };

/**
 * An operator's new e-mail address, set on the server's command line (`coinreel admin email OLD NEW`): the only way it
 * changes, since the operator's own session may not move the mailbox that confirms their two-step. In one transaction:
 * the address, every link mailed to the old one spent (reset, e-mail change and its undo, a two-step confirmation
 * waiting), every session of the account ended, the security event, a notice to both addresses, and the audit row.
 * Nothing here reaches a running server's sockets; the ended sessions' next request is signed out.
 */
export async function changeOperatorEmail(client: Client, input: { from: string; to: string; reason?: string }, now = Date.now()): Promise<OperatorEmailResult> {
  const bad = checkEmail({ email: input.to }).email;
  if (bad) return { errors: { to: `NEW: ${bad}` } };
  const from = normalizeEmail(input.from);
  const to = normalizeEmail(input.to);
  if (from === to) return { errors: { to: `NEW is the address ${from} already has.` } };
  const found = await client.execute({ sql: 'SELECT id, role FROM users WHERE lower(email) = ?', args: [from] });
  const u = found.rows[0];
  if (!u) return { errors: { from: `No account has the e-mail ${from}.` } };
  if (u.role !== 'ADMIN') return { errors: { from: `${from} is a player's account: players change their address in Profile Settings.` } };
  const userId = String(u.id);
  try {
    await client.batch([
      { sql: "UPDATE users SET email = ?, pending_email = NULL WHERE id = ? AND role = 'ADMIN' AND lower(email) = ?", args: [to, userId, from] },
      { sql: "UPDATE email_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL AND purpose IN ('verify', 'reset', 'email_change', 'email_undo', 'two_step_confirm')", args: [now, userId] },
      { sql: 'UPDATE user_totp SET awaiting_secret = NULL, awaiting_step = NULL, awaiting_session_id = NULL, awaiting_token_hash = NULL WHERE user_id = ?', args: [userId] },
      { sql: 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', args: [now, userId] },
      securityEventRow(userId, 'EMAIL_CHANGED', {}, now),
      ...[from, to].map((address) => queueMailToPlayer({ kind: 'email-changed', userId, to: address, data: { from, to, at: now } }, now)),
      auditStatement(CLI, { action: 'operator.email', targetType: 'user', targetId: userId, reason: input.reason?.trim() || null, before: { email: from }, after: { email: to } }, now),
    ], 'write');
  } catch (e) {
    // Another account has it (the unique index says so, races included): nothing was written.
    if (isUniqueViolation(e, 'users_email_unique')) return { errors: { to: `Another account has the e-mail ${to}.` } };
    throw e;
  }
  return { userId, from, to };
}
