import { COMMON_PASSWORDS } from './common-passwords';
import { hasControlChars, isEmail, isPlainEmail, isPlainName, PASSWORD_MAX, str, type FieldErrors } from './fields';
import { m } from '../../i18n/paraglide/messages.js';

// Every message is said in the page's language in an island and the request's language in the API (src/i18n); the
// English constants below stay for the code and tests that name them.

export const REFERRAL_SOURCES = ['onlineSearch', 'friend', 'email', 'sms', 'facebook', 'other'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

function email(errors: FieldErrors, v: unknown, invalid = m.fields_email_invalid(), required = m.fields_email_required()) {
  const s = str(v).trim();
  if (!s) errors.email = required;
  else if (!isEmail(s) || hasControlChars(s) || !isPlainEmail(s)) errors.email = invalid;
}

function tooLong(errors: FieldErrors, field: string, v: string) {
  if (!errors[field] && v.length > PASSWORD_MAX) errors[field] = m.fields_password_too_long({ max: PASSWORD_MAX });
}

/** An e-mail alone (resend verification): the login and register rules for the address. */
export function checkEmail(input: { email?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  email(e, input.email);
  return e;
}

/** spec §5: Login */
export function checkLogin(input: { email?: unknown; password?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  email(e, input.email);
  const p = str(input.password);
  if (!p) e.password = m.fields_password_required();
  tooLong(e, 'password', p);
  return e;
}

/**
 * The one password rule in one wording, shown under every new-password field (register, reset, change) and used by
 * its messages (DESIGN §8: the same rule on every path).
 */
export const PASSWORD_RULE = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORD_NEEDS_MIX = 'Password must contain at least one uppercase letter, one lowercase letter, and one number';
/** A new e-mail address is asked for with the current password (the field of the password change). */
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.';
/** The password rule in the current language, for the hint under every new-password field. */
export const passwordRule = () => m.fields_password_rule();
/** One of the 10,000 most common passwords, whatever its letter case. */
export const isCommonPassword = (p: string) => COMMON_PASSWORDS.has(p.toLowerCase());

/**
 * The one rule for every new password (register, reset, change): spec §5's register rule — required, 8+, lower,
 * upper and digit — and not a common password (DESIGN §8).
 */
export function checkNewPassword(v: unknown, field = 'password'): FieldErrors {
  const e: FieldErrors = {};
  const p = str(v);
  if (!p) e[field] = m.fields_password_required();
  else if (p.length < 8) e[field] = m.fields_password_too_short();
  else if (!/[a-z]/.test(p) || !/[A-Z]/.test(p) || !/\d/.test(p)) e[field] = m.fields_password_needs_mix();
  else if (isCommonPassword(p)) e[field] = m.fields_password_common();
  tooLong(e, field, p);
  return e;
}

/** spec §5: Register. `reference` is the first ticked referral source. */
export function checkRegister(input: { email?: unknown; password?: unknown; termsAccepted?: unknown; ageConfirmed?: unknown; reference?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  email(e, input.email);
  Object.assign(e, checkNewPassword(input.password));
  if (input.termsAccepted !== true) e.termsAccepted = m.fields_terms_required();
  if (input.ageConfirmed !== true) e.ageConfirmed = m.fields_age_required();
  if (!REFERRAL_SOURCES.includes(input.reference as ReferralSource))
    e.reference = m.fields_reference_required();
  return e;
}

/** spec §5: Forgot password. The captcha is compared on the server, case-insensitively. */
export function checkForgot(input: { email?: unknown; captcha?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  email(e, input.email);
  if (!str(input.captcha).trim()) e.captcha = m.fields_captcha_required();
  return e;
}

/**
 * spec §5: Reset password, with the register rule (DESIGN §8: a reset is never the way to a weaker password). The
 * form also has a confirmation; the API takes newPassword only.
 */
export function checkReset(input: { password?: unknown; confirmPassword?: unknown }, withConfirm = true): FieldErrors {
  const p = str(input.password);
  const e = checkNewPassword(p);
  if (withConfirm) {
    const c = str(input.confirmPassword);
    if (!c) e.confirmPassword = m.fields_confirm_required();
    else if (c !== p) e.confirmPassword = m.fields_passwords_differ();
  }
  return e;
}

/** spec §5: Profile. Name and phone are optional; email required. */
export function checkProfile(input: { name?: unknown; phoneNo?: unknown; email?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  const name = str(input.name).trim();
  if (name && (name.length < 2 || name.length > 50 || hasControlChars(name) || !isPlainName(name))) e.name = m.fields_name_length();
  const phone = str(input.phoneNo).trim();
  if (phone && !/^\d{10,15}$/.test(phone)) e.phoneNo = m.fields_phone_digits();
  email(e, input.email, m.fields_email_enter_valid());
  return e;
}

/**
 * spec §5: Change password, with the one rule of every new password (its special character is dropped: DESIGN §8),
 * a confirmation that matches, and a new password that is not the current one.
 */
export function checkChangePassword(input: { currentPassword?: unknown; newPassword?: unknown; confirmPassword?: unknown }, withConfirm = true): FieldErrors {
  const e: FieldErrors = {};
  const cur = str(input.currentPassword);
  const next = str(input.newPassword);
  if (!cur) e.currentPassword = m.fields_current_password_required();
  tooLong(e, 'currentPassword', cur);
  if (!next) e.newPassword = m.fields_new_password_required();
  else {
    const rule = checkNewPassword(next, 'newPassword');
    if (rule.newPassword) e.newPassword = rule.newPassword;
    else if (cur && cur === next) e.newPassword = m.fields_password_same();
  }
  tooLong(e, 'newPassword', next);
  if (withConfirm) {
    const c = str(input.confirmPassword);
    if (c !== next) e.confirmPassword = m.fields_passwords_differ();
  }
  return e;
}
