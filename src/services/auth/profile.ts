import { and, eq, ne, sql } from 'drizzle-orm';
import { emailTokens, users } from '../../../db/schema';
import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { deliverLater } from '../mail/deliver';
import { emailChangeMail, emailChangeNoticeMail } from '../mail/templates';
import { savedLang } from '../mail/mail-lang';
import { findUserById, normalizeEmail, type AccountsContext, type UserRow } from './accounts.context';
import { newEmailToken } from './email-tokens';
import { hashPassword, verifyPassword } from './passwords';
import { emailTaken } from './registration';
import { revokeSessionsOf } from './sessions';
import { passwordChanged } from '../protection/account-notices';
import { refuseOperatorEmailChange } from './operator-email-rule';

/** The signed-in player's own row; a session whose player is gone counts as signed out. */
export async function ownUser(ctx: AccountsContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw AppError.unauthorized(text(m.errors_session_expired));
  return user;
}

/** The player's own password, asked again before a change a stolen session must not make (the e-mail address). */
export async function confirmPassword(ctx: AccountsContext, userId: string, password: unknown): Promise<void> {
  if (typeof password !== 'string' || password === '') throw AppError.invalid([fieldText('currentPassword', text(m.fields_current_password_required))]);
  const user = await ownUser(ctx, userId);
  if (!(await verifyPassword(password, user.passwordHash))) throw AppError.invalid([fieldText('currentPassword', text(m.fields_current_password_wrong))]);
}

export type ProfileInput = { name: string; phoneNo: string; email: string };

/**
 * Saves name and phone at once. A different e-mail is only parked as pending: the new address gets a
 * confirmation link and the old one a notice, and the change happens when the link is used. Asking for a new
 * address ends every other session of the account (as a password change does): one of them may be a thief's.
 * Returns whether a confirmation was sent.
 */
export async function updateProfile(ctx: AccountsContext, session: { userId: string; sessionId: string }, input: ProfileInput): Promise<{ emailChangeSent: boolean }> {
  const { userId } = session;
  const user = await ownUser(ctx, userId);
  const email = normalizeEmail(input.email);
  const details = { name: input.name.trim() || null, phoneNo: input.phoneNo.trim() || null };
  if (email === user.email) {
    // Saving the current address also withdraws a change that was never confirmed.
    await ctx.db.update(users).set({ ...details, pendingEmail: null }).where(eq(users.id, userId));
    return { emailChangeSent: false };
  }
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)))
    .limit(1);
  if (other) throw emailTaken();
  refuseOperatorEmailChange(user.role);
  const token = newEmailToken(userId, 'email_change', new Date(), email);
  await ctx.db.batch([
    ctx.db.update(users).set({ ...details, pendingEmail: email }).where(eq(users.id, userId)),
    ctx.db.insert(emailTokens).values(token.row),
    revokeSessionsOf(ctx.db, userId, new Date(), session.sessionId),
  ]);
  ctx.hub?.endSessions({ userId, except: session.sessionId });
  // Both in the player's saved language, whatever page asked.
  void deliverLater(ctx.mailer, ctx.logger, 'email-change', emailChangeMail(ctx.site, email, `${ctx.publicUrl}/verify/email/${token.raw}`, savedLang(user)));
  void deliverLater(ctx.mailer, ctx.logger, 'email-change-notice', emailChangeNoticeMail(ctx.site, user.email, email, savedLang(user)));
  return { emailChangeSent: true };
}

/** Changes the password after checking the current one; every other session of the player ends. */
export async function changePassword(
  ctx: AccountsContext,
  session: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await ownUser(ctx, session.userId);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw AppError.invalid([fieldText('currentPassword', text(m.fields_current_password_wrong))]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash }).where(eq(users.id, user.id)),
    revokeSessionsOf(ctx.db, user.id, now, session.sessionId),
  ]);
  ctx.hub?.endSessions({ userId: user.id, except: session.sessionId });
  await passwordChanged(ctx, user, 'changed', { sessionId: session.sessionId }, now.getTime());
}
