import { clientOf } from '../../../db/client';
import { AppError } from '../../lib/app-error';
import { findUserByEmail, type AccountsContext } from './accounts.context';
import { checkPassword } from './passwords';
import { recordSecurityEvent } from '../protection/security-events';
import { deviceIsNew, signedIn, type SignInOrigin } from '../protection/sign-in-watch';
import { startSession, type StartedSession } from './sessions';

export const INVALID_LOGIN = 'Invalid email or password. Please try again.';
export const ACCOUNT_LOCKED = 'This account is locked. Please contact support.';

export type LoggedIn = StartedSession & { user: { id: string; playerId: number; email: string; name: string | null } };

/**
 * Signs a player in. An unknown address is checked against a dummy hash so it costs the same as a wrong
 * password; the unverified state is told only to someone who knows the password.
 */
export async function login(ctx: AccountsContext, input: { email: string; password: string; remember: boolean; origin?: SignInOrigin }): Promise<LoggedIn> {
  const origin = input.origin ?? { ip: null, device: null };
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await checkPassword(input.password, user?.passwordHash ?? null);
  if (user && !ok) await recordSecurityEvent(clientOf(ctx.db), user.id, 'LOGIN_FAILED', origin);
  if (!user || !ok) throw new AppError(401, INVALID_LOGIN, 'INVALID_CREDENTIALS');
  if (user.lockedAt) throw AppError.forbidden(ACCOUNT_LOCKED, 'ACCOUNT_LOCKED');
  if (!user.emailVerifiedAt) throw AppError.forbidden('Please verify your email before logging in.', 'EMAIL_NOT_VERIFIED');
  const isNew = await deviceIsNew(clientOf(ctx.db), user.id, origin.device);
  const session = await startSession(ctx.db, ctx.signer, user.id, input.remember, new Date(), user.role === 'ADMIN', origin);
  await signedIn({ client: clientOf(ctx.db), mailer: ctx.mailer, logger: ctx.logger, site: ctx.site }, user, origin, isNew);
  return { ...session, user: { id: user.id, playerId: user.playerId, email: user.email, name: user.name } };
}
