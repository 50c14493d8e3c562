import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import { deliverLater } from '../mail/deliver';
import type { Mailer } from '../mail/mail.port';
import { newDeviceMail } from '../mail/security-mails';
import type { MailSite } from '../mail/templates';
import { recordSecurityEvent } from './security-events';

export type SignInOrigin = { ip: string | null; device: string | null };
export type Watch = { client: Client; mailer: Mailer; logger: Logger; site: MailSite };

/**
 * Whether the player has signed in from this device before (any earlier session, ended or not). Asked before the
 * new session is written. A first sign-in ever is not "a new device": the player has just made the account.
 */
export async function deviceIsNew(client: Client, userId: string, device: string | null): Promise<boolean> {
  const r = await client.execute({
    sql: 'SELECT count(*) AS n, coalesce(sum(device IS ?), 0) AS same FROM sessions WHERE user_id = ?',
    args: [device, userId],
  });
  return Number(r.rows[0]!.n) > 0 && Number(r.rows[0]!.same) === 0;
}

/** After a successful sign-in: the LOGIN event, and a mail when it came from a device not seen before. */
export async function signedIn(w: Watch, user: { id: string; email: string }, origin: SignInOrigin, isNew: boolean, at = Date.now()): Promise<void> {
  await recordSecurityEvent(w.client, user.id, 'LOGIN', origin, at);
  if (isNew) void deliverLater(w.mailer, w.logger, 'new-device', newDeviceMail(w.site, user.email, { device: origin.device, ip: origin.ip, at }));
}
