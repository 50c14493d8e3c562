import type { Logger } from '../../lib/logger';
import type { Mailer, MailMessage } from './mail.port';
import { errorFields } from '../../lib/redact';

/**
 * Sends after the database work is done, without making the caller wait or fail: a mail outage must not
 * fail a registration, and an answer that waited for delivery would tell an observer whether the address
 * had an account. Failures are logged with the kind of mail and the error's message with links, credentials
 * and addresses redacted (src/lib/redact.ts).
 */
export function deliverLater(mailer: Mailer, logger: Logger, kind: string, message: MailMessage): Promise<void> {
  return mailer.send(message).catch((e: unknown) => {
    logger.error('mail failed', { kind, ...errorFields(e) });
  });
}

/**
 * Builds and sends a message once the current answer has gone out (the next turn of the event loop): a
 * money call's answer waits for neither the template nor the outbox write, and a busy server writes the
 * e-mails of a whole burst of transfers between answers, not inside them.
 */
export function deliverAfterAnswer(mailer: Mailer, logger: Logger, kind: string, build: () => MailMessage): void {
  setImmediate(() => {
    let message: MailMessage;
    try {
      message = build();
    } catch (e) {
      logger.error('mail failed', { kind, ...errorFields(e) });
      return;
    }
    void deliverLater(mailer, logger, kind, message);
  });
}
