import type { Client, InStatement } from '@libsql/client';

export const SECURITY_EVENT_TYPES = [
  'LOGIN', 'LOGIN_FAILED', 'LOGOUT', 'PASSWORD_CHANGED', 'EMAIL_CHANGED', 'TOTP_ENABLED', 'TOTP_DISABLED', 'WITHDRAWAL_REQUESTED', 'SESSION_ENDED',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * Where an event came from: the request's address and device, or the session it was made in (whose address and
 * device were kept when it started), or neither (a reset link, a job).
 */
export type EventOrigin = { ip?: string | null; device?: string | null; sessionId?: string | null };

export type SecurityEvent = { type: SecurityEventType; at: number; ip: string | null; device: string | null };

/** The statement that appends one event, for a batch that writes what goes with it (its e-mail). */
export function securityEventRow(userId: string, type: SecurityEventType, origin: EventOrigin = {}, at = Date.now()): InStatement {
  return {
    sql: `INSERT INTO security_events (id, user_id, type, at, ip, device)
          SELECT ?, ?, ?, ?, coalesce(?, (SELECT ip FROM sessions WHERE id = ?)), coalesce(?, (SELECT device FROM sessions WHERE id = ?))`,
    args: [Bun.randomUUIDv7(), userId, type, at, origin.ip ?? null, origin.sessionId ?? null, origin.device ?? null, origin.sessionId ?? null],
  };
}

/** Appends one event to the player's security activity. */
export async function recordSecurityEvent(client: Client, userId: string, type: SecurityEventType, origin: EventOrigin = {}, at = Date.now()): Promise<void> {
  await client.execute(securityEventRow(userId, type, origin, at));
}

export const SECURITY_PAGE_SIZE = 20;

/** The player's own events, newest first, a page at a time (page 1 first). */
export async function listSecurityEvents(client: Client, userId: string, page = 1, limit = SECURITY_PAGE_SIZE): Promise<SecurityEvent[]> {
  const r = await client.execute({
    sql: 'SELECT type, at, ip, device FROM security_events WHERE user_id = ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?',
    args: [userId, limit, (Math.max(1, page) - 1) * limit],
  });
  return r.rows.map((x) => ({ type: String(x.type) as SecurityEventType, at: Number(x.at), ip: x.ip == null ? null : String(x.ip), device: x.device == null ? null : String(x.device) }));
}
