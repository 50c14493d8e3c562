import type { Logger } from '../../lib/logger';
import { dollarsFromCents, formatCents } from '../../shared/money';
import type { Ledger } from '../../services/ledger/ledger.types';
import { deliverLater } from '../../services/mail/deliver';
import type { Mailer } from '../../services/mail/mail.port';
import { noticeMail, type MailSite } from '../../services/mail/templates';
import type { DepositChanges } from '../../services/payments/deposit-sync';
import type { Hub } from '../../ws/hub.port';
import { pushBalance, pushNotification } from '../wallet/push';

type Effects = { hub: Hub; ledger: Ledger; mailer: Mailer; logger: Logger; site: MailSite; publicUrl: string };

/**
 * After commit, what the player hears of a deposit (spec §4, DESIGN §5): every open page of theirs gets the payment
 * events, the new balance and the notification; credits arriving also send an e-mail.
 */
export const depositPush = (e: Effects) => (c: DepositChanges): void => {
  for (const cents of c.received)
    e.hub.publish(c.userId, { event: 'InvoiceReceivedPayment', data: { amount: dollarsFromCents(cents), depositId: c.depositId } });
  // Held money and reversals: the notification on every open page, and an e-mail each.
  for (const h of c.held) {
    // The deposit page's live state: this payment arrived but is held, not in the wallet.
    e.hub.publish(c.userId, { event: 'DepositHeld', data: { amount: dollarsFromCents(h.cents), reason: h.reason, depositId: c.depositId } });
    pushNotification(e.hub, c.userId, h.note);
    void deliverLater(e.mailer, e.logger, 'deposit-held', noticeMail(e.site, c.email, {
      subject: 'Part of your deposit is held', heading: 'Deposit held', paragraphs: [h.note.content],
      action: { label: 'See your history', url: `${e.publicUrl}/transactions` },
    }));
  }
  for (const n of c.notices) {
    pushNotification(e.hub, c.userId, n.note);
    void deliverLater(e.mailer, e.logger, 'deposit-reversed', noticeMail(e.site, c.email, {
      subject: n.subject, heading: n.heading, paragraphs: n.paragraphs, action: { label: 'See your history', url: `${e.publicUrl}/transactions` },
    }));
  }
  if (c.notices.length) void pushBalance(e.ledger, e.hub, c.userId);
  if (!c.credited.length) return;
  for (const { cents, note } of c.credited) {
    e.hub.publish(c.userId, { event: 'InvoicePaymentSettled', data: { amount: dollarsFromCents(cents), depositId: c.depositId } });
    pushNotification(e.hub, c.userId, note);
  }
  void pushBalance(e.ledger, e.hub, c.userId);
  const total = c.credited.reduce((a, x) => a + x.cents, 0);
  void deliverLater(e.mailer, e.logger, 'deposit-credited', noticeMail(e.site, c.email, {
    subject: 'Your deposit has arrived',
    heading: 'Deposit received',
    paragraphs: [`${formatCents(total)} from your Bitcoin deposit is in your wallet now.`, 'You can move it to a game or send it to a friend right away.'],
    action: { label: 'See your history', url: `${e.publicUrl}/transactions` },
  }));
};
