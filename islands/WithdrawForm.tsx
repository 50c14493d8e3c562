import { useEffect, useState } from 'react';
import { dollarsToCents, formatCents } from '../src/shared/money';
import { readAmount } from '../src/shared/schemas/amount-input';
import { checkWithdrawTyped, DEFAULT_WITHDRAW_CURRENCY, TIP_INPUT, TIP_PRESETS, WITHDRAW_CURRENCIES } from '../src/shared/schemas/withdraw';
import { api } from './_client/api';
import { applyWalletAmount, refreshBalance } from './_client/balance';
import { useRequestKey } from './_client/use-request-key';
import { walletCents } from './_client/signals';
import { toast } from './_client/toast';
import { useSignalValue } from './_client/use-signal';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { FieldError, FormFailure, describedBy } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { TotpField, useCodeAsked } from './_ui/totp-field';
import { useForm } from './_ui/use-form';
import { withTotp } from '../src/shared/schemas/two-step';
import { ADDRESS_HINTS, type BitcoinNetwork } from '../src/shared/bitcoin-network';
import { sameSitePath } from '../src/shared/paths';

export type WithdrawFormProps = {
  walletCents: number;
  /** USD per BTC at the store now (null while it cannot be read): the player sees what they will receive before submitting. */
  rateUsdPerBtc?: number | null;
  /** Idempotency-Key of the plain form post. */
  formKey?: string;
  /** The session's form token (src/http/form-token.ts). */
  formToken?: string;
  /** Two-step verification is on: the request carries a code. */
  twoStep?: boolean;
  /** The site's Bitcoin network, for the placeholders (bcrt1… on regtest). */
  network?: BitcoinNetwork;
  /** What the operator's settings let the form say about withdrawal times (src/shared/withdrawal-time.ts). */
  withdrawalTime?: string;
  /** A refused plain post: what was typed and the messages. */
  form?: { values?: Record<string, string>; errors?: Record<string, string>; message?: string | null; link?: string } | null;
};

// Refusals whose message names a page to go to (the answer's link); the form shows them with the link, not as a toast.
const LINKED_REFUSALS = ['IDENTITY_REQUIRED', 'TAX_DETAILS_REQUIRED'];
const linkOf = (r: object) => ('link' in r && typeof r.link === 'string' ? r.link : null);
// Where a requested withdrawal is followed (the Withdrawals tab).
const HISTORY = '/transactions?type=WITHDRAW';

const EMPTY = { currency: DEFAULT_WITHDRAW_CURRENCY as string, wallet_address: '', amount: '', tip: '', totp: '' };
// A code is good once: it is never filled back in.
const pick = (v?: Record<string, string>) => Object.fromEntries(Object.entries(v ?? {}).filter(([k]) => k in EMPTY && k !== 'totp'));

/**
 * spec §2 Withdraw to Bitcoin: currency (on-chain by default, or Lightning), the address or invoice, an amount in USD
 * with the currency's minimum, and an optional tip of whole dollars with quick picks.
 */
export default function WithdrawForm(props: WithdrawFormProps) {
  const posted = props.form;
  const code = useCodeAsked(props.twoStep, posted?.errors);
  const form = useForm({ ...EMPTY, ...pick(posted?.values) }, withTotp(checkWithdrawTyped, code.asked));
  const [postedErrors, setPostedErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; link: string | null } | null>(posted?.message ? { message: posted.message, link: posted.link ?? null } : null);
  // The server's sentence for the last withdrawal requested: it stays, as the toast does not.
  const [requested, setRequested] = useState<string | null>(null);
  // A refusal shows at the top of a long form: once rendered, it is brought into view from the button just pressed.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) form.formRef.current?.querySelector('[role="alert"]')?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);
  const wallet = useSignalValue(walletCents, null) ?? props.walletCents;
  const { values, set } = form;
  const errors = { ...postedErrors, ...form.errors };
  const lightning = values.currency === 'BTC-LN';

  const requestKey = useRequestKey();

  async function submit(e: React.FormEvent) {
    setPostedErrors({});
    setFailure(null);
    setRequested(null);
    if (!form.attempt(e)) return;
    setBusy(true);
    let walletAmount: unknown;
    try {
      const order = { currency: values.currency, wallet_address: values.wallet_address.trim(), amount: (readAmount(values.amount) as { dollars: number }).dollars, tip: values.tip ? Number(values.tip) : 0 };
      const r = await api<{ walletAmount: number }>('/withdraw/withdraw-request', {
        method: 'POST',
        body: { ...order, ...(code.asked && { totp: values.totp.trim() }) },
        // The code is left out of the request's identity: a retry with the next code is still the same withdrawal.
        headers: { 'Idempotency-Key': requestKey.for(order) },
        inlineFields: ['currency', 'wallet_address', 'amount', 'tip', 'totp'],
        quietErrorTypes: ['INSUFFICIENT_FUNDS', ...LINKED_REFUSALS],
      });
      requestKey.answered();
      walletAmount = r.walletAmount;
      code.note(r.errorType);
      if (r.success) {
        // spec §4: fields cleared, the currency back to Bitcoin.
        form.reset(EMPTY);
        toast.success(r.message || 'Withdrawal requested.', { id: 'withdraw' });
        setRequested(r.message || 'Withdrawal requested.');
      } else if (LINKED_REFUSALS.includes(String(r.errorType))) {
        setFailure({ message: r.message || 'Request failed.', link: sameSitePath(linkOf(r)) });
        setRefusals((n) => n + 1);
      } else if (r.errorType === 'INSUFFICIENT_FUNDS') form.showServerErrors({ amount: r.message || 'Insufficient balance' });
      else form.showServerErrors(r.fieldErrors);
    } catch {
      // The API client has already told the player the network failed.
    } finally {
      if (walletAmount !== undefined) applyWalletAmount(walletAmount);
      else await refreshBalance();
      setBusy(false);
    }
  }

  return (
    <form className="form withdraw-form" method="post" action="/home#withdraw" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label="Requesting withdrawal..." />}
      <input type="hidden" name="_action" value="withdraw" />
      {props.formKey && <input type="hidden" name="_key" value={props.formKey} />}
      <FormToken value={props.formToken} />
      <FormFailure message={failure?.message} link={failure?.link} />
      <div className="field">
        <label htmlFor="withdraw-currency">Currency</label>
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
        <label htmlFor="withdraw-address">{lightning ? 'Lightning invoice' : 'Wallet address'}</label>
        <input
          id="withdraw-address"
          name="wallet_address"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={lightning ? ADDRESS_HINTS[props.network ?? 'mainnet'].invoice : ADDRESS_HINTS[props.network ?? 'mainnet'].address}
          value={values.wallet_address}
          onChange={(e) => set('wallet_address', e.target.value)}
          {...describedBy('withdraw-address', errors.wallet_address)}
        />
        <FieldError id="withdraw-address" error={errors.wallet_address} />
      </div>
      <div className="field">
        <label htmlFor="withdraw-amount">Amount (USD)</label>
        <input
          id="withdraw-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={`Minimum $${lightning ? 1 : 100}`}
          value={values.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...describedBy('withdraw-amount', errors.amount)}
        />
        <FieldError id="withdraw-amount" error={errors.amount} />
      </div>
      <fieldset className="field tip-field">
        <legend>Tip (optional)</legend>
        <div className="tip-presets">
          {TIP_PRESETS.map((n) => (
            <button key={n} type="button" className={`btn btn-sm ${values.tip === String(n) ? 'btn-primary' : 'btn-ghost'}`} aria-pressed={values.tip === String(n)} onClick={() => set('tip', values.tip === String(n) ? '' : String(n))}>
              ${n}
            </button>
          ))}
        </div>
        <label htmlFor="withdraw-tip" className="sr-only">
          Tip in whole dollars
        </label>
        <input
          id="withdraw-tip"
          name="tip"
          inputMode="numeric"
          autoComplete="off"
          placeholder="Other amount"
          value={values.tip}
          onChange={(e) => set('tip', e.target.value)}
          {...describedBy('withdraw-tip', errors.tip)}
        />
        <FieldError id="withdraw-tip" error={errors.tip} />
      </fieldset>
      <p className="move-balances">
        <span>
          Available balance: <strong>{formatCents(wallet)}</strong>
        </span>
      </p>
      <WithdrawQuote id="withdraw-quote" rate={props.rateUsdPerBtc ?? null} amount={values.amount} tip={values.tip} />
      {code.asked && <TotpField id="withdraw-totp" value={values.totp} onValue={(v) => set('totp', v)} error={errors.totp} />}
      {props.withdrawalTime && <p className="muted">{props.withdrawalTime}</p>}
      <div role="status" className="move-result-region">
        {requested && (
          <div className="alert alert-success move-result">
            <p className="move-result-title">{requested}</p>
            <p>
              <a href={HISTORY}>Follow it in your transactions</a>
            </p>
          </div>
        )}
      </div>
      <SubmitButton busy={busy} label="Request Withdrawal" busyLabel="Requesting..." describedBy="withdraw-quote" />
    </form>
  );
}

/** BTC for `cents` at `rate`, to the satoshi, rounded up (as the server computes it). */
const btcFor = (cents: number, rate: number) => (Math.ceil((cents * 1e6) / rate) / 1e8).toFixed(8);

/**
 * What the player will receive, in BTC at the current rate, and what leaves the wallet with the tip. Not a live
 * region (it changes with every keystroke, and each change would be read out): the Request button names it instead.
 */
function WithdrawQuote({ id, rate, amount, tip }: { id: string; rate: number | null; amount: string; tip: string }) {
  const read = readAmount(amount);
  const cents = read.ok ? dollarsToCents(read.text) : null;
  // Only a tip the form accepts (whole dollars) is counted; "2.50" shows its error, not a sum.
  const tipCents = TIP_INPUT.test(tip) ? (dollarsToCents(tip || '0') ?? 0) : 0;
  if (!rate) return <p className="muted withdraw-quote" id={id}>The Bitcoin rate is shown here when it can be read.</p>;
  return (
    <p className="withdraw-quote" id={id}>
      Rate: <strong>{formatCents(Math.round(rate * 100))}</strong> per BTC
      {cents !== null && cents > 0 && (
        <>
          {' · You receive about '}
          <strong>{btcFor(cents, rate)} BTC</strong>
          {tipCents > 0 && <>{` · ${formatCents(cents + tipCents)} leaves your wallet with the tip`}</>}
        </>
      )}
    </p>
  );
}
