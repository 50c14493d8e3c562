import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { recordSecurityEvent } from './security-events';

export type DeviceSession = { id: string; device: string | null; ip: string | null; createdAt: number; lastSeenAt: number; current: boolean };

/** The player's live sessions (not ended, not expired), the one asking marked `current`. */
export async function listSessions(client: Client, userId: string, currentId: string, now = Date.now()): Promise<DeviceSession[]> {
  const r = await client.execute({
    sql: `SELECT id, device, ip, created_at, coalesce(last_seen_at, created_at) AS last_seen FROM sessions
          WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY last_seen DESC`,
    args: [userId, now],
  });
  return r.rows.map((x) => ({
    id: String(x.id), device: x.device == null ? null : String(x.device), ip: x.ip == null ? null : String(x.ip),
    createdAt: Number(x.created_at), lastSeenAt: Number(x.last_seen), current: String(x.id) === currentId,
  }));
}

/** Ends one of the player's own sessions; another player's id, or one already ended, is not found. */
export async function endSession(client: Client, userId: string, sessionId: string, by: string, now = Date.now()): Promise<void> {
  const r = await client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL', args: [now, sessionId, userId] });
  if (r.rowsAffected === 0) throw AppError.notFound(text(m.api_session_not_found));
  await recordSecurityEvent(client, userId, 'SESSION_ENDED', { sessionId: by }, now);
}

/** Ends every session of the player but the one asking; how many ended. */
export async function endOtherSessions(client: Client, userId: string, keep: string, now = Date.now()): Promise<number> {
  const r = await client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL', args: [now, userId, keep] });
  if (r.rowsAffected > 0) await recordSecurityEvent(client, userId, 'SESSION_ENDED', { sessionId: keep }, now);
  return r.rowsAffected;
}
