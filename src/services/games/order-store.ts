import type { Row } from '@libsql/client';
import type { Notification } from '../wallet/notifications';
import type { GamesContext } from './games.context';

export type OrderKind = 'load' | 'redeem';
export type Order = {
  id: string; ref: string; userId: string; gameId: string; gameName: string; userName: string; kind: OrderKind; amountCents: number;
  status: 'pending' | 'completed' | 'failed'; holdId: string | null; transferId: string | null; reason: string | null; createdAt: number;
};
/** An order as it stands after a call, and the notification its settlement wrote (to push after commit). */
export type Settled = { order: Order; note: Notification | null };

const SELECT = `SELECT o.id, o.ref, o.user_id, o.game_id, g.name AS game_name, o.user_name, o.kind, o.amount_cents, o.status, o.hold_id,
  o.transfer_id, o.reason, o.created_at FROM game_orders o JOIN games g ON g.id = o.game_id`;

const toOrder = (r: Row): Order => ({
  id: String(r.id), ref: String(r.ref), userId: String(r.user_id), gameId: String(r.game_id), gameName: String(r.game_name), userName: String(r.user_name),
  kind: String(r.kind) as OrderKind, amountCents: Number(r.amount_cents), status: String(r.status) as Order['status'],
  holdId: r.hold_id == null ? null : String(r.hold_id), transferId: r.transfer_id == null ? null : String(r.transfer_id),
  reason: r.reason == null ? null : String(r.reason), createdAt: Number(r.created_at),
});

export async function orderByRef(ctx: GamesContext, ref: string): Promise<Order | null> {
  const r = await ctx.client.execute({ sql: `${SELECT} WHERE o.ref = ?`, args: [ref] });
  return r.rows[0] ? toOrder(r.rows[0]) : null;
}


/** Orders still waiting on the provider, placed before `before` (their own call has had its time), oldest first. */
export async function pendingOrders(ctx: GamesContext, before: number, userId?: string): Promise<Order[]> {
  const r = await ctx.client.execute({
    sql: `${SELECT} WHERE o.status = 'pending' AND o.created_at < ? ${userId ? 'AND o.user_id = ?' : ''} ORDER BY o.created_at LIMIT 200`,
    args: userId ? [before, userId] : [before],
  });
  return r.rows.map(toOrder);
}
