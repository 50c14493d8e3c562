import { Elysia } from 'elysia';
import type { Client } from '@libsql/client';
import { createTickerFeed } from '../../services/wallet/ticker';

/**
 * TICKER_MODE=live: recent completed cash-outs of players who asked to appear, with no name, in whole dollars and by
 * the day (docs/decisions/ticker-privacy.md). Empty in other modes.
 */
export const tickerRoutes = (d: { client: Client; mode: 'demo' | 'live' | 'off'; now?: () => number }) => {
  const feed = createTickerFeed(d.client, { now: d.now });
  return new Elysia({ name: 'ticker-routes' }).get('/ticker', async () => {
    if (d.mode !== 'live') return { success: true, lines: [] };
    return { success: true, lines: await feed.lines() };
  });
};
