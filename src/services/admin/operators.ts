import type { Client, InStatement } from '@libsql/client';
import { checkEmail, checkNewPassword } from '../../shared/schemas/account';
import { normalizeEmail } from '../auth/accounts.context';
import { hashToken } from '../auth/email-tokens';
import { hashPassword } from '../auth/passwords';
import { randomPlayerId, TERMS_VERSION } from '../auth/registration';
import { AppError } from '../../lib/app-error';
import { auditStatement, type Actor } from './audit';

export type OperatorResult = { userId: string; email: string; created: boolean; setPasswordLink: string | null; unlocked: boolean; locked: boolean };

const HOUR_MS = 3_600_000;
const CLI: Actor = { id: 'cli:admin-create', email: 'operator command', ip: null };

/**
 * Makes a verified operator, or promotes an existing account. Without a password it returns a one-time link (single
 * use, 1 hour): for an account that has never had a password of its own, to the "Set your password" page; for one
 * that has, a password reset link. Returns the field errors instead when the input is not acceptable.
 */
export async function createOperator(client: Client, publicUrl: string, input: { email: string; password?: string; unlock?: boolean }, now = Date.now()): Promise<OperatorResult | { errors: Record<string, string> }> {
  const errors = { ...checkEmail({ email: input.email }), ...(input.password !== undefined ? checkNewPassword(input.password) : {}) };
  if (Object.keys(errors).length) return { errors };
  const email = normalizeEmail(input.email);
  const found = await client.execute({ sql: 'SELECT id, role, locked_at, password_unset FROM users WHERE lower(email) = ?', args: [email] });
  const existing = found.rows[0];
  const userId = existing ? String(existing.id) : crypto.randomUUID();
  const hash = await hashPassword(input.password ?? crypto.randomUUID());
  // A locked account stays locked unless the command says --unlock: the lock may be an operator's answer to a takeover.
  const wasLocked = existing?.locked_at != null;
  const unlocked = wasLocked && input.unlock === true;
  const stmts: InStatement[] = existing
    ? [{ sql: `UPDATE users SET role = 'ADMIN', email_verified_at = coalesce(email_verified_at, ?)${input.password ? ', password_hash = ?, password_unset = 0' : ''}${unlocked ? ', locked_at = NULL' : ''} WHERE id = ?`,
        args: input.password ? [now, hash, userId] : [now, userId] }]
    : [{ sql: `INSERT INTO users (id, player_id, email, password_hash, email_verified_at, terms_version_accepted, terms_accepted_at, age_confirmed_at, role, created_at, password_unset)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'ADMIN', ?, ?)`,
        args: [userId, randomPlayerId(), email, hash, now, TERMS_VERSION, now, now, now, input.password === undefined ? 1 : 0] }];
  let link: string | null = null;
  if (input.password === undefined) {
    // A first password for an account that never chose one; a reset for one that has its own.
    const purpose = !existing || Number(existing.password_unset) === 1 ? 'set_password' : 'reset';
    const raw = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    stmts.push({ sql: `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at) VALUES (?, ?, ?, NULL, ?, ?)`, args: [hashToken(raw), userId, purpose, now, now + HOUR_MS] });
    link = `${publicUrl.replace(/\/$/, '')}/${purpose === 'set_password' ? 'set-password' : 'reset-password'}/${raw}`;
  }
  const before = existing ? { role: String(existing.role) } : null;
  stmts.push(auditStatement(CLI, { action: existing ? 'operator.promote' : 'operator.create', targetType: 'user', targetId: userId, before, after: { role: 'ADMIN', email } }, now));
  if (unlocked) stmts.push(auditStatement(CLI, { action: 'player.unlock', targetType: 'user', targetId: userId, before: { locked: true }, after: { locked: false } }, now));
  await client.batch(stmts, 'write');
  return { userId, email, created: !existing, setPasswordLink: link, unlocked, locked: wasLocked && !unlocked };
}

/**
 * The operator a command line acts for (`--operator EMAIL`): an ADMIN account that is not locked. Its rows in the
 * audit log name that operator like the console's do; with no client address (`ip` empty) they read as made on
 * the server's command line.
 */
export async function operatorByEmail(client: Client, email: string): Promise<Actor> {
  const r = await client.execute({ sql: "SELECT id, email, locked_at FROM users WHERE lower(email) = ? AND role = 'ADMIN'", args: [normalizeEmail(email)] });
  const u = r.rows[0];
  if (u && u.locked_at != null)
    throw AppError.forbidden(`The operator ${email.trim()} is locked: another operator unlocks them in the console, or run coinreel admin create --email ${email.trim()} --unlock.`);
  if (!u) throw AppError.forbidden(`No operator with the e-mail ${email.trim()}: make one with coinreel admin create (npm run admin:create in a checkout).`);
  return { id: String(u.id), email: String(u.email), ip: null };
}
