import { eq, sql } from 'drizzle-orm';
import { users } from '../../../db/schema';
import type { AccountsContext } from './accounts.context';
import { consumeEmailToken, emailTokenState, findEmailToken, spendEmailTokensOf, type LinkState } from './email-tokens';
import { hashPassword } from './passwords';
import { invalidToken } from './registration';
import { revokeSessionsOf } from './sessions';

/**
 * A new operator's first password, from the one-time link `coinreel admin create` printed. Like a reset it is single
 * use and verifies the address, but the account never had a password of its own: nobody is told one was reset.
 */
export async function setFirstPassword(ctx: AccountsContext, raw: unknown, newPassword: string): Promise<void> {
  if (!(await findEmailToken(ctx.db, raw, ['set_password']))) throw invalidToken();
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const token = await consumeEmailToken(ctx.db, raw, ['set_password'], now);
  if (!token) throw invalidToken();
  await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, passwordUnset: false, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.getTime()})` }).where(eq(users.id, token.userId)),
    revokeSessionsOf(ctx.db, token.userId, now),
    spendEmailTokensOf(ctx.db, token.userId, 'set_password', now),
    spendEmailTokensOf(ctx.db, token.userId, 'reset', now),
  ]);
  ctx.hub?.endSessions({ userId: token.userId });
}

/** Whether a set-password link can still be used, for the page's first render. */
export async function setLinkState(ctx: AccountsContext, raw: unknown, now = new Date()): Promise<LinkState> {
  return (await emailTokenState(ctx.db, raw, ['set_password'], now)).state;
}
