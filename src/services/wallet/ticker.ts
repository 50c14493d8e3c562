import type { Client } from '@libsql/client';
import { maskName } from '../../shared/ticker';

/** Real completed cash-outs of the last day, newest first, first names masked (TICKER_MODE=live). */
export async function recentCashOuts(client: Client, now = Date.now()) {
  const r = await client.execute({
    sql: `SELECT u.name, t.amount_cents, t.created_at FROM transactions t JOIN users u ON u.id = t.user_id
          WHERE t.type = 'WITHDRAW' AND t.status = 'completed' AND t.created_at > ? ORDER BY t.created_at DESC LIMIT 15`,
    args: [now - 86_400_000],
  });
  return r.rows.map((row) => ({
    name: maskName(String(row.name ?? '').trim().split(/\s+/)[0] || 'Player'),
    amount: Math.round(Number(row.amount_cents) / 100),
    secondsAgo: Math.max(1, Math.round((now - Number(row.created_at)) / 1000)),
    verb: 'withdrew' as const,
  }));
}
