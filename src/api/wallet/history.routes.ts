import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import type { Session } from '../../http/session';
import { listHistory } from '../../services/wallet/history';
import { listNotifications } from '../../services/wallet/notifications';
import { historyType, paging, toNotification, toTransaction, totalPages } from './wallet.model';
import { m } from '../../i18n/paraglide/messages.js';
import { currentLang } from '../../i18n/request-lang';
import type { Lang } from '../../i18n/lang';

/**
 * One page of the player's history as the API answers it (also served by http/fast-reads.ts). Bad input
 * throws the AppError the route answers with.
 */
export async function historyPage(client: Client, userId: string, typeParam: string, query: Record<string, string | undefined>, lang: Lang = currentLang()) {
  const type = historyType(typeParam);
  const { page, limit } = paging(query);
  const { total, items } = await listHistory(client, userId, type, page, limit);
  return {
    success: true,
    message: items.length ? m.api_history_found({}, { locale: lang }) : m.api_history_empty({}, { locale: lang }),
    TransactionList: items.map((r) => toTransaction(r, lang)),
    pagination: { totalPages: totalPages(total, limit), totalUsers: total, limit, currentPage: page },
  };
}

/** The signed-in player's history and notifications; every query is scoped to that player. */
export const historyRoutes = (deps: Deps, session: Session) =>
  new Elysia({ name: 'history-routes' })
    .use(session)
    .get('/transaction/transaction-List/:type', ({ player, params, query }) => historyPage(deps.database.client, player.userId, params.type, query), { auth: true })
    .get('/notification', async ({ player, query }) => {
      const { page, limit } = paging(query);
      const { total, items } = await listNotifications(deps.database.client, player.userId, page, limit);
      return { success: true, getlist: items.map((n) => toNotification(n)), pagination: { totalPages: totalPages(total, limit), currentPage: page, totalUsers: total } };
    }, { auth: true });
