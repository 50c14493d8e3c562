import { depositPageUrl } from '../shared/paths';
import { readAmount } from '../shared/schemas/amount-input';
import { checkDepositTyped } from '../shared/schemas/deposit';
import type { ActionContext, ActionResult, PageAction, PageContext } from './page';
import { answerToResult } from './form-post';
import { m } from '../i18n/paraglide/messages.js';

/** The deposit page's plain form posts: create a deposit, and (sandbox only) pay one by hand. */
export const depositActions: Record<string, PageAction> = {
  async create(ctx: ActionContext): Promise<ActionResult> {
    const amount = (ctx.fields.amount ?? '').trim();
    // Read as the modal reads it (`$25`, `1,000.50`); the API takes the plain text of the dollars.
    const errors = checkDepositTyped({ amount });
    if (errors.amount) return { status: 400, form: { action: 'create', values: { amount }, errors } };
    const a = await ctx.send('POST', '/btc/create-deposit-request', { amount: (readAmount(amount) as { text: string }).text }, { idempotencyKey: ctx.fields._key || undefined });
    return answerToResult(a, { action: 'create', values: { amount } }, (json) => ({ redirect: depositPageUrl(json.data) }));
  },
  async simulate(ctx: ActionContext): Promise<ActionResult> {
    const id = ctx.fields.depositId ?? '';
    const a = await ctx.send('POST', `/sandbox/deposits/${encodeURIComponent(id)}/simulate`, { action: ctx.fields.simulate });
    const back = depositPageUrl({ depositId: id });
    return a.json?.success
      ? { redirect: back, flash: { kind: 'success', message: m.pages_deposit_simulated(), at: 'simulate' } }
      : { redirect: back, flash: { kind: 'error', message: String(a.json?.message ?? m.pages_request_failed()), at: 'simulate' } };
  },
};

/** A fresh key per rendered form: a double submit of the same form makes one deposit. */
const formKey = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('hex');

/** spec §2 Deposit modal's form as a plain page form: amount, the Lightning note, Confirm Deposit. */
export function NewDepositForm({ ctx }: { ctx: PageContext }) {
  const form = ctx.form?.action === 'create' ? ctx.form : null;
  const error = form?.errors.amount;
  return (
    <form className="form deposit-form" method="post" action="/deposit-bitcoin" noValidate>
      <p className="deposit-lead">{m.pages_deposit_lead()}</p>
      <input type="hidden" name="_action" value="create" />
      <input type="hidden" name="_key" value={formKey()} />
      {ctx.formToken && <input type="hidden" name="_token" value={ctx.formToken} />}
      {form?.message && <p className="alert alert-error" role="alert">{form.message}</p>}
      <div className="field">
        <label htmlFor="deposit-page-amount">{m.pages_deposit_amount()}</label>
        <input id="deposit-page-amount" name="amount" type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" defaultValue={form?.values.amount ?? ''}
          aria-invalid={error ? true : undefined} aria-describedby={error ? 'deposit-page-amount-error' : undefined} autoFocus={!!error} />
        {error && <p className="field-error" id="deposit-page-amount-error" role="alert">{error}</p>}
      </div>
      <p className="muted deposit-ln-note">{m.pages_deposit_ln_note()}</p>
      <button type="submit" className="btn btn-primary btn-block">{m.pages_deposit_confirm()}</button>
    </form>
  );
}
