import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { heldQueue, listHeld, refundHeld, releaseHeld, type HeldItem } from '../../services/admin/held';
import { owedCents } from '../../services/protection/debt';
import { pushBalance, pushNotification } from '../wallet/push';
import type { AdminDeps } from './admin.deps';
import { actorOf, bodyObject, dollars, iso, reasonOf } from './admin.model';

const view = (h: HeldItem) => ({
  id: h.id, userId: h.userId, email: h.email, depositId: h.depositId, amount: dollars(h.amountCents), reason: h.reason, status: h.status,
  withdrawalId: h.withdrawalId, withdrawalStatus: h.withdrawalStatus, refundAddress: h.refundAddress, resolvedBy: h.resolvedBy,
  resolvedAt: iso(h.resolvedAt), createdAt: iso(h.createdAt),
});

const addressOf = (b: Record<string, unknown>) => {
  const v = b.address;
  if (typeof v !== 'string' || !v.trim() || v.length > 200) throw AppError.invalid([{ field: 'address', message: 'Enter the Bitcoin address the player gave for the refund.' }]);
  return v.trim();
};

/** Held deposits (past a limit or during a break) and debts from reversed deposits: list, release, refund. */
export const heldRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-held' })
    .use(session)
    .use(d.idempotency)
    .get('/held', async () => {
      const q = await heldQueue(d.client);
      return { success: true, held: q.held.map(view), debts: q.debts.map((x) => ({ userId: x.userId, email: x.email, owed: dollars(x.owedCents) })) };
    }, { admin: true })
    .get('/players/:id/held', async ({ params }) => {
      const [items, owed] = await Promise.all([listHeld(d.client, params.id), owedCents(d.client, params.id)]);
      return { success: true, held: items.map(view), owed: dollars(owed) };
    }, { admin: true })
    .post('/players/:id/held/:heldId/release', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      const r = await releaseHeld(d.client, d.ledger, actorOf(operator, request, d.trustedHeader), params.id, params.heldId, reason);
      pushNotification(d.hub, params.id, r.note);
      const walletCents = await pushBalance(d.ledger, d.hub, params.id);
      return { success: true, message: 'Released to the wallet.', balance: dollars(walletCents), transferId: r.transfer.id };
    }, { admin: true, idempotent: true })
    .post('/players/:id/held/:heldId/refund', async ({ params, body, operator, request }) => {
      const b = bodyObject(body);
      const address = addressOf(b);
      const reason = reasonOf(b, true)!;
      const r = await refundHeld(d.client, d.ledger, d.withdrawals, actorOf(operator, request, d.trustedHeader), params.id, params.heldId, address, reason);
      pushNotification(d.hub, params.id, r.note);
      return { success: true, message: 'Refund payout created.', withdrawalId: r.withdrawal?.id ?? null, status: r.withdrawal?.status ?? null };
    }, { admin: true, idempotent: true });
