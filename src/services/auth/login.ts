import { AppError } from '../../lib/app-error';
import { findUserByEmail, type AccountsContext } from './accounts.context';
import { checkPassword } from './passwords';
import { startSession, type StartedSession } from './sessions';

export const INVALID_LOGIN = 'Invalid email or password. Please try again.';
export const ACCOUNT_LOCKED = 'This account is locked. Please contact support.';

export type LoggedIn = StartedSession & { user: { id: string; playerId: number; email: string; name: string | null } };

/**
 * Signs a player in. An unknown address is checked against a dummy hash so it costs the same as a wrong
 * password; the unverified state is told only to someone who knows the password.
 */
export async function login(ctx: AccountsContext, input: { email: string; password: string; remember: boolean }): Promise<LoggedIn> {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await checkPassword(input.password, user?.passwordHash ?? null);
  if (!user || !ok) throw new AppError(401, INVALID_LOGIN, 'INVALID_CREDENTIALS');
  if (user.lockedAt) throw AppError.forbidden(ACCOUNT_LOCKED, 'ACCOUNT_LOCKED');
  if (!user.emailVerifiedAt) throw AppError.forbidden('Please verify your email before logging in.', 'EMAIL_NOT_VERIFIED');
  const session = await startSession(ctx.db, ctx.signer, user.id, input.remember, new Date(), user.role === 'ADMIN');
  return { ...session, user: { id: user.id, playerId: user.playerId, email: user.email, name: user.name } };
}
