import { landingOf } from '../shared/paths';
import { checkChangePassword, checkReset, REFERRAL_SOURCES } from '../shared/schemas/account';
import { m } from '../i18n/paraglide/messages.js';
import { answerToResult } from './form-post';
import { sameSitePath as safeNext } from '../shared/paths';
import type { ActionContext, ActionResult, ApiAnswer, PageAction, SiteInfo } from './page';
import { mailboxOf } from '../services/mail/mailbox';

// The account screens' plain form posts (before or without the islands' scripts). Each calls the same API the
// island calls, so rules, messages, rate limits and services are one; passwords are never sent back into a page.

/** Outside production, while mail stays in the outbox: the register form's 'Check Your Email!' links to the dev mailbox. */
export const devMailboxProp = (site: SiteInfo): { mailbox?: string } => (site.devMailbox && mailboxOf(site) ? { mailbox: '/dev/mailbox' } : {});

const f = (ctx: ActionContext, name: string) => (ctx.fields[name] ?? '').trim();
const ticked = (ctx: ActionContext, name: string) => !!ctx.fields[name];
const ok = (redirect: string, message: string): ActionResult => ({ redirect, flash: { kind: 'success', message } });

export const REGISTERED = (email: string) => `Registration Successful! We sent a verification link to ${email}. Verify your email, then log in.`;
export const RESET_DONE = 'Password Updated! Your password has been successfully reset. You can now use your new password to log in to your account.';

export const loginActions: Record<string, PageAction> = {
  /** Sign in: the API sets the session cookie; this answer carries it onto the redirect. */
  async default(ctx) {
    const email = f(ctx, 'email');
    const remember = ticked(ctx, 'remember');
    const next = safeNext(ctx.fields.next);
    const a = await ctx.send('POST', '/login', { email, password: ctx.fields.password ?? '', userType: 'USER', remember });
    const values = { email, remember: remember ? 'on' : '', next: next ?? '' };
    return codeStepOr(a, values) ?? answerToResult(a, { action: 'default', values }, signedIn(a, next));
  },
  /** The two-step code step: the proof of the password step (never the password) and the code. */
  async code(ctx) {
    const next = safeNext(ctx.fields.next);
    const values = { email: f(ctx, 'email'), remember: ticked(ctx, 'remember') ? 'on' : '', next: next ?? '' };
    const a = await ctx.send('POST', '/login', { loginToken: ctx.fields.loginToken ?? '', totp: ctx.fields.totp ?? '' });
    // The proof ran out: back to the password step with the address kept.
    if (a.json?.errorType === 'LOGIN_EXPIRED') return { status: 401, form: { action: 'default', values, errors: {}, message: String(a.json.message) } };
    return codeStepOr(a, values, true) ?? answerToResult(a, { action: 'default', values }, signedIn(a, next));
  },
};

const signedIn = (a: ApiAnswer, next: string | null) => (json: Record<string, any>): ActionResult => ({
  // An operator lands in the console; a player on the dashboard (or each where they were going).
  redirect: next ?? landingOf(json.user?.role),
  cookies: a.cookies,
  flash: { kind: 'success', message: String(json.message ?? m.auth_login_ok()) },
});

/** A right password with two-step on: the code step, carrying the API's short-lived proof instead of the password. */
function codeStepOr(a: ApiAnswer, values: Record<string, string>, onCodeStep = false): ActionResult | null {
  const type = a.json?.errorType;
  if ((type !== 'TOTP_REQUIRED' && type !== 'TOTP_INVALID') || typeof a.json?.loginToken !== 'string') return null;
  // The first ask is a question, not an error; on the code step itself it is the code box's error.
  const errors: Record<string, string> = type === 'TOTP_INVALID' || onCodeStep ? { totp: String(a.json.message) } : {};
  return { status: 401, form: { action: 'code', values: { ...values, loginToken: a.json.loginToken }, errors } };
}

export const registerActions: Record<string, PageAction> = {
  async default(ctx) {
    const email = f(ctx, 'email');
    const reference = REFERRAL_SOURCES.find((k) => ticked(ctx, `ref-${k}`)) ?? null;
    const body = { email, password: ctx.fields.password ?? '', reference, userType: 'USER', termsAccepted: ticked(ctx, 'termsAccepted'), ageConfirmed: ticked(ctx, 'ageConfirmed'), ...(ctx.fields.state !== undefined && { state: ctx.fields.state }) };
    const a = await ctx.send('POST', '/register', body);
    const values: Record<string, string> = { email, ...(ctx.fields.state && { state: ctx.fields.state }) };
    for (const k of ['termsAccepted', 'ageConfirmed', ...REFERRAL_SOURCES.map((s) => `ref-${s}`)]) if (ticked(ctx, k)) values[k] = 'on';
    return answerToResult(a, { action: 'default', values }, () => ok('/login', m.auth_registered_flash({ email })));
  },
};

export const forgotActions: Record<string, PageAction> = {
  async default(ctx) {
    const email = f(ctx, 'email');
    const a = await ctx.send('POST', '/forget-password', { email, captchaId: ctx.fields.captchaId ?? '', captcha: f(ctx, 'captcha') });
    // A captcha is good for one try: the page again draws a fresh one, with the address kept.
    return answerToResult(a, { action: 'default', values: { email } }, (json) => ok('/forgot-password', String(json.message)));
  },
};

export const resetActions: Record<string, PageAction> = {
  async default(ctx) {
    const password = ctx.fields.password ?? '';
    const confirm = checkReset({ password, confirmPassword: ctx.fields.confirmPassword ?? '' }).confirmPassword;
    if (confirm) return { status: 400, form: { action: 'default', values: {}, errors: { confirmPassword: confirm } } };
    const a = await ctx.send('PATCH', `/reset-password/${encodeURIComponent(ctx.params.id ?? '')}`, { newPassword: password });
    const r = answerToResult(a, { action: 'default', values: {} }, () => ok('/login', m.auth_reset_done_flash()));
    // The API names the field newPassword; the form calls it password.
    if ('form' in r && r.form.errors.newPassword) r.form.errors = { password: r.form.errors.newPassword };
    return r;
  },
};

/** A new operator's first password (the link `coinreel admin create` printed); then sign-in, which leads to the console. */
export const setPasswordActions: Record<string, PageAction> = {
  async default(ctx) {
    const password = ctx.fields.password ?? '';
    const confirm = checkReset({ password, confirmPassword: ctx.fields.confirmPassword ?? '' }).confirmPassword;
    if (confirm) return { status: 400, form: { action: 'default', values: {}, errors: { confirmPassword: confirm } } };
    const a = await ctx.send('PATCH', `/set-password/${encodeURIComponent(ctx.params.id ?? '')}`, { newPassword: password });
    const r = answerToResult(a, { action: 'default', values: {} }, () => ok('/login?next=%2Fadmin', m.auth_password_set()));
    if ('form' in r && r.form.errors.newPassword) r.form.errors = { password: r.form.errors.newPassword };
    return r;
  },
};

export const profileActions: Record<string, PageAction> = {
  async profile(ctx) {
    const values = { name: f(ctx, 'name'), phoneNo: f(ctx, 'phoneNo'), email: f(ctx, 'email') };
    // The password and the code (asked only for a new address) go to the API, never back into the page.
    const a = await ctx.send('PATCH', '/user/update-profile', { ...values, currentPassword: ctx.fields.currentPassword, totp: ctx.fields.totp });
    return answerToResult(a, { action: 'profile', values }, (json) => ok('/profile-setting', String(json.message || m.profile_profile_updated())));
  },
  async password(ctx) {
    const body = { currentPassword: ctx.fields.currentPassword ?? '', newPassword: ctx.fields.newPassword ?? '' };
    const confirm = checkChangePassword({ ...body, confirmPassword: ctx.fields.confirmPassword ?? '' }).confirmPassword;
    if (confirm) return { status: 400, form: { action: 'password', values: {}, errors: { confirmPassword: confirm } } };
    const a = await ctx.send('PATCH', '/user/change-password', body);
    return answerToResult(a, { action: 'password', values: {} }, (json) => ok('/profile-setting', String(json.message || m.profile_password_changed())));
  },
};
