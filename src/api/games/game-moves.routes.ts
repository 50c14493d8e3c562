import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import type { idempotencyPlugin } from '../../http/idempotency';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import { reasonEnglish, reasonText } from '../../services/notices/reasons';
import { validate } from '../../lib/validate';
import { dollarsFromCents, formatCents } from '../../shared/money';
import { checkGameMove } from '../../shared/schemas/games';
import { walletId, type Ledger } from '../../services/ledger/ledger.types';
import type { GamesService, Player } from '../../services/games/games.service';
import type { Settled } from '../../services/games/order-store';
import { amountCents } from '../wallet/wallet.model';
import { toOrder } from './games.model';

export type GameMovesDeps = { games: GamesService; ledger: Ledger; idempotency: ReturnType<typeof idempotencyPlugin>; maxAmountDollars: number };

// Said in the request's language; a game's own reason as the game gave it (the site's own reasons translated).
const WORDS = {
  load: { done: m.api_game_load_done, pending: m.api_game_load_pending, failed: m.api_game_load_failed },
  redeem: { done: m.api_game_redeem_done, pending: m.api_game_redeem_pending, failed: m.api_game_redeem_failed },
};

/** Wallet → game and game → wallet (spec §7), answered with the order's state and both balances. */
export const gameMovesRoutes = (deps: GameMovesDeps, session: Session) => {
  async function answer(player: Player, s: Settled, set: { status?: number | string }) {
    const o = s.order;
    const words = WORDS[o.kind];
    // A game refusal is the game's failure, not the player's request: 502, with the game's reason.
    if (o.status === 'failed') throw new AppError(502, text(words.failed, { reason: reasonText(o.reason ?? reasonEnglish('api_reason_game_refused')) }), 'GAME_PROVIDER_FAILED');
    const wallet = await deps.ledger.balance(walletId(player.userId));
    const game = await deps.games.account(player, o.gameId).catch(() => null);
    if (o.status === 'pending') set.status = 202;
    return {
      success: true,
      message: (o.status === 'completed' ? words.done : words.pending)({ amount: formatCents(o.amountCents), game: o.gameName }),
      order: toOrder(o),
      walletAmount: dollarsFromCents(wallet.availableCents),
      gameBalance: game?.balanceCents == null ? null : dollarsFromCents(game.balanceCents),
    };
  }
  const moveOf = (body: unknown) => {
    const input = validate((b) => checkGameMove(b, { numbersOnly: true }), body);
    return { gameId: String(input.gameId).trim(), userName: String(input.userName), amountCents: amountCents(input.amount, deps.maxAmountDollars, 'amount', m.fields_amount_invalid()) };
  };
  return new Elysia({ name: 'game-moves-routes' })
    .use(session)
    .use(deps.idempotency)
    .post('/transfer/transfer-data-request', async ({ player, body, idempotency, set }) =>
      answer(player, await deps.games.transfer(player, moveOf(body), idempotency?.ref), set), { auth: true, idempotent: true })
    .post('/game/redeem-Request', async ({ player, body, idempotency, set }) =>
      answer(player, await deps.games.redeem(player, moveOf(body), idempotency?.ref), set), { auth: true, idempotent: true });
};
