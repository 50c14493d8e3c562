import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { adjustWallet, lockPlayer, playerDetail, searchPlayers, unlockPlayer } from '../../services/admin/players';
import { playerHistoryCsv } from '../../services/admin/player-history-export';
import { formatCents } from '../../shared/money';
import { pushBalance, pushNotification } from '../wallet/push';
import type { AdminDeps } from './admin.deps';
import { actorOf, amountOf, bodyObject, dollars, iso, pageOf, pagination, reasonOf } from './admin.model';

const LIMIT = 25;

/** Players: search, a player's page, lock and unlock, and wallet adjustments. */
export const playersRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-players' })
    .use(session)
    .use(d.idempotency)
    .get('/players', async ({ query }) => {
      const q = typeof query.q === 'string' ? query.q.slice(0, 200) : '';
      const r = await searchPlayers(d.client, q, pageOf(query), LIMIT);
      return {
        success: true,
        players: r.players.map((p) => ({ id: p.id, playerId: p.playerId, email: p.email, name: p.name, role: p.role, balance: dollars(p.balanceCents), locked: p.locked, emailVerified: p.emailVerified, createdAt: iso(p.createdAt) })),
        pagination: pagination(r.page, r.limit, r.total),
      };
    }, { admin: true })
    .get('/players/:id', async ({ params, query }) => {
      const p = await playerDetail(d.client, params.id, pageOf(query, 'historyPage'));
      if (!p) throw AppError.notFound('Player not found');
      return {
        success: true,
        player: {
          id: p.id, playerId: p.playerId, email: p.email, name: p.name, phoneNo: p.phoneNo, role: p.role, balance: dollars(p.balanceCents),
          locked: p.locked, lockedAt: iso(p.lockedAt), verifiedAt: iso(p.verifiedAt), createdAt: iso(p.createdAt),
          held: dollars(p.heldCents), owed: dollars(p.owedCents),
        },
        history: p.history.map((h) => ({ ...h, amount: dollars(h.amountCents), amountCents: undefined, createdAt: iso(h.createdAt) })),
        historyPagination: pagination(p.historyPage.page, p.historyPage.limit, p.historyPage.total),
        sessions: p.sessions.map((s) => ({ id: s.id, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), remember: s.remember })),
      };
    }, { admin: true })
    // The player's whole history, in the columns of their own export; the export itself is audited.
    .get('/players/:id/history.csv', async ({ params, operator, request }) => {
      const r = await playerHistoryCsv(d.client, actorOf(operator, request, d.trustedHeader), params.id);
      return new Response(r.csv, {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="coinreel-player-${r.playerId}-history-${new Date().toISOString().slice(0, 10)}.csv"`, 'cache-control': 'no-store' },
      });
    }, { admin: true })
    .post('/players/:id/lock', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      await lockPlayer(d.client, actorOf(operator, request, d.trustedHeader), params.id, reason);
      d.hub.endSessions({ userId: params.id });
      return { success: true, message: 'Account locked. Every session of theirs has ended.' };
    }, { admin: true, idempotent: true })
    .post('/players/:id/unlock', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), false);
      await unlockPlayer(d.client, actorOf(operator, request, d.trustedHeader), params.id, reason);
      return { success: true, message: 'Account unlocked. They can sign in again.' };
    }, { admin: true, idempotent: true })
    .post('/players/:id/adjust', async ({ params, body, operator, request, idempotency }) => {
      const b = bodyObject(body);
      const amountCents = amountOf(b, d.maxAmountDollars, { signed: true });
      const reason = reasonOf(b, true)!;
      const r = await adjustWallet(d.client, d.ledger, actorOf(operator, request, d.trustedHeader), { userId: params.id, amountCents, reason, ref: idempotency?.ref });
      if (r.note) pushNotification(d.hub, params.id, r.note);
      const walletCents = await pushBalance(d.ledger, d.hub, params.id);
      // Named in full: the confirmation is read after the page has moved on, and says what the wallet now holds.
      const moved = amountCents > 0 ? `credited with ${formatCents(amountCents)}` : `debited ${formatCents(-amountCents)}`;
      return { success: true, message: `Wallet of ${r.email} ${moved}: its balance is now ${formatCents(walletCents)}.`, balance: dollars(walletCents), transferId: r.transfer.id };
    }, { admin: true, idempotent: true });
