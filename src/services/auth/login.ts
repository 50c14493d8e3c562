import { clientOf } from '../../../db/client';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { errorFields } from '../../lib/redact';
import { recordSecurityEvent } from '../protection/security-events';
import { deviceIsNew, signedIn, type SignInOrigin } from '../protection/sign-in-watch';
import { findUserByEmail, findUserById, type AccountsContext, type UserRow } from './accounts.context';
import type { LoginProofs } from './login-proof';
import { checkPassword } from './passwords';
import { remindToVerify } from './registration';
import { startSession, type SignedInWith, type StartedSession } from './sessions';
import { totpRequired, type TwoStep } from './two-step';

export const INVALID_LOGIN = 'Invalid email or password. Please try again.';
export const ACCOUNT_LOCKED = 'This account is locked. Please contact support.';
export const LOGIN_EXPIRED = 'Your sign-in took too long. Please enter your email and password again.';

const NO_ORIGIN: SignInOrigin = { ip: null, device: null };

export type LoggedIn = StartedSession & { remember: boolean; user: { id: string; playerId: number; email: string; name: string | null; role: 'USER' | 'ADMIN' } };

/** The second step of a sign-in: the player's two-step codes, and the proof that carries the first step to it. */
export type SecondStep = { twoStep: TwoStep; proofs: LoginProofs };

/**
 * A sign-in that needs its code: the error the API answers, and the proof the code step sends back instead
 * of the password.
 */
export class CodeNeeded extends Error {
  constructor(readonly error: AppError, readonly loginToken: string) {
    super(error.message);
  }
}

function mayEnter(user: UserRow) {
  if (user.lockedAt) throw AppError.forbidden(text(m.auth_account_locked), 'ACCOUNT_LOCKED');
}

const invalidLogin = () => new AppError(401, text(m.auth_invalid_login), 'INVALID_CREDENTIALS');

/** With two-step on, no session without a code that passes; a refusal hands back a proof for the code step. */
async function finish(ctx: AccountsContext, user: UserRow, remember: boolean, totp: unknown, origin: SignInOrigin, second?: SecondStep, proofGiven?: string): Promise<LoggedIn> {
  let signedInWith: SignedInWith = 'password';
  if (second && (await second.twoStep.isOn(user.id))) {
    // A wrong code hands back the proof it came with: guessing never stretches its five minutes.
    const proof = () => proofGiven ?? second.proofs.issue({ userId: user.id, remember, passwordHash: user.passwordHash });
    if (totp === undefined || totp === null || totp === '') throw new CodeNeeded(totpRequired(), proof());
    try {
      const how = await second.twoStep.check(user.id, totp);
      if (how !== 'off') signedInWith = how === 'code' ? 'password_code' : 'recovery_code';
    } catch (e) {
      if (e instanceof AppError && e.status === 401) {
        await recordSecurityEvent(clientOf(ctx.db), user.id, 'LOGIN_FAILED', origin);
        throw new CodeNeeded(e, proof());
      }
      throw e;
    }
  }
  const isNew = await deviceIsNew(clientOf(ctx.db), user.id, origin);
  const session = await startSession(ctx.db, ctx.signer, user.id, remember, new Date(), user.role === 'ADMIN', origin, signedInWith);
  await signedIn({ client: clientOf(ctx.db), wakeMail: ctx.wakeMail }, user, origin, isNew);
  return { ...session, remember, user: { id: user.id, playerId: user.playerId, email: user.email, name: user.name, role: user.role === 'ADMIN' ? 'ADMIN' : 'USER' } };
}

/**
 * Signs a player in. An unknown address is checked against a dummy hash so it costs the same as a wrong
 * password. An unverified account is answered exactly as a wrong password too, even with the right one (registration
 * makes one for any address, so telling it apart would say which addresses have accounts); its owner, who knows the
 * password, is mailed a fresh verification link instead, at most as often as `mayRemind` allows.
 */
export async function login(ctx: AccountsContext, input: { email: string; password: string; remember: boolean; totp?: unknown; origin?: SignInOrigin; mayRemind?: (email: string) => Promise<boolean> }, second?: SecondStep): Promise<LoggedIn> {
  const origin = input.origin ?? NO_ORIGIN;
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await checkPassword(input.password, user?.passwordHash ?? null);
  // Not awaited: the write (and its sync) would make a wrong password on a known address answer later than an
  // unknown address, which tells a script which addresses have accounts.
  if (user && !ok) void recordSecurityEvent(clientOf(ctx.db), user.id, 'LOGIN_FAILED', origin).catch((e) => ctx.logger.error('security event failed', { type: 'LOGIN_FAILED', ...errorFields(e) }));
  if (!user || !ok) throw invalidLogin();
  if (!user.emailVerifiedAt) {
    remindToVerify(ctx, user.email, input.mayRemind ?? (async () => true));
    throw invalidLogin();
  }
  mayEnter(user);
  return finish(ctx, user, input.remember, input.totp, origin, second);
}

/** The code step of a sign-in: the proof from the password step instead of the password, and the code. */
export async function loginWithProof(ctx: AccountsContext, input: { loginToken: unknown; totp: unknown; origin?: SignInOrigin }, second: SecondStep): Promise<LoggedIn> {
  const proof = await second.proofs.read(input.loginToken, async (id) => (await findUserById(ctx.db, id))?.passwordHash ?? null);
  const user = proof && (await findUserById(ctx.db, proof.userId));
  if (!proof || !user) throw new AppError(401, text(m.auth_login_expired), 'LOGIN_EXPIRED');
  mayEnter(user);
  return finish(ctx, user, proof.remember, input.totp, input.origin ?? NO_ORIGIN, second, String(input.loginToken));
}
