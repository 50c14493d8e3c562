// Two-step verification: the words and field rules the API, the plain forms and the islands share. The checks speak
// the current language (src/i18n); the English constants stay for the code and tests that name them.
import { m } from '../../i18n/paraglide/messages.js';

export const TOTP_REQUIRED = 'TOTP_REQUIRED';
export const TOTP_INVALID = 'TOTP_INVALID';
export const TOTP_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const TOTP_INVALID_MESSAGE = 'That code is not right or was already used. Enter the current code from your authenticator app, or a recovery code.';
/** The right code, but its 30-second step was already spent (a sign-in a moment ago): only the next one will do. */
export const TOTP_USED_MESSAGE = 'That code was already used. Wait for the next code (every 30 s) and enter it.';
export const SETUP_CODE_INVALID = 'That code is not right. Check that the time on your phone is correct and enter the current code.';
export const SETUP_CODE_REQUIRED = 'Enter the 6-digit code your authenticator app shows.';

/** The answers that mean "a code is needed", not "signed out": the shared API client must not send them to /login. */
export const TOTP_ERROR_TYPES: readonly string[] = [TOTP_REQUIRED, TOTP_INVALID];

export const RECOVERY_CODE_COUNT = 10;

/** What a player may type in the code box: spaces and dashes are theirs, not the code's. */
export const normalizeCode = (v: unknown): string => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toLowerCase().slice(0, 64) : '');

/** Six digits: an authenticator code. Anything else is tried as a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** A recovery code as shown: ten characters in two groups (xxxxx-xxxxx). */
export const formatRecoveryCode = (raw: string) => `${raw.slice(0, 5)}-${raw.slice(5)}`;

/** The set-up confirmation code: six digits, checked before the call so the box says what is wrong. */
export function checkSetupCode(v: { code?: unknown }): Record<string, string> {
  const code = normalizeCode(v.code);
  if (!code) return { code: m.fields_setup_code_required() };
  return isTotpCode(code) ? {} : { code: m.fields_setup_code_required() };
}

/** The code box of a protected form: empty is the same message the API gives. */
export function checkTotp(v: { totp?: unknown }): Record<string, string> {
  return normalizeCode(v.totp) ? {} : { totp: m.fields_totp_required() };
}

/** A form's own checks, plus the code box when two-step verification is on. */
export const withTotp = <V,>(check: (v: V) => Record<string, string>, on: boolean | undefined) =>
  (v: V & { totp?: unknown }): Record<string, string> => (on ? { ...check(v), ...checkTotp(v) } : check(v));
