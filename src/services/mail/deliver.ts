import type { Logger } from '../../lib/logger';
import type { Mailer, MailMessage } from './mail.port';

/**
 * Sends after the database work is done, without making the caller wait or fail: a mail outage must not
 * fail a registration, and an answer that waited for delivery would tell an observer whether the address
 * had an account. Failures are logged with the kind of mail only, never the link or token in it.
 */
export function deliverLater(mailer: Mailer, logger: Logger, kind: string, message: MailMessage): Promise<void> {
  return mailer.send(message).catch((e: unknown) => {
    const code = (e as { code?: unknown } | null)?.code;
    logger.error('mail failed', { kind, error: e instanceof Error ? e.name : 'unknown', ...(typeof code === 'string' && { code }) });
  });
}
