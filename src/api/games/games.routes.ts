import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import type { idempotencyPlugin } from '../../http/idempotency';
import { validate } from '../../lib/validate';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import { dollarsFromCents, formatCents } from '../../shared/money';
import { checkGamePassword } from '../../shared/schemas/games';
import type { GamesService } from '../../services/games/games.service';
import type { TwoStep } from '../../services/auth/two-step';
import { toActiveGame, toUserGame, toUserGameDetail } from './games.model';

export type GamesRoutesDeps = {
  games: GamesService;
  idempotency: ReturnType<typeof idempotencyPlugin>;
  /** May this request play a sandbox round (the sandbox game outside production)? It mints credits: this machine or a demo only. */
  sandboxPlay: (req: Request) => boolean;
  /** A game password reset hands over the game account and its credits: with two-step verification on, it takes a code. */
  twoStep: Pick<TwoStep, 'check'>;
};

/** The game catalogue, the player's game accounts and credentials, password resets and (sandbox) Play a round. */
export const gamesRoutes = (deps: GamesRoutesDeps, session: Session) =>
  new Elysia({ name: 'games-routes' })
    .use(session)
    .use(deps.idempotency)
    // The catalogue is the same for everyone; a visitor may read it too.
    .get('/getgames', async () => ({ success: true, activeGames: (await deps.games.catalogue()).map(toActiveGame) }))
    .get('/games/list', async ({ player, set }) => {
      // Without two-step on, the list carries the game passwords: no cache may keep it.
      set.headers['cache-control'] = 'no-store';
      return { success: true, userGames: (await deps.games.accounts(player)).map((a) => toUserGame(a, player.twoStep)) };
    }, { auth: true })
    // With two-step verification on, a game password is shown only for a code (the list leaves it out).
    .post('/game/credential/:id/show', async ({ player, params, body, set }) => {
      await deps.twoStep.check(player.userId, (body as { totp?: unknown } | null)?.totp, player.twoStep);
      const password = await deps.games.passwordOf(player.userId, params.id);
      if (password === null) throw AppError.notFound(text(m.api_game_account_not_found));
      // The answer is a credential: no browser or proxy cache may keep it (as the two-step secrets are not kept).
      set.headers['cache-control'] = 'no-store';
      return { success: true, password };
    }, { auth: true })
    .get('/game/user-Game-Detail/:gameId', async ({ player, params }) => ({
      success: true,
      userDetail: toUserGameDetail(await deps.games.account(player, params.gameId)),
    }), { auth: true })
    .put('/game/password/request-reset/:id', async ({ player, params, body }) => {
      const { requestedPassword } = validate(checkGamePassword, body);
      await deps.twoStep.check(player.userId, (body as { totp?: unknown }).totp, player.twoStep);
      const r = await deps.games.requestReset(player.userId, params.id, String(requestedPassword));
      return { success: true, message: r.status === 'done' ? m.api_game_password_done() : m.api_game_password_requested(), requestStatus: r.status === 'pending' };
    }, { auth: true, idempotent: true })
    .post('/game/sandbox/play/:gameId', async ({ player, params, request }) => {
      if (!deps.sandboxPlay(request)) throw AppError.notFound();
      const r = await deps.games.play(player, params.gameId);
      const message = r.deltaCents > 0 ? m.api_sandbox_won({ amount: formatCents(r.deltaCents), game: r.game.name })
        : r.deltaCents < 0 ? m.api_sandbox_lost({ amount: formatCents(-r.deltaCents), game: r.game.name }) : m.api_sandbox_even({ game: r.game.name });
      return { success: true, message, gameBalance: dollarsFromCents(r.balanceCents) };
    }, { auth: true });
