import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { formatCents } from '../../shared/money';
import { systemId, walletId } from '../ledger/ledger.types';
import { historyRow } from '../wallet/history';
import type { UserGame } from './accounts';
import { ProviderTimeout } from './game-provider.port';
import { ask, withTimeout, type GamesContext } from './games.context';
import { orderByRef, type Order, type Settled } from './order-store';
import { settleOrder } from './order-settle';


const providerCall = (ctx: GamesContext, o: Order) => () =>
  (o.kind === 'load' ? ctx.provider.load : ctx.provider.redeem)({ gameId: o.gameId, userName: o.userName, amountCents: o.amountCents, ref: o.ref });

/**
 * Wallet → game, two-phase: a pending hold on the wallet (with the order and a pending history row), the
 * provider's load under our reference, then post — or void when the provider refuses. With an Idempotency-Key the
 * reference comes from it, so a retried request finds its first order and never holds or loads twice.
 */
export async function transferToGame(ctx: GamesContext, account: UserGame, amountCents: number, idemRef?: string): Promise<Settled> {
  const id = Bun.randomUUIDv7();
  const ref = idemRef ? `gload:${idemRef}` : `gload:${id}`;
  const at = ctx.now();
  const hold = await ctx.ledger.hold({
    debit: walletId(account.userId),
    credit: systemId(`game_float:${account.game.id}`),
    amountCents,
    code: 'GAME_LOAD',
    externalRef: ref,
    metadata: { gameId: account.game.id, orderId: id },
    with: (holdId) => [
      {
        sql: `INSERT INTO game_orders (id, ref, user_id, game_id, user_name, kind, amount_cents, status, hold_id, created_at, updated_at)
              VALUES (?, ?, ?, ?, ?, 'load', ?, 'pending', ?, ?, ?)`,
        args: [id, ref, account.userId, account.game.id, account.userName!, amountCents, holdId, at, at],
      },
      historyRow({ userId: account.userId, type: 'TRANSFER', direction: 'out', status: 'pending', amountCents, transferId: holdId, gameId: account.game.id, gameName: account.game.name, orderId: id }, at),
    ],
  });
  const order = await orderByRef(ctx, ref);
  if (!order) throw new Error('game order missing for its hold');
  if (order.status !== 'pending') return { order, note: null };
  return settleOrder(ctx, order, await ask(ctx, providerCall(ctx, order)));
}

/**
 * Game → wallet: the provider is asked first, and the wallet is credited only with what it confirms, in one
 * ledger transfer whose externalRef is the order's reference (so the credit happens once, whoever settles it).
 */
export async function redeemFromGame(ctx: GamesContext, account: UserGame, amountCents: number, idemRef?: string): Promise<Settled> {
  const gameCents = await withTimeout(ctx.provider.balance(account.game.id, account.userName!), ctx.timeoutMs).catch((e) => {
    if (e instanceof ProviderTimeout) return null;
    throw e;
  });
  if (gameCents !== null && amountCents > gameCents) {
    const message = text(m.api_game_balance_low, { game: account.game.name, balance: formatCents(gameCents) });
    throw new AppError(409, message, 'GAME_BALANCE_TOO_LOW', [fieldText('amount', message)]);
  }
  const id = Bun.randomUUIDv7();
  const ref = idemRef ? `gredeem:${idemRef}` : `gredeem:${id}`;
  const at = ctx.now();
  // A repeated key finds its first order (below); a new one writes the order and its pending history row together.
  if (!(await orderByRef(ctx, ref))) {
    try {
      await ctx.client.batch(
        [
          {
            sql: `INSERT INTO game_orders (id, ref, user_id, game_id, user_name, kind, amount_cents, status, created_at, updated_at)
                  VALUES (?, ?, ?, ?, ?, 'redeem', ?, 'pending', ?, ?)`,
            args: [id, ref, account.userId, account.game.id, account.userName!, amountCents, at, at],
          },
          historyRow({ userId: account.userId, type: 'REDEEM', direction: 'in', status: 'pending', amountCents, transferId: null, gameId: account.game.id, gameName: account.game.name, orderId: id }, at),
        ],
        'write',
      );
    } catch (e) {
      if (!(e instanceof Error && e.message.includes('game_orders.ref'))) throw e;
    }
  }
  const order = (await orderByRef(ctx, ref))!;
  if (order.status !== 'pending') return { order, note: null };
  return settleOrder(ctx, order, await ask(ctx, providerCall(ctx, order)));
}

