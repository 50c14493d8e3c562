import { COMMON_PASSWORDS } from './common-passwords';
import { hasControlChars, isEmail, isPlainEmail, isPlainName, PASSWORD_MAX, str, type FieldErrors } from './fields';

export const REFERRAL_SOURCES = ['onlineSearch', 'friend', 'email', 'sms', 'facebook', 'other'] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];

function email(errors: FieldErrors, v: unknown, invalid = 'Email address is invalid', required = 'Email is required') {
  const s = str(v).trim();
  if (!s) errors.email = required;
  else if (!isEmail(s) || hasControlChars(s) || !isPlainEmail(s)) errors.email = invalid;
}

function tooLong(errors: FieldErrors, field: string, v: string) {
  if (!errors[field] && v.length > PASSWORD_MAX) errors[field] = `Password must be at most ${PASSWORD_MAX} characters`;
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
  if (!p) e.password = 'Password is required';
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
/** One of the 10,000 most common passwords, whatever its letter case. */
export const isCommonPassword = (p: string) => COMMON_PASSWORDS.has(p.toLowerCase());

/**
 * The one rule for every new password (register, reset, change): spec §5's register rule — required, 8+, lower,
 * upper and digit — and not a common password (DESIGN §8).
 */
export function checkNewPassword(v: unknown, field = 'password'): FieldErrors {
  const e: FieldErrors = {};
  const p = str(v);
  if (!p) e[field] = 'Password is required';
  else if (p.length < 8) e[field] = PASSWORD_TOO_SHORT;
  else if (!/[a-z]/.test(p) || !/[A-Z]/.test(p) || !/\d/.test(p)) e[field] = PASSWORD_NEEDS_MIX;
  else if (isCommonPassword(p)) e[field] = COMMON_PASSWORD_MESSAGE;
  tooLong(e, field, p);
  return e;
}

/** spec §5: Register. `reference` is the first ticked referral source. */
export function checkRegister(input: { email?: unknown; password?: unknown; termsAccepted?: unknown; ageConfirmed?: unknown; reference?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  email(e, input.email);
  Object.assign(e, checkNewPassword(input.password));
  if (input.termsAccepted !== true) e.termsAccepted = 'You must accept the Terms and Conditions';
  if (input.ageConfirmed !== true) e.ageConfirmed = 'You must confirm that you are 21+ years old';
  if (!REFERRAL_SOURCES.includes(input.reference as ReferralSource))
    e.reference = 'Please select at least one option for how you heard about us';
  return e;
}

/** spec §5: Forgot password. The captcha is compared on the server, case-insensitively. */
export function checkForgot(input: { email?: unknown; captcha?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  email(e, input.email);
  if (!str(input.captcha).trim()) e.captcha = 'Captcha is required';
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
    if (!c) e.confirmPassword = 'Please confirm your password';
    else if (c !== p) e.confirmPassword = 'Passwords do not match';
  }
  return e;
}

/** spec §5: Profile. Name and phone are optional; email required. */
export function checkProfile(input: { name?: unknown; phoneNo?: unknown; email?: unknown }): FieldErrors {
  const e: FieldErrors = {};
  const name = str(input.name).trim();
  if (name && (name.length < 2 || name.length > 50 || hasControlChars(name) || !isPlainName(name))) e.name = 'Name should be 2 to 50 characters long';
  const phone = str(input.phoneNo).trim();
  if (phone && !/^\d{10,15}$/.test(phone)) e.phoneNo = 'Phone number must be 10 to 15 digits';
  email(e, input.email, 'Enter a valid email address');
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
  if (!cur) e.currentPassword = 'Current password is required';
  tooLong(e, 'currentPassword', cur);
  if (!next) e.newPassword = 'New password is required';
  else {
    const rule = checkNewPassword(next, 'newPassword');
    if (rule.newPassword) e.newPassword = rule.newPassword;
    else if (cur && cur === next) e.newPassword = 'Current password and new password cannot be same';
  }
  tooLong(e, 'newPassword', next);
  if (withConfirm) {
    const c = str(input.confirmPassword);
    if (c !== next) e.confirmPassword = 'Passwords do not match';
  }
  return e;
}
