import { AppError, fieldText, type FieldError } from '../../lib/app-error';
import type { Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { FieldErrors } from '../../shared/schemas/fields';
import type { Deps } from '../../deps';
import { clientIp } from '../../http/client-ip';
import type { AccountsContext, UserRow } from '../../services/auth/accounts.context';
import type { SignedIn } from '../../services/auth/viewer';

/** The JSON body as a plain object; arrays, strings, null and parse-less bodies count as empty. */
export function bodyOf(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * Turns the shared checks' { field: message } into the 400 envelope. `rename` maps a form's field name to
 * the API's (the reset form says `password`, the call says `newPassword`).
 */
export function rejectInvalid(errors: Record<string, string | Text>, rename: Record<string, string> = {}): void {
  const byField = new Map<string, string | Text>();
  for (const [field, message] of Object.entries(errors)) if (!byField.has(rename[field] ?? field)) byField.set(rename[field] ?? field, message);
  const list: FieldError[] = [...byField].map(([field, message]) => (typeof message === 'string' ? { field, message } : fieldText(field, message)));
  if (list.length) throw AppError.invalid(list);
}

/** Fields that are fixed or optional flags in the spec's payloads; anything else is a typed 400. */
export function checkFlags(b: Record<string, unknown>, flags: { userType?: boolean; remember?: boolean }): FieldErrors {
  const e: FieldErrors = {};
  if (flags.userType && b.userType !== undefined && b.userType !== 'USER') e.userType = m.api_user_type();
  if (flags.remember && b.remember !== undefined && typeof b.remember !== 'boolean') e.remember = m.api_remember_flag();
  return e;
}

export const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** GET /user/details: the spec's field names; empty text rather than null so forms can show it as is. */
/** The same answer from the session lookup every signed-in call already made: no second read of the row. */
/** GET /user/details' answer (also served by http/fast-reads.ts). */
export const detailsBody = (p: SignedIn) => ({ success: true, user: wireSignedIn(p) });

export function wireSignedIn(p: SignedIn): ReturnType<typeof wireUser> {
  return {
    _id: p.userId,
    playerId: p.playerId,
    name: p.name ?? '',
    phoneNo: p.phoneNo ?? '',
    email: p.email,
    emailVerified: p.emailVerified === true,
    pendingEmail: p.pendingEmail ?? null,
  };
}

export function wireUser(u: UserRow) {
  return {
    _id: u.id,
    playerId: u.playerId,
    name: u.name ?? '',
    phoneNo: u.phoneNo ?? '',
    email: u.email,
    emailVerified: u.emailVerifiedAt !== null,
    pendingEmail: u.pendingEmail,
  };
}

/** The session cookie: httpOnly and SameSite=Lax always, Secure on https, lasting only with remember-me. */
export function sessionCookie(token: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  const parts = [`token=${token}`, 'HttpOnly', 'SameSite=Lax', 'Path=/'];
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  if (opts.secure) parts.push('Secure');
  return parts.join('; ');
}

export const clearedSessionCookie = (secure: boolean) => sessionCookie('', { secure, maxAgeSeconds: 0 });

/**
 * A present field of the wrong JSON type gets the field's own message rather than being read as empty
 * (a number in `phoneNo` must not silently clear the phone).
 */
export function wrongTypes(b: Record<string, unknown>, messages: Record<string, string>): FieldErrors {
  const e: FieldErrors = {};
  for (const [field, message] of Object.entries(messages)) {
    const v = b[field];
    if (v !== undefined && v !== null && typeof v !== 'string') e[field] = message;
  }
  return e;
}

/** What the account services need from the app's adapters. */
export const accountsContext = (deps: Deps): AccountsContext => ({
  db: deps.database.db,
  store: deps.store,
  signer: deps.signer,
  mailer: deps.mailer,
  logger: deps.logger,
  site: deps.site,
  publicUrl: deps.config.publicUrl,
  hub: deps.hub,
  wakeMail: () => deps.mailQueue.wake(),
});

export const ipOf = (deps: Deps, req: Request) => clientIp(req, deps.config.TRUSTED_PROXY_HEADER);
