import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { Notification } from '../wallet/notifications';
import { accountById, listAccounts, ownAccount, settleAccountTask, type UserGame } from './accounts';
import { activeGames } from './catalogue';
import { ProviderTimeout } from './game-provider.port';
import { withTimeout, type GamesContext } from './games.context';
import { listTasks, markTask, type GameTask } from './manual.provider';
import { settleOrder, reconcilePending } from './order-settle';
import { orderByRef, type Settled } from './order-store';
import { redeemFromGame, transferToGame } from './orders';
import { reconcilePasswords, requestPasswordReset, settlePasswordRef } from './passwords';
import type { SandboxProvider } from './sandbox.provider';
import { assertMayPlay } from '../protection/restrictions';
import { assertNotInDebt } from '../protection/debt';

export type Player = { userId: string; playerId: number };
export type Move = { gameId: string; userName: string; amountCents: number };
/** Told after commit of every settlement, whoever caused it, so the player's open pages hear of it. */
export type SettledListener = (userId: string, note: Notification | null, walletChanged: boolean) => void;

const NOT_YOURS = () => text(m.api_game_not_yours);

/** The games feature as the routes, pages and operator command use it. */
export function createGamesService(ctx: GamesContext, onSettled: SettledListener = () => {}) {
  const told = (s: Settled) => {
    if (s.note) onSettled(s.order.userId, s.note, s.order.kind === 'redeem' || s.order.status === 'failed');
    return s;
  };

  /** The player's own account for the game named in a move, and the user name must be theirs. */
  async function accountFor(player: Player, m: Pick<Move, 'gameId' | 'userName'>, inactiveToo = false): Promise<UserGame> {
    const account = await ownAccount(ctx, player, m.gameId, inactiveToo);
    if (account.userName!.toLowerCase() !== m.userName.trim().toLowerCase())
      throw new AppError(403, NOT_YOURS(), 'NOT_YOUR_GAME_ACCOUNT', [fieldText('userName', NOT_YOURS())]);
    return account;
  }

  async function gameBalance(account: UserGame): Promise<number | null> {
    if (account.status !== 'active' || !account.userName) return null;
    return withTimeout(ctx.provider.balance(account.game.id, account.userName), ctx.timeoutMs).catch((e) => {
      if (e instanceof ProviderTimeout) return null;
      throw e;
    });
  }

  async function reconcile(userId?: string): Promise<number> {
    const orders = await reconcilePending(ctx, userId);
    orders.forEach(told);
    const passwords = userId ? [] : await reconcilePasswords(ctx);
    for (const p of passwords) onSettled(p.userId, p.note, false);
    return orders.length + passwords.length;
  }

  return {
    providerName: ctx.provider.name,
    catalogue: () => activeGames(ctx.client),
    /** Every account with its in-game balance; the player's own unsettled orders are looked up first. */
    async accounts(player: Player) {
      await reconcile(player.userId);
      const list = await listAccounts(ctx, player);
      return Promise.all(list.map(async (a) => ({ ...a, balanceCents: await gameBalance(a) })));
    },
    async account(player: Player, gameId: string) {
      const a = await ownAccount(ctx, player, gameId);
      return { ...a, balanceCents: await gameBalance(a) };
    },
    // Responsible gaming: no transfers to games during a cool-off or self-exclusion (redeeming stays open).
    transfer: async (player: Player, m: Move, idemRef?: string) => {
      await assertMayPlay(ctx.client, player.userId, ctx.now());
      await assertNotInDebt(ctx.client, player.userId);
      const s = await transferToGame(ctx, await accountFor(player, m), m.amountCents, idemRef);
      // The credits left the wallet with the hold, whatever the game says later: other open pages hear of it now.
      onSettled(player.userId, s.note, true);
      return s;
    },
    // A game an operator made inactive still gives back what is in it.
    redeem: async (player: Player, m: Move, idemRef?: string) => told(await redeemFromGame(ctx, await accountFor(player, m, true), m.amountCents, idemRef)),
    async requestReset(userId: string, userGameId: string, password: string) {
      const r = await requestPasswordReset(ctx, userId, userGameId, password);
      if (r.note) onSettled(userId, r.note, false);
      return r;
    },
    reconcile,
    /** Play a round in the sandbox game (outside production only; the route checks). */
    async play(player: Player, gameId: string) {
      if (ctx.provider.name !== 'sandbox') throw AppError.notFound();
      const a = await ownAccount(ctx, player, gameId);
      const r = await (ctx.provider as SandboxProvider).play(a.game.id, a.userName!);
      if (!r) throw AppError.notFound(text(m.api_game_account_not_found));
      return { ...r, game: a.game };
    },
    ownsAccount: async (userId: string, id: string) => (await accountById(ctx, userId, id)) !== null,
    /** The password of one of the player's own active accounts (null for none), for the reveal that two-step guards. */
    async passwordOf(userId: string, id: string): Promise<string | null> {
      const a = await accountById(ctx, userId, id);
      return a && a.status === 'active' ? a.password : null;
    },
    tasks: (status: 'open' | 'all' = 'open') => listTasks(ctx.client, status),
    /** The operator's word on a manual task, carried through to the order, account or password it stands for. */
    async completeTask(id: string, done: boolean, opts: { confirmedCents?: number; note?: string } = {}): Promise<GameTask | null> {
      const task = await markTask(ctx.client, id, done, opts, ctx.now());
      if (!task || task.status === 'open') return task;
      const outcome = await ctx.provider.lookup(task.ref);
      if (task.kind === 'create_account') await settleAccountTask(ctx, task.ref, task.status === 'done');
      else if (task.kind === 'set_password') {
        const r = await settlePasswordRef(ctx, task.ref, outcome);
        const owner = await ctx.client.execute({ sql: 'SELECT user_id FROM game_password_requests WHERE id = ?', args: [task.ref.slice('gpass:'.length)] });
        if (r?.note && owner.rows[0]) onSettled(String(owner.rows[0].user_id), r.note, false);
      } else {
        const order = await orderByRef(ctx, task.ref);
        if (order) told(await settleOrder(ctx, order, outcome));
      }
      return task;
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
