import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { maskName } from '../../shared/ticker';

/** TICKER_MODE=live: real completed cash-outs of the last day, first names masked. Empty in other modes. */
export const tickerRoutes = (deps: Deps) =>
  new Elysia({ name: 'ticker-routes' }).get('/ticker', async () => {
    if (deps.config.TICKER_MODE !== 'live') return { success: true, lines: [] };
    const now = Date.now();
    const r = await deps.database.client.execute({
      sql: `SELECT u.name, t.amount_cents, t.created_at FROM transactions t JOIN users u ON u.id = t.user_id
            WHERE t.type = 'WITHDRAW' AND t.status = 'completed' AND t.created_at > ? ORDER BY t.created_at DESC LIMIT 15`,
      args: [now - 86_400_000],
    });
    const lines = r.rows.map((row) => ({
      name: maskName(String(row.name ?? '').trim().split(/\s+/)[0] || 'Player'),
      amount: Math.round(Number(row.amount_cents) / 100),
      secondsAgo: Math.max(1, Math.round((now - Number(row.created_at)) / 1000)),
      verb: 'withdrew' as const,
    }));
    return { success: true, lines };
  });
