import { eq, sql } from 'drizzle-orm';
import { clientOf } from '../../../db/client';
import { users } from '../../../db/schema';
import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { isLang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';
import { errorFields } from '../../lib/redact';
import { deliverLater } from '../mail/deliver';
import { passwordResetMail } from '../mail/templates';
import { findUserByEmail, findUserById, type AccountsContext } from './accounts.context';
import { checkCaptcha } from './captcha';
import { consumeEmailToken, emailTokenState, findEmailToken, newEmailToken, spendEmailTokensOf, type LinkState } from './email-tokens';
import { hashPassword } from './passwords';
import { invalidToken } from './registration';
import { revokeSessionsOf } from './sessions';
import { passwordChanged } from '../protection/account-notices';

export const FORGOT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.';

/** Checks the captcha, then mails a reset link if the address has an account; the answer never says which. */
export async function forgotPassword(ctx: AccountsContext, input: { email: string; captchaId: unknown; captcha: string }): Promise<void> {
  if (!(await checkCaptcha(ctx.store, input.captchaId, input.captcha))) {
    throw AppError.invalid([fieldText('captcha', text(m.auth_captcha_wrong))]);
  }
  // After the answer: a known address costs a write (and its sync) that an unknown one does not, and the time the
  // answer took must not say which it was.
  // Logged redacted: a failed query's error quotes its parameters (the address, the account, the token's hash).
  void mailResetLink(ctx, input.email).catch((e) => ctx.logger.error('password reset link failed', errorFields(e)));
}

async function mailResetLink(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newEmailToken(user.id, 'reset', new Date());
  // Only while the account still has the address read above: an e-mail change confirmed in between voids the reset
  // links of the old address (registration.ts), and this one must not slip past it to the old inbox.
  const { row } = token;
  const written = await clientOf(ctx.db).execute({
    sql: `INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at)
          SELECT ?, ?, 'reset', NULL, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ? AND email = ?)`,
    args: [row.tokenHash, row.userId, row.createdAt.getTime(), row.expiresAt.getTime(), user.id, user.email],
  });
  if (written.rowsAffected !== 1) return;
  const link = `${ctx.publicUrl}/reset-password/${token.raw}`;
  void deliverLater(ctx.mailer, ctx.logger, 'password-reset', passwordResetMail(ctx.site, user.email, link, isLang(user.language) ? user.language : 'en'));
}

/**
 * Sets a new password from a reset link. The token is looked up before the (costly) hash so a bad link
 * is cheap to refuse, and used up atomically after it so two racing requests cannot both succeed.
 * Every session of the player ends, and older reset links stop working.
 */
export async function resetPassword(ctx: AccountsContext, raw: unknown, newPassword: string): Promise<void> {
  if (!(await findEmailToken(ctx.db, raw, ['reset']))) throw invalidToken();
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const token = await consumeEmailToken(ctx.db, raw, ['reset'], now);
  if (!token) throw invalidToken();
  const before = await findUserById(ctx.db, token.userId);
  await ctx.db.batch([
    // The link reached the account's inbox, which is what verification proves, so it verifies too.
    ctx.db.update(users).set({ passwordHash, passwordUnset: false, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})` }).where(eq(users.id, token.userId)),
    revokeSessionsOf(ctx.db, token.userId, now),
    spendEmailTokensOf(ctx.db, token.userId, 'reset', now),
    spendEmailTokensOf(ctx.db, token.userId, 'set_password', now),
  ]);
  ctx.hub?.endSessions({ userId: token.userId });
  // A new operator who never had a password of their own (and used this instead of their link) had none to reset.
  if (before && !before.passwordUnset) await passwordChanged(ctx, before, 'reset', {}, now.getTime());
}

/** Whether a reset link can still set a password, read on the page's load so a spent link says so before any typing. */
export async function resetLinkState(ctx: AccountsContext, raw: unknown, now = new Date()): Promise<LinkState> {
  return (await emailTokenState(ctx.db, raw, ['reset'], now)).state;
}
