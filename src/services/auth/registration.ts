import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { emailTokens, sessions, users } from '../../../db/schema';
import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { isLang, type Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';
import { errorFields } from '../../lib/redact';
import { deliverLater } from '../mail/deliver';
import { verificationMail } from '../mail/templates';
import { savedLang } from '../mail/mail-lang';
import { queueMailRow } from '../mail/mail-queue';
import { clientOf } from '../../../db/client';
import { findUserByEmail, findUserById, isUniqueViolation, normalizeEmail, type AccountsContext } from './accounts.context';
import { consumeEmailToken, emailTokenState, newEmailToken } from './email-tokens';
import { hashPassword } from './passwords';
import { emailChanged } from '../protection/account-notices';
import { issueEmailUndo } from './email-undo';
import { refuseOperatorEmailChange } from './operator-email-rule';

export const TERMS_VERSION = 3;
const PLAYER_ID_ATTEMPTS = 8;

export const emailTaken = () => AppError.conflict(text(m.auth_email_taken), 'EMAIL_TAKEN');
export const ALREADY_VERIFIED = 'Your e-mail is already verified.';
export const invalidToken = () => AppError.invalid([fieldText('token', text(m.auth_invalid_token))], text(m.auth_invalid_token));

/** A random 7-digit Player ID (1000000–9999999); uniqueness is the database's job, with retries. */
export function randomPlayerId(): number {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return 1_000_000 + (n! % 9_000_000);
}

export type Registration = { email: string; password: string; reference: string;
  /** The US state the player lives in (asked when RESTRICTED_STATES is set). */
  state?: string | null;
  /** The language of the page registered from: saved as the player's, and the verification mail's. */
  language?: Lang };

/**
 * Creates an unverified player and mails the verification link. The e-mail's uniqueness is checked first
 * for a quick answer and enforced by the unique index for the race.
 */
/**
 * Creates the account and mails its verification link. An address that already has an account gets the same answer,
 * so registration tells no one which addresses have accounts; its owner is mailed instead, when `mayTell` allows
 * (a limit per address, so the form cannot flood an inbox).
 */
export async function register(ctx: AccountsContext, input: Registration, mayTell: (email: string) => Promise<boolean> = async () => true): Promise<void> {
  const email = normalizeEmail(input.email);
  // Hashed first either way: the answer takes as long for a taken address as for a new one.
  const passwordHash = await hashPassword(input.password);
  if (await findUserByEmail(ctx.db, email)) return tellOwner(ctx, email, mayTell, input.language ?? 'en');
  const now = new Date();
  const id = crypto.randomUUID();
  const token = newEmailToken(id, 'verify', now);
  for (let attempt = 1; ; attempt++) {
    const user = {
      id, playerId: randomPlayerId(), email, passwordHash, referralSource: input.reference,
      termsVersionAccepted: TERMS_VERSION, termsAcceptedAt: now, ageConfirmedAt: now, createdAt: now, registeredState: input.state ?? null,
      language: input.language ?? null,
      // The key of the player's leaves in every proof of liabilities (docs/solvency.md): made once, never changed.
      solvencyNonce: Buffer.from(crypto.getRandomValues(new Uint8Array(32))),
    };
    try {
      await ctx.db.batch([ctx.db.insert(users).values(user), ctx.db.insert(emailTokens).values(token.row)]);
      break;
    } catch (e) {
      if (isUniqueViolation(e, 'users_email_unique')) return tellOwner(ctx, email, mayTell, input.language ?? 'en');
      if (!isUniqueViolation(e, 'player_id') || attempt >= PLAYER_ID_ATTEMPTS) throw e;
    }
  }
  void deliverLater(ctx.mailer, ctx.logger, 'verification', verificationMail(ctx.site, email, verifyLink(ctx, token.raw), input.language ?? 'en'));
}

const verifyLink = (ctx: AccountsContext, raw: string) => `${ctx.publicUrl}/verify/email/${raw}`;

/**
 * The owner's "you already have an account", queued in one durable write: a new address's answer waits for its
 * account's write, so this one waits for a write too (and the notice survives a crash). In the language of the page
 * that registered, as the verification mail would have been: the owner's saved language would tell whoever
 * registered nothing, but the page's is the one the person reading it just used.
 */
async function tellOwner(ctx: AccountsContext, email: string, mayTell: (email: string) => Promise<boolean>, lang: Lang): Promise<void> {
  if (!(await mayTell(email))) return;
  await clientOf(ctx.db).execute(queueMailRow({ kind: 'account-exists', to: email, lang, data: {} }, Date.now()));
  ctx.wakeMail?.();
}

/** Mails a new link to an unverified player; does nothing, silently, for any other address. */
export async function resendVerification(ctx: AccountsContext, email: string): Promise<void> {
  // After the answer, so its time does not tell an unverified account (which costs a write) from any other address.
  void mailVerificationAgain(ctx, email).catch((e) => ctx.logger.error('verification link failed', errorFields(e)));
}

/**
 * A fresh verification link for an unverified account's owner who signed in with the right password (sign-in answers
 * them as a wrong password, so it tells no one the account exists): at most as often as a resend (`mayTell`).
 * Not awaited by the caller: its writes must not make that answer slower than a wrong password's.
 */
export function remindToVerify(ctx: AccountsContext, email: string, mayTell: (email: string) => Promise<boolean>): void {
  void (async () => {
    if (await mayTell(email)) await mailVerificationAgain(ctx, email);
  })().catch((e) => ctx.logger.error('verification link failed', errorFields(e)));
}

async function mailVerificationAgain(ctx: AccountsContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailVerifiedAt) return;
  const token = newEmailToken(user.id, 'verify', new Date());
  await ctx.db.insert(emailTokens).values(token.row);
  void deliverLater(ctx.mailer, ctx.logger, 'verification', verificationMail(ctx.site, user.email, verifyLink(ctx, token.raw), isLang(user.language) ? user.language : 'en'));
}

/** What a spent link did: verified a new account, or moved an account to the new address it names. */
export type EmailLinkResult = { purpose: 'verify' } | { purpose: 'email_change'; email: string };

/**
 * Uses a verification link: either the first verification of an account or the confirmation of a new
 * address (which then replaces the old one, if it is still the one asked for and nobody took it meanwhile).
 * A confirmed change ends every session of the account but `keep` (the session of the browser that opened the
 * link, when it has one).
 */
export async function verifyEmail(ctx: AccountsContext, raw: unknown, keep?: string): Promise<EmailLinkResult> {
  const now = new Date();
  const token = await consumeEmailToken(ctx.db, raw, ['verify', 'email_change'], now);
  if (!token) {
    if ((await verificationLinkState(ctx, raw, now)) === 'verified') throw new AppError(409, text(m.auth_already_verified), 'ALREADY_VERIFIED');
    throw invalidToken();
  }
  if (token.purpose === 'verify') {
    await ctx.db.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, token.userId), isNull(users.emailVerifiedAt)));
    return { purpose: 'verify' };
  }
  const before = await findUserById(ctx.db, token.userId);
  // A change asked before the account became an operator's: an operator's address moves only on the command line.
  refuseOperatorEmailChange(before?.role);
  try {
    const [changed] = await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ email: token.email!, pendingEmail: null, emailVerifiedAt: now })
        .where(and(eq(users.id, token.userId), eq(users.pendingEmail, token.email!)))
        .returning({ id: users.id }),
      // Reset links mailed to the old address must not outlive it: whoever reads that inbox could otherwise still set
      // the password of the account that has just moved away from it. Only when the change above took place.
      ctx.db
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, token.userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt),
          sql`exists (select 1 from users where users.id = ${token.userId} and users.email = ${token.email!})`)),
      // Likewise every session but the confirming browser's, only when the change took place.
      ctx.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, token.userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined,
          sql`exists (select 1 from users where users.id = ${token.userId} and users.email = ${token.email!})`)),
    ]);
    if (changed.length === 0) throw invalidToken();
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_unique')) throw emailTaken();
    throw e;
  }
  ctx.hub?.endSessions({ userId: token.userId, except: keep });
  if (before) {
    // The old inbox can put its address back for a week: the way back from a takeover that got past the password.
    const undo = await issueEmailUndo(ctx, token.userId, before.email, now);
    await emailChanged(ctx, token.userId, before.email, token.email!, now.getTime(), { undoLink: undo, lang: savedLang(before) });
  }
  return { purpose: 'email_change', email: token.email! };
}

/**
 * What a verification link can still do, read without spending it: verify (pending), nothing because its account is
 * verified already (a link opened again after it worked), or nothing at all (invalid).
 */
export async function verificationLinkState(ctx: AccountsContext, raw: unknown, now = new Date()): Promise<'pending' | 'verified' | 'invalid'> {
  const link = await emailTokenState(ctx.db, raw, ['verify', 'email_change'], now);
  if (link.state === 'live') return 'pending';
  if (link.state === 'unknown') return 'invalid';
  const [user] = await ctx.db.select({ verifiedAt: users.emailVerifiedAt, email: users.email }).from(users).where(eq(users.id, link.userId!)).limit(1);
  // A change-of-address link opened again: done if the account still has that address (not since undone or changed).
  if (link.purpose === 'email_change') return link.state === 'used' && user?.verifiedAt && user.email === link.email ? 'verified' : 'invalid';
  return user?.verifiedAt ? 'verified' : 'invalid';
}
