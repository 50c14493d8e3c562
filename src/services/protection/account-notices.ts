import { clientOf, type Db } from '../../../db/client';
import type { Logger } from '../../lib/logger';
import { deliverLater } from '../mail/deliver';
import type { Mailer } from '../mail/mail.port';
import { emailChangedMail, passwordChangedMail } from '../mail/security-mails';
import type { MailSite } from '../mail/templates';
import { recordSecurityEvent, type EventOrigin } from './security-events';

/** The parts of the account services' context these notices use. */
export type NoticeContext = { db: Db; mailer: Mailer; logger: Logger; site: MailSite };

/** After a password change or reset has committed: the event, and a mail to the account's address. */
export async function passwordChanged(ctx: NoticeContext, user: { id: string; email: string }, how: 'changed' | 'reset', origin: EventOrigin = {}, at = Date.now()) {
  await recordSecurityEvent(clientOf(ctx.db), user.id, 'PASSWORD_CHANGED', origin, at);
  void deliverLater(ctx.mailer, ctx.logger, `password-${how}`, passwordChangedMail(ctx.site, user.email, how, at));
}

/** After an e-mail change is confirmed: the event, and a mail to both the old (with `undoLink`) and the new address. */
export async function emailChanged(ctx: NoticeContext, userId: string, from: string, to: string, at = Date.now(), undoLink?: string) {
  await recordSecurityEvent(clientOf(ctx.db), userId, 'EMAIL_CHANGED', {}, at);
  for (const address of [from, to])
    void deliverLater(ctx.mailer, ctx.logger, 'email-changed', emailChangedMail(ctx.site, address, { from, to, at }, address === from ? undoLink : undefined));
}
