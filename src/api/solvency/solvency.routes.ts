import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import type { SolvencyService } from '../../services/solvency/solvency-service';
import { SNAPSHOT_ID } from '../../shared/solvency/scheme';
import { LIST_MAX, snapshotUrl, toSnapshotEntry } from './solvency.model';

/** Reads `?limit=` (1 … 1000, 100 when absent). */
function listLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 100;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > LIST_MAX) throw AppError.invalid([{ field: 'limit', message: m.api_solvency_limit({ max: LIST_MAX }) }]);
  return n;
}

/**
 * The proof of liabilities (docs/solvency.md): the published snapshots for anyone, and for a signed-in player their
 * own account nonce and what the latest snapshot counted for them.
 */
export const solvencyRoutes = (solvency: SolvencyService, session: Session) =>
  new Elysia({ prefix: '/solvency' })
    .use(session)
    .get('/', async ({ query, set }) => {
      // `before`: the page of snapshots older than the one named (the last of the page before).
      const before = query.before;
      if (before !== undefined && !SNAPSHOT_ID.test(before)) throw AppError.invalid([{ field: 'before', message: m.api_solvency_before() }]);
      const list = await solvency.list(listLimit(query.limit), before);
      set.headers['cache-control'] = 'public, max-age=60';
      return { success: true, snapshots: list.map(toSnapshotEntry) };
    })
    .get('/me', async ({ player, set }) => {
      set.headers['cache-control'] = 'no-store';
      const mine = await solvency.forPlayer(player.userId);
      if (!mine) throw AppError.notFound();
      const latest = mine.latest && {
        id: mine.latest.snapshot.id,
        createdAt: new Date(mine.latest.snapshot.createdAt).toISOString(),
        url: snapshotUrl(mine.latest.snapshot.id),
        // null: the player joined after it was taken.
        liabilityCents: mine.latest.liabilityCents,
      };
      return { success: true, accountNonce: mine.accountNonce, latest };
    }, { auth: true });
