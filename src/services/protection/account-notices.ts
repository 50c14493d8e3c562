import { clientOf, type Db } from '../../../db/client';
import type { Logger } from '../../lib/logger';
import { deliverLater } from '../mail/deliver';
import type { Mailer } from '../mail/mail.port';
import { queueMailToPlayer } from '../mail/mail-queue';
import type { Lang } from '../../i18n/lang';
import { emailChangedMail } from '../mail/security-mails';
import type { MailSite } from '../mail/templates';
import { securityEventRow, type EventOrigin } from './security-events';

/** The parts of the account services' context these notices use. */
export type NoticeContext = { db: Db; mailer: Mailer; logger: Logger; site: MailSite; /** The mail queue's worker (it also looks every second). */ wakeMail?: () => void };

/**
 * After a password change or reset has committed: the event and the mail to the account's address, one transaction,
 * so a crash loses neither alone (the mail queue sends it; docs/decisions/mail-queue.md).
 */
export async function passwordChanged(ctx: NoticeContext, user: { id: string; email: string }, how: 'changed' | 'reset', origin: EventOrigin = {}, at = Date.now()) {
  await clientOf(ctx.db).batch([
    securityEventRow(user.id, 'PASSWORD_CHANGED', origin, at),
    queueMailToPlayer({ kind: 'password-changed', userId: user.id, to: user.email, data: { how, at } }, at),
  ], 'write');
  ctx.wakeMail?.();
}

/**
 * After an e-mail change is confirmed: the event, and a mail to both the old (with `undoLink`) and the new address,
 * each in the player's saved language. The copies without a link are queued with the event (their language read
 * with it); the one carrying the undo link is sent from memory, in `lang`, because a link is a credential and the
 * database keeps only its hash.
 */
export async function emailChanged(ctx: NoticeContext, userId: string, from: string, to: string, at = Date.now(), undo?: { undoLink: string; lang: Lang }) {
  const queued = undo ? [to] : [from, to];
  await clientOf(ctx.db).batch([
    securityEventRow(userId, 'EMAIL_CHANGED', {}, at),
    ...queued.map((address) => queueMailToPlayer({ kind: 'email-changed', userId, to: address, data: { from, to, at } }, at)),
  ], 'write');
  ctx.wakeMail?.();
  if (undo) void deliverLater(ctx.mailer, ctx.logger, 'email-changed', emailChangedMail(ctx.site, from, { from, to, at }, undo.undoLink, undo.lang));
}
