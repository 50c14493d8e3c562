import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import type { TwoStepEvent } from '../auth/two-step';
import { deliverLater } from '../mail/deliver';
import type { Mailer } from '../mail/mail.port';
import { twoStepChangedMail } from '../mail/security-mails';
import type { MailSite } from '../mail/templates';
import { recordSecurityEvent } from './security-events';
import { errorFields } from '../../lib/redact';

type Effects = { client: Client; mailer: Mailer; logger: Logger; site: MailSite };

/**
 * The two-step service's after-commit hook: TOTP_ENABLED and TOTP_DISABLED (by the player or an operator's reset)
 * go to the security activity, and the player is mailed. Regenerated recovery codes are not an event of that list.
 */
export const twoStepSecurityEvents = (e: Effects) => (ev: TwoStepEvent): void => {
  if (ev.type !== 'TOTP_ENABLED' && ev.type !== 'TOTP_DISABLED') return;
  const type = ev.type;
  void (async () => {
    await recordSecurityEvent(e.client, ev.userId, type);
    const r = await e.client.execute({ sql: 'SELECT email FROM users WHERE id = ?', args: [ev.userId] });
    if (r.rows[0]) void deliverLater(e.mailer, e.logger, 'two-step-changed', twoStepChangedMail(e.site, String(r.rows[0].email), type === 'TOTP_ENABLED', !!ev.byOperator, Date.now()));
  })().catch((err: unknown) => e.logger.error('security event failed', { type, ...errorFields(err) }));
};
