import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { recentCashOuts } from '../../services/wallet/ticker';

/** TICKER_MODE=live: real completed cash-outs of the last day, first names masked. Empty in other modes. */
export const tickerRoutes = (deps: Deps) =>
  new Elysia({ name: 'ticker-routes' }).get('/ticker', async () => {
    if (deps.config.TICKER_MODE !== 'live') return { success: true, lines: [] };
    return { success: true, lines: await recentCashOuts(deps.database.client) };
  });
