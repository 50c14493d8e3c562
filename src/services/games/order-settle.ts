import type { InStatement } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { systemId, walletId } from '../ledger/ledger.types';
import { notificationRow } from '../wallet/notifications';
import { stored } from '../notices/stored-text';
import { reasonEnglish, reasonInput } from '../notices/reasons';
import type { ProviderOutcome } from './game-provider.port';
import { ask, type GamesContext } from './games.context';
import { orderByRef, pendingOrders, type Order, type Settled } from './order-store';

const float = (gameId: string) => systemId(`game_float:${gameId}`);

/** The order and its history row move to their final state in the same transaction as the money. */
function finalRows(o: Order, status: 'completed' | 'failed', at: number, t: { transferId?: string; amountCents?: number; reason?: string }): InStatement[] {
  return [
    {
      sql: "UPDATE game_orders SET status = ?, transfer_id = coalesce(?, transfer_id), reason = ?, updated_at = ? WHERE id = ? AND status = 'pending'",
      args: [status, t.transferId ?? null, t.reason ?? null, at, o.id],
    },
    {
      sql: 'UPDATE transactions SET status = ?, transfer_id = coalesce(?, transfer_id), amount_cents = coalesce(?, amount_cents) WHERE order_id = ? AND user_id = ?',
      args: [status, t.transferId ?? null, t.amountCents ?? null, o.id, o.userId],
    },
  ];
}

const settledAlready = (e: unknown) => e instanceof AppError && e.errorType === 'HOLD_NOT_PENDING';
/** Aborts the transaction it is in unless the statement before it (the order's conditional change) changed a row. */
const GUARD: InStatement = 'INSERT INTO game_order_guard (ok) SELECT changes() = 1';
const guardTripped = (e: unknown) => e instanceof Error && e.message.includes('game order guard');

/**
 * Applies the provider's outcome to a pending order, exactly once whoever calls (the request itself, a later
 * lookup, the operator's completion): a load's hold is posted or voided (a second settlement of a hold is refused by
 * the ledger); a redeem credits the wallet with the confirmed amount under the order's reference (used once).
 */
export async function settleOrder(ctx: GamesContext, order: Order, outcome: ProviderOutcome): Promise<Settled> {
  if (outcome.status === 'pending' || order.status !== 'pending') return { order, note: null };
  const at = ctx.now();
  const again = async () => ({ order: (await orderByRef(ctx, order.ref))!, note: null });
  const asked = formatCents(order.amountCents);
  if (order.kind === 'load') {
    if (!order.holdId) throw new Error('a load order without its hold');
    try {
      if (outcome.status === 'done') {
        const n = notificationRow(order.userId, 'GAME_TRANSFER', stored('api_note_game_transfer', { amount: asked, game: order.gameName }), at);
        await ctx.ledger.post(order.holdId, { with: (id) => [...finalRows(order, 'completed', at, { transferId: id }), n.stmt] });
        return { order: (await again()).order, note: n.note };
      }
      const n = notificationRow(order.userId, 'GAME_TRANSFER_FAILED', stored('api_note_game_transfer_failed', { amount: asked, game: order.gameName, reason: reasonInput(outcome.reason) }), at);
      await ctx.ledger.void(order.holdId, { with: () => [...finalRows(order, 'failed', at, { reason: outcome.reason }), n.stmt] });
      return { order: (await again()).order, note: n.note };
    } catch (e) {
      if (settledAlready(e)) return again();
      throw e;
    }
  }
  // A redeem credits only what the game confirmed taking out (never more than asked).
  const confirmed = outcome.status === 'done' ? Math.min(outcome.amountCents ?? order.amountCents, order.amountCents) : 0;
  if (outcome.status === 'done' && confirmed > 0) {
    const n = notificationRow(order.userId, 'GAME_REDEEM', stored('api_note_game_redeem', { amount: formatCents(confirmed), game: order.gameName }), at);
    try {
      const t = await ctx.ledger.transfer({
        debit: float(order.gameId),
        credit: walletId(order.userId),
        amountCents: confirmed,
        code: 'GAME_REDEEM',
        externalRef: order.ref,
        metadata: { gameId: order.gameId, orderId: order.id },
        // The credit commits only with the order's own change from pending: one settled as failed meanwhile keeps it.
        with: (id) => {
          const [orderRow, historyRow] = finalRows(order, 'completed', at, { transferId: id, amountCents: confirmed });
          return [orderRow!, GUARD, historyRow!, n.stmt];
        },
      });
      return t.replayed ? again() : { order: (await again()).order, note: n.note };
    } catch (e) {
      if (guardTripped(e)) return again();
      throw e;
    }
  }
  const reason = outcome.status === 'failed' ? outcome.reason : reasonEnglish('api_reason_game_no_credits');
  const n = notificationRow(order.userId, 'GAME_REDEEM_FAILED', stored('api_note_game_redeem_failed', { amount: asked, game: order.gameName, reason: reasonInput(reason) }), at);
  // One transaction: the history row and the notification are written only by the caller whose change of the order won.
  const [orderRow, historyRow] = finalRows(order, 'failed', at, { reason });
  try {
    await ctx.client.batch([orderRow!, GUARD, historyRow!, n.stmt], 'write');
  } catch (e) {
    if (guardTripped(e)) return again();
    throw e;
  }
  return { order: (await again()).order, note: n.note };
}

/**
 * Looks up orders whose provider call has had its time (a timeout, a crash, an operator task) and settles those
 * the provider has an answer for. Run on a timer by the server and on the player's own reads.
 */
export async function reconcilePending(ctx: GamesContext, userId?: string): Promise<Settled[]> {
  const out: Settled[] = [];
  for (const o of await pendingOrders(ctx, ctx.now() - ctx.timeoutMs, userId)) {
    const outcome = await ask(ctx, () => ctx.provider.lookup(o.ref));
    if (outcome.status !== 'pending') out.push(await settleOrder(ctx, o, outcome));
  }
  return out;
}
