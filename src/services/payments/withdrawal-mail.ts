import type { InStatement } from '@libsql/client';
import { queueMailToPlayer } from '../mail/mail-queue';
import type { WithdrawalEnded } from '../mail/money-mails';
import type { WithdrawalRow } from './withdrawals';

/**
 * The e-mail that says a withdrawal ended, queued with the ledger's post or void, in the player's language
 * (src/services/mail/money-mails.ts words it): a refund of held deposit money is not a withdrawal, and unsent it is
 * held again (withdrawal-sync.ts).
 */
export function endedMailRow(w: Pick<WithdrawalRow, 'userId' | 'amountCents' | 'tipCents' | 'currency' | 'refundOfHeld'>, how: WithdrawalEnded['how'], reason: string | null, now: number): InStatement {
  const data: WithdrawalEnded = { amountCents: w.amountCents, tipCents: w.tipCents, currency: w.currency, refundOfHeld: w.refundOfHeld, how, reason };
  return queueMailToPlayer({ kind: 'withdrawal-ended', userId: w.userId, data }, now);
}
