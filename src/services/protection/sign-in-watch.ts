import type { Client } from '@libsql/client';
import { queueMailToPlayer } from '../mail/mail-queue';
import { securityEventRow } from './security-events';

/**
 * Where a sign-in comes from. `deviceKey`: the key this browser's device cookie will carry (stored on the session);
 * `presentedKey`: the key of the cookie the browser sent, if it sent one.
 */
export type SignInOrigin = { ip: string | null; device: string | null; deviceKey?: string | null; presentedKey?: string | null };
export type Watch = { client: Client; /** The mail queue's worker (it also looks every second). */ wakeMail?: () => void };

/**
 * Whether this sign-in comes from a device the player has not used before, asked before the new session is written.
 * A browser that sends a device cookie an earlier session of theirs was given is known; without one (a new browser,
 * cleared cookies, an API client) the same device name from the same address counts as known. A first sign-in
 * ever is not "a new device": the player has just made the account.
 */
export async function deviceIsNew(client: Client, userId: string, origin: SignInOrigin): Promise<boolean> {
  const same = origin.presentedKey ? 'device_key = ?' : 'device IS ? AND ip IS ?';
  const args = origin.presentedKey ? [origin.presentedKey] : [origin.device, origin.ip];
  const r = await client.execute({
    sql: `SELECT count(*) AS n, coalesce(sum(${same}), 0) AS same FROM sessions WHERE user_id = ?`,
    args: [...args, userId],
  });
  return Number(r.rows[0]!.n) > 0 && Number(r.rows[0]!.same) === 0;
}

/**
 * Has this browser (its device cookie) signed in to the account with this e-mail before? Only the owner's own
 * browsers carry such a cookie, so the lockout that stops a password guesser need not lock them out too.
 */
export async function knownDeviceFor(client: Client, email: string, presentedKey: string | null | undefined): Promise<boolean> {
  if (!presentedKey) return false;
  const r = await client.execute({ sql: 'SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = ? AND s.device_key = ? LIMIT 1', args: [email, presentedKey] });
  return r.rows.length > 0;
}

/** After a successful sign-in: the LOGIN event, and with it in one transaction a queued mail when it came from a device not seen before. */
export async function signedIn(w: Watch, user: { id: string; email: string }, origin: SignInOrigin, isNew: boolean, at = Date.now()): Promise<void> {
  const event = securityEventRow(user.id, 'LOGIN', origin, at);
  if (!isNew) return void (await w.client.execute(event));
  await w.client.batch([event, queueMailToPlayer({ kind: 'new-device', userId: user.id, to: user.email, data: { device: origin.device, ip: origin.ip, at } }, at)], 'write');
  w.wakeMail?.();
}
