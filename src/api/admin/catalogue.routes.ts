import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../services/admin/audit';
import { disableCode, issueCode, listCodes } from '../../services/admin/codes';
import { allGames, updateGame } from '../../services/games/catalogue';
import type { AdminDeps } from './admin.deps';
import { actorOf, amountOf, bodyObject, dollars, isDateOnly, iso, reasonOf } from './admin.model';

/** An expiry as an ISO date-time, a date (to the end of that day, UTC) or epoch milliseconds, in the future. */
function expiryOf(v: unknown): number {
  const text = typeof v === 'string' ? v.trim() : '';
  const ms = typeof v === 'number' ? v : text ? Date.parse(text) + (isDateOnly(text) ? 86_400_000 - 1 : 0) : NaN;
  if (!Number.isFinite(ms)) throw AppError.invalid([{ field: 'expiresAt', message: 'Give the expiry as a date, e.g. 2030-01-31.' }]);
  if (ms <= Date.now()) throw AppError.invalid([{ field: 'expiresAt', message: 'The expiry must be in the future.' }]);
  return ms;
}

function capOf(v: unknown): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > 1_000_000) throw AppError.invalid([{ field: 'cap', message: 'The redemption cap must be a whole number from 1 to 1,000,000.' }]);
  return v;
}

function linkOf(v: unknown): string {
  let u: URL | null = null;
  try {
    u = typeof v === 'string' ? new URL(v.trim()) : null;
  } catch {}
  if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || String(v).length > 500) throw AppError.invalid([{ field: 'downloadUrl', message: 'Enter a full http(s) link.' }]);
  return u.toString();
}

/** Freeplay codes and the games offered. */
export const catalogueRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-catalogue' })
    .use(session)
    .use(d.idempotency)
    .get('/freeplay-codes', async () => {
      const list = await listCodes(d.client);
      return {
        success: true,
        codes: list.map((c) => ({ code: c.code, amount: dollars(c.amountCents), cap: c.cap, redemptions: c.redemptions, recentRedeemers: c.recentRedeemers,
          expiresAt: iso(c.expiresAt), disabled: c.disabledAt !== null, createdAt: iso(c.createdAt) })),
      };
    }, { admin: true })
    .post('/freeplay-codes', async ({ body, operator, request, set }) => {
      const b = bodyObject(body);
      if (b.code !== undefined && b.code !== null && typeof b.code !== 'string') throw AppError.invalid([{ field: 'code', message: 'Codes are 4 to 32 letters, digits or dashes.' }]);
      const amountCents = amountOf(b, d.maxAmountDollars);
      const made = await issueCode(d.client, actorOf(operator, request, d.trustedHeader), { code: (b.code as string | undefined) ?? undefined, amountCents, maxRedemptions: capOf(b.cap), expiresAt: expiryOf(b.expiresAt) });
      set.status = 201;
      return { success: true, message: `Code ${made.code} created.`, code: { code: made.code, amount: dollars(made.amountCents), cap: made.maxRedemptions, expiresAt: iso(made.expiresAt) } };
    }, { admin: true, idempotent: true })
    .post('/freeplay-codes/:code/disable', async ({ params, body, operator, request }) => {
      await disableCode(d.client, actorOf(operator, request, d.trustedHeader), params.code, reasonOf(bodyObject(body), false));
      return { success: true, message: 'Code disabled.' };
    }, { admin: true, idempotent: true })
    .get('/games', async () => ({ success: true, games: (await allGames(d.client)).map((g) => ({ id: g.id, name: g.name, active: g.active, downloadUrl: g.gameLink })) }), { admin: true })
    .patch('/games/:id', async ({ params, body, operator, request }) => {
      const b = bodyObject(body);
      if (b.active !== undefined && typeof b.active !== 'boolean') throw AppError.invalid([{ field: 'active', message: 'active must be true or false.' }]);
      const change = { active: b.active as boolean | undefined, gameLink: b.downloadUrl === undefined ? undefined : linkOf(b.downloadUrl) };
      if (change.active === undefined && change.gameLink === undefined) throw AppError.invalid([{ field: 'body', message: 'Give active or downloadUrl.' }]);
      const r = await updateGame(d.client, params.id, change);
      if (!r) throw AppError.notFound('Game not found');
      await writeAudit(d.client, actorOf(operator, request, d.trustedHeader), {
        action: 'game.update', targetType: 'game', targetId: params.id, reason: reasonOf(b, false),
        before: { active: r.before.active, downloadUrl: r.before.gameLink }, after: { active: r.after.active, downloadUrl: r.after.gameLink },
      });
      return { success: true, message: 'Game updated.', game: { id: r.after.id, name: r.after.name, active: r.after.active, downloadUrl: r.after.gameLink } };
    }, { admin: true, idempotent: true });
