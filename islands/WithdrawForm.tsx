import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState } from 'react';
import { dollarsToCents, formatCents } from '../src/shared/money';
import { readAmount } from '../src/shared/schemas/amount-input';
import { checkWithdrawTyped, DEFAULT_WITHDRAW_CURRENCY, WITHDRAW_CURRENCIES } from '../src/shared/schemas/withdraw';
import { TOTP_ERROR_TYPES } from '../src/shared/schemas/two-step';
import type { WithdrawReviewView } from '../src/shared/withdraw-review';
import { api, REQUEST_FAILED, type ApiAnswer } from './_client/api';
import { applyWalletAmount, refreshBalance } from './_client/balance';
import { idempotencyKey } from './_client/idempotency';
import { word } from './_client/page-words';
import { walletCents } from './_client/signals';
import { toast } from './_client/toast';
import { useSignalValue } from './_client/use-signal';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { FieldError, FormFailure, describedBy } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { useForm } from './_ui/use-form';
import { WithdrawReview, type TypedWithdrawal } from './_ui/withdraw-review';
import { TipField } from './_ui/withdraw-tip';
import { WithdrawQuote } from './_ui/withdraw-quote';
import { ADDRESS_EXAMPLES, type BitcoinNetwork } from '../src/shared/bitcoin-network';
import { sameSitePath } from '../src/shared/paths';

export type WithdrawFormProps = {
  walletCents: number;
  /** USD per BTC at the store now (null while it cannot be read): the player sees what they will receive before submitting. */
  rateUsdPerBtc?: number | null;
  /** Idempotency-Key of the plain form's confirmation. */
  formKey?: string;
  /** The session's form token (src/http/form-token.ts). */
  formToken?: string;
  /** Two-step verification is on: the confirmation carries a code. */
  twoStep?: boolean;
  /** The site's Bitcoin network, for the placeholders (a valid regtest address on regtest). */
  network?: BitcoinNetwork;
  /** What the operator's settings let the form say about withdrawal times (src/shared/withdrawal-time.ts). */
  withdrawalTime?: string;
  /** A refused plain post: what was typed and the messages. */
  form?: { values?: Record<string, string>; errors?: Record<string, string>; message?: string | null; link?: string } | null;
  /** A plain post's review step: what to check, what was typed, and why it is shown again (if it is). */
  review?: { view: WithdrawReviewView; typed: TypedWithdrawal; notice?: string | null; totpError?: string } | null;
};

// Refusals whose message names a page to go to (the answer's link); the form shows them with the link, not as a toast.
const LINKED_REFUSALS = ['IDENTITY_REQUIRED', 'TAX_DETAILS_REQUIRED'];
// A confirmation of something no longer as reviewed: the player is shown the figures of the moment instead.
const REVIEW_AGAIN = ['REVIEW_EXPIRED', 'RATE_MOVED', 'REVIEW_CHANGED'];
const linkOf = (r: object) => ('link' in r && typeof r.link === 'string' ? r.link : null);
// Where a requested withdrawal is followed (the Withdrawals tab).
const HISTORY = '/transactions?type=WITHDRAW';
const FIELDS = ['currency', 'wallet_address', 'amount', 'tip'];

const EMPTY: TypedWithdrawal = { currency: DEFAULT_WITHDRAW_CURRENCY, wallet_address: '', amount: '', tip: '' };
const pick = (v?: Record<string, string>) => Object.fromEntries(Object.entries(v ?? {}).filter(([k]) => k in EMPTY));
const orderOf = (v: TypedWithdrawal) => ({ currency: v.currency, wallet_address: v.wallet_address.trim(), amount: (readAmount(v.amount) as { dollars: number }).dollars, tip: v.tip ? Number(v.tip) : 0 });

type Reviewing = { view: WithdrawReviewView; typed: TypedWithdrawal; notice: string | null };

/**
 * spec §2 Withdraw to Bitcoin, in two steps: the form (currency, address or invoice, amount with the currency's
 * minimum, an optional whole-dollar tip), then a review of everything that will happen; only its Request Withdrawal
 * holds and sends. Both steps are real forms posting to /home, so they work before and without script.
 */
export default function WithdrawForm(props: WithdrawFormProps) {
  const posted = props.form;
  const form = useForm({ ...EMPTY, ...pick(posted?.values ?? props.review?.typed) }, checkWithdrawTyped);
  const [postedErrors, setPostedErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; link: string | null } | null>(posted?.message ? { message: posted.message, link: posted.link ?? null } : null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(props.review ? { view: props.review.view, typed: props.review.typed, notice: props.review.notice ?? null } : null);
  const [totp, setTotp] = useState('');
  const [totpError, setTotpError] = useState(props.review?.totpError);
  // The code box: two-step known on, or asked for by the server since (turned on in another tab).
  const [askCode, setAskCode] = useState(props.twoStep === true || !!props.review?.totpError);
  // The server's sentence for the last withdrawal requested: it stays, as the toast does not.
  const [requested, setRequested] = useState<string | null>(null);
  // One Idempotency-Key per review: a double press withdraws once; a new review is a new request.
  const key = useRef(props.formKey ?? '');
  // A refusal shows at the top of a long form: once rendered, it is brought into view from the button just pressed.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) form.formRef.current?.querySelector('[role="alert"]')?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);
  const wallet = useSignalValue(walletCents, null) ?? props.walletCents;
  const { values, set } = form;
  const errors = { ...postedErrors, ...form.errors };
  const lightning = values.currency === 'BTC-LN';
  const typedAmount = readAmount(values.amount);
  const amountCents = typedAmount.ok ? dollarsToCents(typedAmount.text) : null;

  /** A refusal, at the step's form: a named page, the balance, a field, or a sentence. */
  function refused(r: ApiAnswer) {
    setReviewing(null);
    if (LINKED_REFUSALS.includes(String(r.errorType))) setFailure({ message: r.message || word('requestFailed', REQUEST_FAILED), link: sameSitePath(linkOf(r)) });
    else if (r.errorType === 'INSUFFICIENT_FUNDS') return form.showServerErrors({ amount: r.message || m.islands_insufficient() });
    else if (Object.keys(r.fieldErrors).some((f) => FIELDS.includes(f))) return form.showServerErrors(r.fieldErrors);
    else setFailure({ message: r.message || word('requestFailed', REQUEST_FAILED), link: null });
    setRefusals((n) => n + 1);
  }

  async function askReview(typed: TypedWithdrawal, notice: string | null = null) {
    const r = await api<{ review: WithdrawReviewView }>('/withdraw/review', { method: 'POST', body: orderOf(typed), quiet: true });
    if (!r.success || !r.review) return refused(r);
    key.current = idempotencyKey();
    setTotpError(undefined);
    setReviewing({ view: r.review, typed, notice });
  }

  // Step 1: everything checked, nothing held.
  async function submit(e: React.FormEvent) {
    setPostedErrors({});
    setFailure(null);
    setRequested(null);
    if (!form.attempt(e)) return;
    setBusy(true);
    try {
      await askReview({ ...values });
    } catch {
      // The API client has already told the player the network failed.
    } finally {
      setBusy(false);
    }
  }

  // Back from the review: the button pressed is gone, so focus goes to the amount, where a change usually is.
  const backToForm = useRef(false);
  useEffect(() => {
    if (reviewing || !backToForm.current) return;
    backToForm.current = false;
    form.formRef.current?.querySelector<HTMLInputElement>('#withdraw-amount')?.focus();
  }, [reviewing]);

  // Step 2: confirmed (or Change).
  async function confirm(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!reviewing || busy) return;
    if (((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === 'withdraw-edit') {
      backToForm.current = true;
      return setReviewing(null);
    }
    const v = reviewing.view;
    // An empty code box is said at the box: nothing is sent.
    if (askCode && !totp.trim()) return setTotpError(m.islands_totp_required());
    setBusy(true);
    let walletAmount: unknown;
    try {
      const r = await api<{ walletAmount: number }>('/withdraw/confirm', {
        method: 'POST',
        body: { currency: v.currency, wallet_address: v.wallet_address, amount: v.amount, tip: v.tip, review: v.token, ...(askCode && { totp: totp.trim() }) },
        headers: { 'Idempotency-Key': key.current },
        quiet: true,
      });
      walletAmount = r.walletAmount;
      if (r.success) {
        // spec §4: fields cleared, the currency back to Bitcoin.
        form.reset(EMPTY);
        setReviewing(null);
        setTotp('');
        toast.success(r.message || m.islands_withdraw_requested(), { id: 'withdraw' });
        setRequested(r.message || m.islands_withdraw_requested());
      } else if (REVIEW_AGAIN.includes(String(r.errorType))) await askReview(reviewing.typed, r.message ?? null);
      else if (TOTP_ERROR_TYPES.includes(String(r.errorType)) || r.fieldErrors.totp) {
        // A refused code is refused once: the same review, a new key, a fresh box.
        key.current = idempotencyKey();
        setAskCode(true);
        setTotp('');
        setTotpError(r.fieldErrors.totp ?? r.message);
      } else refused(r);
    } catch {
      // The API client has already told the player the network failed; the same key makes a retry withdraw once.
    } finally {
      if (walletAmount !== undefined) applyWalletAmount(walletAmount);
      else await refreshBalance();
      setBusy(false);
    }
  }

  if (reviewing)
    return (
      <>
        {busy && <LoaderOverlay label={m.islands_withdraw_requesting()} />}
        <WithdrawReview review={reviewing.view} typed={reviewing.typed} notice={reviewing.notice} busy={busy} formToken={props.formToken} formKey={key.current || undefined}
          twoStep={askCode} totp={totp} onTotp={(t) => { setTotp(t); setTotpError(undefined); }} totpError={totpError} onSubmit={confirm} />
      </>
    );

  const example = ADDRESS_EXAMPLES[props.network ?? 'mainnet'];
  return (
    <form className="form withdraw-form" method="post" action="/home#withdraw" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label={m.islands_withdraw_checking()} />}
      <input type="hidden" name="_action" value="withdraw" />
      <FormToken value={props.formToken} />
      <FormFailure message={failure?.message} link={failure?.link} />
      <div className="field">
        <label htmlFor="withdraw-currency">{m.islands_withdraw_currency()}</label>
        <select id="withdraw-currency" name="currency" value={values.currency} onChange={(e) => set('currency', e.target.value)} {...describedBy('withdraw-currency', errors.currency)}>
          {WITHDRAW_CURRENCIES.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
        <FieldError id="withdraw-currency" error={errors.currency} />
      </div>
      <div className="field">
        <label htmlFor="withdraw-address">{lightning ? m.islands_withdraw_invoice() : m.islands_withdraw_address()}</label>
        <input
          id="withdraw-address"
          name="wallet_address"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={lightning ? example.invoice : example.address}
          value={values.wallet_address}
          onChange={(e) => set('wallet_address', e.target.value)}
          {...describedBy('withdraw-address', errors.wallet_address)}
        />
        <FieldError id="withdraw-address" error={errors.wallet_address} />
      </div>
      <div className="field">
        <label htmlFor="withdraw-amount">{m.islands_withdraw_amount()}</label>
        <input
          id="withdraw-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={m.islands_withdraw_minimum({ amount: `$${lightning ? 1 : 100}` })}
          value={values.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...describedBy('withdraw-amount', errors.amount)}
        />
        <FieldError id="withdraw-amount" error={errors.amount} />
      </div>
      <TipField value={values.tip} onValue={(v) => set('tip', v)} amountCents={amountCents} error={errors.tip} />
      <p className="move-balances">
        <span>
          {`${m.islands_available_balance()} `}<strong>{formatCents(wallet)}</strong>
        </span>
      </p>
      <WithdrawQuote id="withdraw-quote" rate={props.rateUsdPerBtc ?? null} amountCents={amountCents} tip={values.tip} />
      {props.withdrawalTime && <p className="muted">{props.withdrawalTime}</p>}
      <div role="status" className="move-result-region">
        {requested && (
          <div className="alert alert-success move-result">
            <p className="move-result-title">{requested}</p>
            <p>
              <a href={HISTORY}>{m.islands_withdraw_follow()}</a>
            </p>
          </div>
        )}
      </div>
      <SubmitButton busy={busy} label={m.islands_withdraw_review()} busyLabel={m.islands_checking()} describedBy="withdraw-quote" />
    </form>
  );
}
