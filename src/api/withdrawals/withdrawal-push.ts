import type { Ledger } from '../../services/ledger/ledger.types';
import type { WithdrawalChanges } from '../../services/payments/withdrawal-sync';
import type { Hub } from '../../ws/hub.port';
import { pushBalance, pushNotification } from '../wallet/push';

type Effects = { hub: Hub; ledger: Ledger; /** The mail queue's worker: the e-mail was queued with the post or void. */ wakeMail: () => void };

/** After commit: the player's pages hear that a withdrawal ended (and the balance, when credits came back); its e-mail goes. */
export const withdrawalPush = (e: Effects) => (c: WithdrawalChanges): void => {
  if (!c.ended || !c.note) return;
  const w = c.withdrawal;
  pushNotification(e.hub, w.userId, c.note);
  e.hub.publish(w.userId, { event: 'withdrawal', data: { id: w.id, status: c.ended } });
  if (c.ended !== 'completed') void pushBalance(e.ledger, e.hub, w.userId);
  e.wakeMail();
};
