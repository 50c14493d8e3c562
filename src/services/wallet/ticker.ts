import type { Client } from '@libsql/client';
import type { LiveTickerLine, TickerWhen } from '../../shared/ticker';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
// A payout is completed days after its request at most; the index on (user_id, created_at) finds them from here.
const REQUEST_WINDOW_MS = 30 * DAY_MS;
const MAX_LINES = 15;
const ORDER: Record<TickerWhen, number> = { today: 0, yesterday: 1, 'this week': 2 };

/** The UTC day of `at` against `now`'s: today, yesterday, or earlier this week. */
export function whenOf(at: number, now: number): TickerWhen {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (at >= today) return 'today';
  return at >= today - DAY_MS ? 'yesterday' : 'this week';
}

/**
 * Completed cash-outs of the last week by players who asked to appear (TICKER_MODE=live, docs/decisions/ticker-privacy.md):
 * no name, whole dollars, the day only. A cash-out shows from the hour after it completed, and lines are ordered by
 * day and then by amount, never by time: watching the ticker does not tell when someone's withdrawal completed.
 */
export async function recentCashOuts(client: Client, now = Date.now()): Promise<LiveTickerLine[]> {
  const hourStart = Math.floor(now / HOUR_MS) * HOUR_MS;
  const r = await client.execute({
    sql: `SELECT w.amount_cents, w.updated_at FROM users u JOIN withdrawals w ON w.user_id = u.id AND w.created_at > ?
          WHERE u.ticker_opt_in = 1 AND w.status = 'completed' AND w.updated_at > ? AND w.updated_at < ?
          ORDER BY w.updated_at DESC LIMIT 200`,
    args: [now - REQUEST_WINDOW_MS, now - WEEK_MS, hourStart],
  });
  const lines = r.rows.map((row) => ({
    amount: Math.round(Number(row.amount_cents) / 100),
    when: whenOf(Number(row.updated_at), now),
    verb: 'withdrew' as const,
  }));
  lines.sort((a, b) => ORDER[a.when] - ORDER[b.when] || b.amount - a.amount);
  return lines.slice(0, MAX_LINES);
}

/**
 * The ticker's lines as everyone gets them, read at most once per `ttlMs` per instance: the same answer for every
 * visitor, so a page full of visitors costs one query a minute. A player who opts out is gone within `ttlMs`.
 */
export function createTickerFeed(client: Client, opts: { now?: () => number; ttlMs?: number } = {}) {
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? 60_000;
  let cached: { at: number; lines: Promise<LiveTickerLine[]> } | null = null;
  return {
    lines(): Promise<LiveTickerLine[]> {
      const at = now();
      if (!cached || at - cached.at >= ttlMs) {
        const lines = recentCashOuts(client, at);
        cached = { at, lines };
        // A failed read is not kept: the next visitor asks again.
        lines.catch(() => {
          if (cached?.lines === lines) cached = null;
        });
      }
      return cached.lines;
    },
    /** Forget the kept lines (a player opted out on this instance). */
    clear() {
      cached = null;
    },
  };
}
export type TickerFeed = ReturnType<typeof createTickerFeed>;

/** Whether the player agreed to appear on the public ticker (off until they say so). */
export async function tickerOptIn(client: Client, userId: string): Promise<boolean> {
  const r = await client.execute({ sql: 'SELECT ticker_opt_in FROM users WHERE id = ?', args: [userId] });
  return Number(r.rows[0]?.ticker_opt_in ?? 0) === 1;
}

export async function setTickerOptIn(client: Client, userId: string, on: boolean): Promise<void> {
  await client.execute({ sql: 'UPDATE users SET ticker_opt_in = ? WHERE id = ?', args: [on ? 1 : 0, userId] });
}
