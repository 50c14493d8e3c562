import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { historyCsv } from '../wallet/history-export';
import { auditStatement, type Actor } from './audit';

/**
 * A player's whole history for an operator: the player's own export (same columns, streamed in batches), all
 * types. The audit row is written before the file goes out, since it hands a player's money history out of the
 * console; 404 for no such account.
 */
export async function playerHistoryCsv(client: Client, actor: Actor, id: string, now = Date.now()) {
  const r = await client.execute({ sql: 'SELECT player_id FROM users WHERE id = ?', args: [id] });
  if (!r.rows[0]) throw AppError.notFound('Player not found');
  await client.execute(auditStatement(actor, { action: 'player.history_export', targetType: 'user', targetId: id }, now));
  return { playerId: Number(r.rows[0].player_id), csv: historyCsv(client, id, null) };
}
