import type { QueuedNotice } from '../mail/mail-queue';
import type { WithdrawalRow } from './withdrawals';

/** A Lightning payment settles as it is sent; an on-chain one waits for the network's confirmations. */
export const sentNote = (currency: string) =>
  currency === 'BTC-LN' ? 'It was paid over Lightning, so it is in your wallet already.' : 'It reaches your wallet once the Bitcoin network confirms it.';

/**
 * The e-mail that says a withdrawal ended, queued with the ledger's post or void: a refund of held deposit money is
 * not a withdrawal, and unsent it is held again (withdrawal-sync.ts).
 */
export function endedNotice(w: Pick<WithdrawalRow, 'refundOfHeld' | 'currency'>, sent: boolean, message: string): QueuedNotice {
  const action = { label: 'See your history', path: '/transactions' };
  if (w.refundOfHeld)
    return sent
      ? { subject: 'Your refund was sent', heading: 'Refund sent', paragraphs: [message, sentNote(w.currency)], action }
      : { subject: 'Your refund was not sent', heading: 'Refund not sent', paragraphs: [message], action };
  return sent
    ? { subject: 'Your withdrawal was sent', heading: 'Withdrawal sent', paragraphs: [message, sentNote(w.currency)], action }
    : { subject: 'Your withdrawal was not sent', heading: 'Withdrawal cancelled', paragraphs: [message, 'You can request a new withdrawal at any time.'], action };
}
