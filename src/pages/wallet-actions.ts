import { readAmount } from '../shared/schemas/amount-input';
import { checkP2PTyped } from '../shared/schemas/wallet';
import { answerToResult } from './form-post';
import type { PageAction } from './page';

// P2P and freeplay as plain form posts: the same API calls the islands make, with the typed amount read once.

export const p2pActions: Record<string, PageAction> = {
  async default(ctx) {
    const values = { email: (ctx.fields.email ?? '').trim(), amount: (ctx.fields.amount ?? '').trim() };
    const errors = checkP2PTyped(values);
    if (Object.keys(errors).length) return { status: 400, form: { action: 'default', values, errors } };
    const amount = (readAmount(values.amount) as { dollars: number }).dollars;
    const a = await ctx.send('POST', '/transfer/p2p-transfer', { email: values.email, amount, totp: ctx.fields.totp }, { idempotencyKey: ctx.fields._key || undefined });
    // Not enough credits is the amount's problem, as the island shows it.
    if (a.json?.errorType === 'INSUFFICIENT_FUNDS') return { status: a.status, form: { action: 'default', values, errors: { amount: String(a.json.message) } } };
    return answerToResult(a, { action: 'default', values }, (json) => ({ redirect: '/p2p-transfer', flash: { kind: 'success', message: String(json.message || 'Transfer successful.') } }));
  },
};

export const freeplayActions: Record<string, PageAction> = {
  async default(ctx) {
    const code = (ctx.fields.code ?? '').trim();
    const a = await ctx.send('POST', '/freeplay/redeem', { code });
    return answerToResult(a, { action: 'default', values: { code } }, (json) => ({ redirect: '/freeplay', flash: { kind: 'success', message: String(json.message || 'Code redeemed.') } }));
  },
};
