import { readAmount } from '../shared/schemas/amount-input';
import { withTotp } from '../shared/schemas/two-step';
import { checkP2PTyped } from '../shared/schemas/wallet';
import { amountTooLarge } from '../shared/money';
import { answerToResult } from './form-post';
import type { PageAction } from './page';
import { m } from '../i18n/paraglide/messages.js';


// P2P and freeplay as plain form posts: the same API calls the islands make, with the typed amount read once.

export const p2pActions: Record<string, PageAction> = {
  /** Step 1: the typed form. On success the page again, now asking to confirm who receives how much. */
  async default(ctx) {
    const values = { email: (ctx.fields.email ?? '').trim(), amount: (ctx.fields.amount ?? '').trim() };
    // With two-step on, an empty code box is said here, as the island says it, not after Send on the confirmation.
    const errors = withTotp(checkP2PTyped, ctx.viewer!.twoStep)({ ...values, totp: ctx.fields.totp });
    if (Object.keys(errors).length) return { status: 400, form: { action: 'default', values, errors } };
    const { dollars, text: amount } = readAmount(values.amount) as { dollars: number; text: string };
    // Above the site's maximum, or more than the wallet holds, is said at once, not after the confirmation (the API
    // and the ledger still decide at Send).
    const maxCents = ctx.site.maxAmountCents ?? Number.MAX_SAFE_INTEGER;
    if (Math.round(dollars * 100) > maxCents) return { status: 400, form: { action: 'default', values, errors: { amount: amountTooLarge(maxCents) } } };
    if (Math.round(dollars * 100) > ctx.viewer!.walletCents) return { status: 409, form: { action: 'default', values, errors: { amount: m.pages_p2p_insufficient() } } };
    const a = await ctx.send('GET', `/transfer/recipient?email=${encodeURIComponent(values.email)}`);
    return answerToResult(a, { action: 'default', values }, (json) => ({
      status: 200,
      form: { action: 'confirm', values: { email: values.email, amount, name: String(json.recipient?.name ?? ''), playerId: String(json.recipient?.playerId ?? ''), ...(ctx.fields.totp && { totp: ctx.fields.totp }) }, errors: {} },
    }));
  },
  /** The confirmation's Back: the form again with what was typed. */
  async edit(ctx) {
    return { status: 200, form: { action: 'default', values: { email: (ctx.fields.email ?? '').trim(), amount: (ctx.fields.amount ?? '').trim() }, errors: {} } };
  },
  /** Step 2, confirmed: credits move; the receipt page follows, with the server's message as a flash. */
  async send(ctx) {
    const values = { email: (ctx.fields.email ?? '').trim(), amount: (ctx.fields.amount ?? '').trim() };
    const errors = checkP2PTyped(values);
    if (Object.keys(errors).length) return { status: 400, form: { action: 'default', values, errors } };
    const amount = (readAmount(values.amount) as { dollars: number }).dollars;
    const a = await ctx.send('POST', '/transfer/p2p-transfer', { email: values.email, amount, totp: ctx.fields.totp }, { idempotencyKey: ctx.fields._key || undefined });
    // Not enough credits is the amount's problem, as the island shows it.
    if (a.json?.errorType === 'INSUFFICIENT_FUNDS') return { status: a.status, form: { action: 'default', values, errors: { amount: String(a.json.message) } } };
    return answerToResult(a, { action: 'default', values }, (json) => ({
      redirect: json.receipt?.transactionId ? `/p2p-transfer?receipt=${encodeURIComponent(json.receipt.transactionId)}` : '/p2p-transfer',
      flash: { kind: 'success', message: String(json.message || m.pages_p2p_sent()) },
    }));
  },
};

export const freeplayActions: Record<string, PageAction> = {
  async default(ctx) {
    const code = (ctx.fields.code ?? '').trim();
    const a = await ctx.send('POST', '/freeplay/redeem', { code });
    return answerToResult(a, { action: 'default', values: { code } }, (json) => ({ redirect: '/freeplay', flash: { kind: 'success', message: String(json.message || m.pages_freeplay_redeemed()) } }));
  },
};
