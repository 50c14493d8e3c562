import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { historyCsv } from '../../services/wallet/history-export';
import { historyType } from './wallet.model';
import { currentLang } from '../../i18n/request-lang';

/** GET /transaction/export.csv?type= : the signed-in player's whole history (all types when no type) as a CSV file. */
export const exportRoutes = (client: Client, session: Session) =>
  new Elysia({ name: 'export-routes' })
    .use(session)
    .get('/transaction/export.csv', ({ player, query }) => {
      const raw = typeof query.type === 'string' ? query.type.trim() : '';
      const asked = raw === '' ? 'ALL' : historyType(raw);
      const type = asked === 'ALL' ? null : asked;
      const day = new Date().toISOString().slice(0, 10);
      return new Response(historyCsv(client, player.userId, type, currentLang()), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="transactions-${(type ?? 'all').toLowerCase()}-${day}.csv"`,
          'cache-control': 'no-store',
        },
      });
    }, { auth: true });
