import { answerToResult } from './form-post';
import type { ActionContext, ActionResult, PageAction } from './page';
import { qrSvg } from './qr';

// The two-step section of /profile-setting as plain form posts: the same API calls the island makes. Secrets and
// recovery codes are shown by re-rendering the page (never put in a flash cookie or a URL); codes typed are not kept.

const BACK = '/profile-setting#two-step';

/** The set-up screen again: the secret being set up, its URI and the QR drawn from it. */
async function setupScreen(secret: string, otpauthUrl: string, status: number, errors: Record<string, string> = {}, message?: string): Promise<ActionResult> {
  return { status, form: { action: '2fa-setup', values: { secret, otpauthUrl, qrSvg: await qrSvg(otpauthUrl) }, errors, message } };
}

const codesScreen = (codes: unknown): ActionResult => ({
  status: 200,
  form: { action: '2fa-codes', values: { recoveryCodes: Array.isArray(codes) ? codes.map(String).join(' ') : '' }, errors: {} },
});

export const twoStepActions: Record<string, PageAction> = {
  /** Turn on, first step: a new pending secret, shown as QR and manual key. */
  async '2fa-setup'(ctx: ActionContext) {
    const a = await ctx.send('POST', '/user/2fa/setup', {});
    if (a.json?.success !== true) return answerToResult(a, { action: '2fa-status', values: {} }, () => ({ redirect: BACK }));
    return setupScreen(String(a.json.secret), String(a.json.otpauthUrl), 200);
  },
  /**
   * Turn on, second step: the first code confirms the app has the secret; the recovery codes are shown once. An
   * operator's waits for the mailed link: back to the section, which then says to check the e-mail.
   */
  async '2fa-enable'(ctx: ActionContext) {
    const a = await ctx.send('POST', '/user/2fa/enable', { code: ctx.fields.code ?? '', currentPassword: ctx.fields.currentPassword ?? '' });
    if (a.json?.success === true && a.status === 202) return { redirect: BACK, flash: { kind: 'info', message: String(a.json.message) } };
    if (a.json?.success === true) return codesScreen(a.json.recoveryCodes);
    // The secret being set up comes back from the form's own hidden fields, so a mistyped code can be retried.
    const secret = ctx.fields.secret ?? '';
    const url = ctx.fields.otpauthUrl ?? '';
    const r = answerToResult(a, { action: '2fa-setup', values: {} }, () => ({ redirect: BACK }));
    if (!('form' in r) || !url.startsWith('otpauth://')) return r;
    return setupScreen(secret, url, r.status ?? 400, r.form.errors, r.form.message);
  },
  /** The button of the mailed link's page (two-step-confirm.page.tsx): on, and the recovery codes shown once. */
  async '2fa-confirm'(ctx: ActionContext) {
    const a = await ctx.send('POST', '/user/2fa/confirm', { token: ctx.fields.token ?? '' });
    if (a.json?.success === true) return codesScreen(a.json.recoveryCodes);
    const r = answerToResult(a, { action: '2fa-confirm', values: {} }, () => ({ redirect: BACK }));
    // The link's field error is the card's message: the section has no link box to put it under.
    if ('form' in r && r.form.errors.token) r.form = { ...r.form, message: r.form.errors.token, errors: {} };
    return r;
  },
  /** The mail went astray: a new link for the confirmation this session asked for. */
  async '2fa-resend'(ctx: ActionContext) {
    const a = await ctx.send('POST', '/user/2fa/confirm/resend', {});
    return answerToResult(a, { action: '2fa-confirm', values: {} }, (json) => ({ redirect: BACK, flash: { kind: 'info', message: String(json.message) } }));
  },
  async '2fa-disable'(ctx: ActionContext) {
    const a = await ctx.send('POST', '/user/2fa/disable', { totp: ctx.fields.totp ?? '' });
    return answerToResult(a, { action: '2fa-disable', values: {} }, (json) => ({ redirect: BACK, flash: { kind: 'success', message: String(json.message) } }));
  },
  async '2fa-regenerate'(ctx: ActionContext) {
    const a = await ctx.send('POST', '/user/2fa/recovery-codes', { totp: ctx.fields.totp ?? '' });
    if (a.json?.success === true) return codesScreen(a.json.recoveryCodes);
    return answerToResult(a, { action: '2fa-regenerate', values: {} }, () => ({ redirect: BACK }));
  },
};
