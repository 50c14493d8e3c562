import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import { errorFields } from '../../lib/redact';
import type { WithdrawalRow } from '../../services/payments/withdrawals';
import { recordSecurityEvent } from '../../services/protection/security-events';
import type { Ledger } from '../../services/ledger/ledger.types';
import type { Hub } from '../../ws/hub.port';
import type { Notification } from '../../services/wallet/notifications';
import { pushBalance, pushNotification } from '../wallet/push';

type Effects = { client: Client; logger: Logger; hub: Hub; ledger: Ledger; /** The mail queue's worker: the e-mail was queued with the hold (withdrawals.ts). */ wakeMail: () => void };

/**
 * Every new withdrawal request: the new balance and its notification (written with the hold) to the player's open
 * pages (the amount and tip left the wallet now, and a tab left open elsewhere must not offer them again), a
 * WITHDRAWAL_REQUESTED event, and its e-mail (queued with the hold) sent.
 */
export const withdrawalRequested = (e: Effects) => async (w: WithdrawalRow, origin: { sessionId?: string }, note: Notification | null): Promise<void> => {
  void pushBalance(e.ledger, e.hub, w.userId).catch(() => e.logger.error('balance push failed'));
  if (note) pushNotification(e.hub, w.userId, note);
  // The hold is already written: a failure to record must not turn the request into an error the player retries.
  await recordSecurityEvent(e.client, w.userId, 'WITHDRAWAL_REQUESTED', origin).catch((err: unknown) =>
    e.logger.error('security event failed', { type: 'WITHDRAWAL_REQUESTED', ...errorFields(err) }));
  e.wakeMail();
};
