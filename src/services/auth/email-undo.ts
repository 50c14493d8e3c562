import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { emailTokens, users } from '../../../db/schema';
import { findUserById, isUniqueViolation, type AccountsContext } from './accounts.context';
import { consumeEmailToken, emailTokenState, newEmailToken, type LinkState } from './email-tokens';
import { emailTaken, invalidToken } from './registration';
import { revokeSessionsOf } from './sessions';
import { emailChanged } from '../protection/account-notices';

/**
 * The link the old address gets once an e-mail change is confirmed (a single-use token stored hashed, like every
 * mailed link, kept 7 days). Returns the link; the caller mails it after its own write.
 */
export async function issueEmailUndo(ctx: AccountsContext, userId: string, oldEmail: string, now: Date): Promise<string> {
  const token = newEmailToken(userId, 'email_undo', now, oldEmail);
  await ctx.db.insert(emailTokens).values(token.row);
  return `${ctx.publicUrl}/undo-email/${token.raw}`;
}

/**
 * Puts back the address an undo link was sent to. Whoever changed it may hold the password and every session, so
 * every session ends and the links mailed to the address being undone stop working: reset links, a pending
 * confirmation, and the undo links of later changes (an earlier undo link stays good, so the undo of a second
 * change cannot cancel the owner's undo of the first). The player is told to choose a new password.
 */
export async function undoEmailChange(ctx: AccountsContext, raw: unknown, now = new Date()): Promise<{ email: string }> {
  const token = await consumeEmailToken(ctx.db, raw, ['email_undo'], now);
  if (!token?.email) throw invalidToken();
  const before = await findUserById(ctx.db, token.userId);
  if (!before) throw invalidToken();
  const mine = and(eq(emailTokens.userId, token.userId), isNull(emailTokens.usedAt));
  try {
    await ctx.db.batch([
      ctx.db.update(users).set({ email: token.email, pendingEmail: null }).where(eq(users.id, token.userId)),
      revokeSessionsOf(ctx.db, token.userId, now),
      ctx.db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(mine, or(inArray(emailTokens.purpose, ['reset', 'email_change']), and(eq(emailTokens.purpose, 'email_undo'), gte(emailTokens.createdAt, token.createdAt))))),
    ]);
  } catch (e) {
    // The old address was registered by someone else meanwhile: support has to sort it out.
    if (isUniqueViolation(e, 'users_email_unique')) throw emailTaken();
    throw e;
  }
  ctx.hub?.endSessions({ userId: token.userId });
  if (before.email !== token.email) await emailChanged(ctx, token.userId, before.email, token.email, now.getTime());
  return { email: token.email };
}

/** Whether an undo link can still be used, for the page's first paint. */
export async function undoLinkState(ctx: AccountsContext, raw: unknown, now = new Date()): Promise<LinkState> {
  return (await emailTokenState(ctx.db, raw, ['email_undo'], now)).state;
}
