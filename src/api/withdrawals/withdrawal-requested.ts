import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import { errorFields } from '../../lib/redact';
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
  // The hold is already written: a failure to record must not turn the request into an error the player retries.
  await recordSecurityEvent(e.client, w.userId, 'WITHDRAWAL_REQUESTED', origin).catch((err: unknown) =>
    e.logger.error('security event failed', { type: 'WITHDRAWAL_REQUESTED', ...errorFields(err) }));
  deliverAfterAnswer(e.mailer, e.logger, 'withdrawal-requested', () =>
    withdrawalRequestedMail(e.site, w.email, { amount: formatCents(w.amountCents), currency: w.currency, destination: w.destination, at: Date.now() }));
};
