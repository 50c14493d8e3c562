import { formatCents } from './money';

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
  if (amountCents !== undefined) return amountCents <= t.autoApproveCents ? WITHDRAWAL_TIME_QUICK : t.reviewText;
  if (t.autoApproveCents === Infinity) return WITHDRAWAL_TIME_QUICK;
  if (t.autoApproveCents > 0) return `Withdrawals up to ${formatCents(t.autoApproveCents)} are usually sent within minutes. ${t.reviewText}`;
  return t.reviewText;
}
