import { readAmount } from '../shared/schemas/amount-input';
import { TOTP_ERROR_TYPES } from '../shared/schemas/two-step';
import { checkWithdrawTyped } from '../shared/schemas/withdraw';
import { answerToResult } from './form-post';
import type { ActionContext, ActionResult, ApiAnswer, PageAction } from './page';

// The withdraw form's plain posts (docs/decisions/withdrawal-review.md): the first answers the review and holds
// nothing; withdraw-confirm does the withdrawal of exactly what was reviewed; withdraw-edit goes back to the form.

type Typed = { currency: string; wallet_address: string; amount: string; tip: string };

/** The page's FormState action that carries a review (never a posted action name: only these actions produce it). */
export const REVIEW_STATE = 'withdraw-review';
// A confirmation of something no longer as reviewed: the figures of the moment are shown instead.
const REVIEW_AGAIN = ['REVIEW_EXPIRED', 'RATE_MOVED', 'REVIEW_CHANGED'];

const typedOf = (f: Record<string, string>): Typed => ({
  currency: f.currency ?? '', wallet_address: (f.wallet_address ?? '').trim(), amount: (f.amount ?? '').trim(), tip: (f.tip ?? '').trim(),
});
const orderOf = (t: Typed) => ({ currency: t.currency, wallet_address: t.wallet_address, amount: (readAmount(t.amount) as { dollars: number }).dollars, tip: t.tip ? Number(t.tip) : 0 });

/** A refusal back at the form, as typed: not enough credits is the amount's problem, as the island shows it. */
function refusal(a: ApiAnswer, values: Typed): ActionResult {
  if (a.json?.errorType === 'INSUFFICIENT_FUNDS') return { status: a.status, form: { action: 'withdraw', values, errors: { amount: String(a.json.message) } } };
  return answerToResult(a, { action: 'withdraw', values }, () => ({ redirect: '/home#withdraw' }));
}

/** The review page for what was typed, or the form with the refusal the request would give. */
async function review(ctx: ActionContext, values: Typed, notice?: string, totpError?: { status: number; message: string }): Promise<ActionResult> {
  const a = await ctx.send('POST', '/withdraw/review', orderOf(values));
  if (a.json?.success !== true) return refusal(a, values);
  return {
    status: totpError?.status ?? 200,
    form: { action: REVIEW_STATE, values: { ...values, review: JSON.stringify(a.json.review) }, errors: totpError ? { totp: totpError.message } : {}, ...(notice && { message: notice }) },
  };
}

export const withdrawActions: Record<string, PageAction> = {
  /** Step 1: the form. Its rules here, the request's refusals from the review; nothing is held. */
  async withdraw(ctx) {
    const values = typedOf(ctx.fields);
    // The API takes numbers; typed text that is not one gets the shared rules' words here.
    const errors = checkWithdrawTyped(values);
    if (Object.keys(errors).length) return { status: 400, form: { action: 'withdraw', values, errors } };
    return review(ctx, values);
  },
  /** The review's Change: the form again with what was typed. */
  async 'withdraw-edit'(ctx) {
    return { status: 200, form: { action: 'withdraw', values: typedOf(ctx.fields), errors: {} } };
  },
  /** Step 2: the reviewed withdrawal, checked again by the server and held; a double press withdraws once (_key). */
  async 'withdraw-confirm'(ctx) {
    const values = typedOf(ctx.fields);
    const errors = checkWithdrawTyped(values);
    if (Object.keys(errors).length) return { status: 400, form: { action: 'withdraw', values, errors } };
    const body = { ...orderOf(values), wallet_address: (ctx.fields.destination ?? values.wallet_address).trim(), review: ctx.fields.review ?? '', totp: ctx.fields.totp };
    const a = await ctx.send('POST', '/withdraw/confirm', body, { idempotencyKey: ctx.fields._key || undefined });
    if (a.json?.success === true) return { redirect: '/home#withdraw', flash: { kind: 'success', message: String(a.json.message), at: 'withdraw' } };
    const type = String(a.json?.errorType ?? '');
    if (REVIEW_AGAIN.includes(type)) return review(ctx, values, String(a.json?.message ?? ''));
    const totp = (a.json?.errors as { field?: string; message?: string }[] | undefined)?.find((e) => e.field === 'totp')?.message;
    if (TOTP_ERROR_TYPES.includes(type) || totp) return review(ctx, values, undefined, { status: a.status, message: totp ?? String(a.json?.message ?? '') });
    return refusal(a, values);
  },
};
