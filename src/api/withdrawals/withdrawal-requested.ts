import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import { deliverAfterAnswer } from '../../services/mail/deliver';
import type { Mailer } from '../../services/mail/mail.port';
import { withdrawalRequestedMail } from '../../services/mail/security-mails';
import type { MailSite } from '../../services/mail/templates';
import type { WithdrawalRow } from '../../services/payments/withdrawals';
import { recordSecurityEvent } from '../../services/protection/security-events';
import { formatCents } from '../../shared/money';

type Effects = { client: Client; mailer: Mailer; logger: Logger; site: MailSite };

/** Every new withdrawal request: a WITHDRAWAL_REQUESTED event, and an e-mail once the answer has gone out. */
export const withdrawalRequested = (e: Effects) => async (w: WithdrawalRow, origin: { sessionId?: string }): Promise<void> => {
  await recordSecurityEvent(e.client, w.userId, 'WITHDRAWAL_REQUESTED', origin);
  deliverAfterAnswer(e.mailer, e.logger, 'withdrawal-requested', () =>
    withdrawalRequestedMail(e.site, w.email, { amount: formatCents(w.amountCents), currency: w.currency, destination: w.destination, at: Date.now() }));
};
