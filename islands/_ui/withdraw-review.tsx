import { m } from '../../src/i18n/paraglide/messages.js';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { reviewDollars, type WithdrawReviewView } from '../../src/shared/withdraw-review';
import { destinationWords, networkWords, rateHoldWords, receiveWords, tipNoteWords } from './withdraw-words';
import { useHydrated } from '../_client/use-hydrated';
import { FormToken } from './form-token';
import { TotpField } from './totp-field';

/** What the player typed, carried through the review so Change brings the form back as it was. */
export type TypedWithdrawal = { currency: string; wallet_address: string; amount: string; tip: string };

type ReviewProps = {
  review: WithdrawReviewView;
  typed: TypedWithdrawal;
  busy: boolean;
  /** Why the player sees this review again (the rate moved, the review went stale). */
  notice?: string | null;
  formToken?: string;
  /** The confirmation's Idempotency-Key: a double press withdraws once. */
  formKey?: string;
  /** Two-step verification is on: the confirmation carries a code. */
  twoStep?: boolean;
  totp?: string;
  onTotp?: (v: string) => void;
  totpError?: string;
  /** With script the island confirms or goes back itself; without, the buttons post `_action` withdraw-confirm or withdraw-edit. */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
};

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The step before anything is held: the whole destination, the network, amount, tip, what leaves the wallet, the BTC
 * at the rate used and how that rate is fixed, and what happens next. Nothing is held until Request Withdrawal.
 */
export function WithdrawReview({ review: r, typed, busy, notice, formToken, formKey, twoStep, totp, onTotp, totpError, onSubmit }: ReviewProps) {
  const local = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  // The step replaces the button just pressed: keyboard and screen-reader users land on its heading.
  useEffect(() => heading.current?.focus(), [r.token]);
  const note = tipNoteWords(r);
  return (
    <form className="form withdraw-review" method="post" action="/home#withdraw" onSubmit={onSubmit} aria-busy={busy || undefined} aria-labelledby="withdraw-review-title">
      <h3 id="withdraw-review-title" className="review-title" ref={heading} tabIndex={-1}>{m.islands_withdraw_review_title()}</h3>
      {notice && <p className="alert alert-info" role="status">{notice}</p>}
      <p className="muted">{m.islands_withdraw_review_lead()}</p>
      <dl className="review-facts">
        <Row term={destinationWords(r.destinationKind)}>
          <code className="review-destination">{r.wallet_address}</code>
        </Row>
        <Row term={m.islands_withdraw_network()}>{networkWords(r)}</Row>
        <Row term={m.islands_withdraw_amount_term()}>{reviewDollars(r.amount)}</Row>
        <Row term={m.islands_withdraw_tip_term()}>{r.tip > 0 ? m.islands_withdraw_tip_given({ amount: reviewDollars(r.tip) }) : m.islands_withdraw_no_tip()}</Row>
        <Row term={m.islands_withdraw_leaves()}><strong>{reviewDollars(r.total)}</strong></Row>
        <Row term={m.islands_withdraw_receive()}><strong>{receiveWords(r)}</strong></Row>
        <Row term={m.islands_withdraw_rate()}><span className="review-note">{rateHoldWords(r, local)}</span></Row>
        <Row term={m.islands_withdraw_next()}>{r.timeText}</Row>
      </dl>
      {note && <p className="field-hint review-tip-note">{note}</p>}
      <FormToken value={formToken} />
      {formKey && <input type="hidden" name="_key" value={formKey} />}
      {Object.entries(typed).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <input type="hidden" name="destination" value={r.wallet_address} />
      <input type="hidden" name="review" value={r.token} />
      {twoStep && <TotpField id="withdraw-totp" value={onTotp ? totp ?? '' : undefined} onValue={onTotp} error={totpError} />}
      <div className="review-actions">
        <button type="submit" name="_action" value="withdraw-confirm" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner spinner-inline" aria-hidden="true" />}
          {busy ? m.islands_game_requesting() : m.islands_withdraw_request()}
        </button>
        <button type="submit" name="_action" value="withdraw-edit" className="btn btn-ghost btn-block" disabled={busy} formNoValidate>
          {m.islands_withdraw_change()}
        </button>
      </div>
    </form>
  );
}
