import type { Client } from '@libsql/client';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sessions } from '../../../db/schema';
import type { TokenSigner } from './tokens';

const HOUR_MS = 3_600_000;
/** Remember-me keeps a player signed in for 30 days; otherwise the server ends the session after 12 hours. */
export const SESSION_TTL_MS = { remember: 30 * 24 * HOUR_MS, browser: 12 * HOUR_MS };

/** An operator's session ends after this long without activity (the viewer lookup slides it), whatever remember-me says. */
export const OPERATOR_IDLE_MS = 8 * HOUR_MS;
/** The token of an operator's session outlives any one idle window; the session row decides when it ends. */
const OPERATOR_TOKEN_MS = 7 * 24 * HOUR_MS;

export type StartedSession = { sessionId: string; token: string; expiresAt: Date };

/** How a session was signed in: the password alone, or with a current two-step code or a recovery code. */
export type SignedInWith = 'password' | 'password_code' | 'recovery_code';

/** A new server-side session row and the JWT that names it (expiring with it). */
/** Where a session starts from, kept for the player's list of signed-in devices. */
export type SessionOrigin = { ip: string | null; device: string | null; deviceKey?: string | null };

export async function startSession(db: Db, signer: TokenSigner, userId: string, remember: boolean, now = new Date(), operator = false, origin?: SessionOrigin, signedInWith: SignedInWith = 'password'): Promise<StartedSession> {
  const sessionId = crypto.randomUUID();
  const ttl = operator ? OPERATOR_IDLE_MS : remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.browser;
  const expiresAt = new Date(now.getTime() + ttl);
  await db.insert(sessions).values({ id: sessionId, userId, createdAt: now, expiresAt, remember, ip: origin?.ip ?? null, device: origin?.device ?? null, deviceKey: origin?.deviceKey ?? null, lastSeenAt: now, signedInWith });
  const tokenExpiresAt = operator ? new Date(now.getTime() + OPERATOR_TOKEN_MS) : expiresAt;
  return { sessionId, token: await signer.sign({ sid: sessionId }, tokenExpiresAt), expiresAt };
}

export const revokeSession = (db: Db, sessionId: string, now = new Date()) =>
  db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));

/** Every live session of a player, or all but `keep` (the one that asked). Usable inside a batch. */
export const revokeSessionsOf = (db: Db, userId: string, now: Date, keep?: string) =>
  db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));

/** The player whose session this is, while it is still open; null for an ended or unknown one. */
export async function openSessionOwner(client: Client, sessionId: string): Promise<string | null> {
  const r = await client.execute({ sql: 'SELECT user_id FROM sessions WHERE id = ? AND revoked_at IS NULL', args: [sessionId] });
  return r.rows[0] ? String(r.rows[0].user_id) : null;
}
