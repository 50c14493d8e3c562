import { formatCents } from './money';
import { m } from '../i18n/paraglide/messages.js';

/** What the operator's settings say about how soon a withdrawal leaves: nothing here promises a time they did not set. */
export type WithdrawalTiming = {
  /** Withdrawals at or below this are approved without an operator; Infinity when every one is. */
  autoApproveCents: number;
  /** The operator's own words for withdrawals that wait for review (WITHDRAWAL_TIME_TEXT). */
  reviewText: string;
};

export const WITHDRAWAL_TIME_DEFAULT = 'Larger withdrawals are reviewed by our team before they are sent.';
export const WITHDRAWAL_TIME_QUICK = 'Withdrawals are usually sent within minutes.';

/**
 * The sentence a screen shows about withdrawal times: for one amount when it is known (a request just made),
 * else for every withdrawal the site takes.
 */
export function withdrawalTimeText(t: WithdrawalTiming, amountCents?: number): string {
  // In the current language (src/i18n); the operator's own words for reviewed withdrawals stay as they wrote them.
  const review = t.reviewText === WITHDRAWAL_TIME_DEFAULT ? m.common_withdrawal_reviewed() : t.reviewText;
  if (amountCents !== undefined) return amountCents <= t.autoApproveCents ? m.common_withdrawal_quick() : review;
  if (t.autoApproveCents === Infinity) return m.common_withdrawal_quick();
  if (t.autoApproveCents > 0) return `${m.common_withdrawal_up_to({ amount: formatCents(t.autoApproveCents) })} ${review}`;
  return review;
}
