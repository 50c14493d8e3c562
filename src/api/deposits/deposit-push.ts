import type { Ledger } from '../../services/ledger/ledger.types';
import { dollarsFromCents } from '../../shared/money';
import type { DepositChanges } from '../../services/payments/deposit-sync';
import type { Hub } from '../../ws/hub.port';
import { pushBalance, pushNotification } from '../wallet/push';

type Effects = { hub: Hub; ledger: Ledger; /** The mail queue's worker: the e-mails were queued in the deposit's own transaction. */ wakeMail: () => void };

/**
 * After commit, what the player hears of a deposit (spec §4, DESIGN §5): every open page of theirs gets the payment
 * events, the new balance and the notification. The e-mails (credits arrived, money held, a payment reversed) were
 * queued with the movement (deposit-sync.ts, deposit-reversal.ts): the worker is woken to send them.
 */
export const depositPush = (e: Effects) => (c: DepositChanges): void => {
  for (const cents of c.received)
    e.hub.publish(c.userId, { event: 'InvoiceReceivedPayment', data: { amount: dollarsFromCents(cents), depositId: c.depositId } });
  for (const h of c.held) {
    // The deposit page's live state: this payment arrived but is held, not in the wallet.
    e.hub.publish(c.userId, { event: 'DepositHeld', data: { amount: dollarsFromCents(h.cents), reason: h.reason, depositId: c.depositId } });
    pushNotification(e.hub, c.userId, h.note);
  }
  for (const n of c.notices) pushNotification(e.hub, c.userId, n.note);
  if (c.notices.length) void pushBalance(e.ledger, e.hub, c.userId);
  if (c.held.length || c.notices.length || c.credited.length) e.wakeMail();
  if (!c.credited.length) return;
  for (const { cents, note } of c.credited) {
    e.hub.publish(c.userId, { event: 'InvoicePaymentSettled', data: { amount: dollarsFromCents(cents), depositId: c.depositId } });
    pushNotification(e.hub, c.userId, note);
  }
  void pushBalance(e.ledger, e.hub, c.userId);
};
