import type { Logger } from '../../lib/logger';
import type { Ledger } from '../../services/ledger/ledger.types';
import { deliverLater } from '../../services/mail/deliver';
import type { Mailer } from '../../services/mail/mail.port';
import { noticeMail, type MailSite } from '../../services/mail/templates';
import type { WithdrawalChanges } from '../../services/payments/withdrawal-sync';
import type { Hub } from '../../ws/hub.port';
import { pushBalance, pushNotification } from '../wallet/push';

/** A Lightning payment settles as it is sent; an on-chain one waits for the network's confirmations. */
export const sentNote = (currency: string) =>
  currency === 'BTC-LN' ? 'It was paid over Lightning, so it is in your wallet already.' : 'It reaches your wallet once the Bitcoin network confirms it.';

/** The e-mail's words: a refund of held deposit money is not a withdrawal, and unsent it is held again (withdrawal-sync.ts). */
function endedMail(w: WithdrawalChanges['withdrawal'], sent: boolean, message: string) {
  if (w.refundOfHeld)
    return sent
      ? { subject: 'Your refund was sent', heading: 'Refund sent', paragraphs: [message, sentNote(w.currency)] }
      : { subject: 'Your refund was not sent', heading: 'Refund not sent', paragraphs: [message] };
  return sent
    ? { subject: 'Your withdrawal was sent', heading: 'Withdrawal sent', paragraphs: [message, sentNote(w.currency)] }
    : { subject: 'Your withdrawal was not sent', heading: 'Withdrawal cancelled', paragraphs: [message, 'You can request a new withdrawal at any time.'] };
}

type Effects = { hub: Hub; ledger: Ledger; mailer: Mailer; logger: Logger; site: MailSite; publicUrl: string };

/** After commit: the player's pages hear that a withdrawal ended (and the balance, when credits came back); an e-mail says so. */
export const withdrawalPush = (e: Effects) => (c: WithdrawalChanges): void => {
  if (!c.ended || !c.note) return;
  const w = c.withdrawal;
  pushNotification(e.hub, w.userId, c.note);
  e.hub.publish(w.userId, { event: 'withdrawal', data: { id: w.id, status: c.ended } });
  if (c.ended !== 'completed') void pushBalance(e.ledger, e.hub, w.userId);
  void deliverLater(e.mailer, e.logger, `withdrawal-${c.ended}`, noticeMail(e.site, w.email, {
    ...endedMail(w, c.ended === 'completed', c.message ?? ''),
    action: { label: 'See your history', url: `${e.publicUrl}/transactions` },
  }));
};
