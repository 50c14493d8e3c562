import { dollarsFromCents } from '../../shared/money';
import type { UserGame } from '../../services/games/accounts';
import type { Game } from '../../services/games/catalogue';
import type { Order } from '../../services/games/order-store';

// The spec's wire shapes (§3, §7); the domain's names stay inside.

export const toActiveGame = (g: Game) => ({ id: g.id, _id: g.id, name: g.name, gameSlug: g.id, description: g.description, image: g.image, gameLink: g.gameLink });

const gameRef = (g: Game) => ({ _id: g.id, name: g.name, gameSlug: g.id, gameLink: g.gameLink, image: g.image });

/**
 * One entry of `userGames`. The password goes only to its owner, over this authenticated call (DESIGN §8: never a
 * key shipped to the browser), and not at all while two-step verification is on (`locked`): it hands over the game
 * account and its credits, as a reset would, so it is shown through the reveal call, which takes a code.
 * `accountStatus` is `creating` until the game has made the account.
 */
export const toUserGame = (a: UserGame & { balanceCents: number | null }, locked = false) => ({
  _id: a.id,
  gameId: gameRef(a.game),
  gameCredentialId: a.status === 'active' ? { userName: a.userName, password: locked ? null : a.password, ...(locked && { passwordLocked: true }) } : null,
  requestStatus: a.resetPending,
  accountStatus: a.status,
  gameBalance: a.balanceCents === null ? null : dollarsFromCents(a.balanceCents),
});

export const toUserGameDetail = (a: UserGame & { balanceCents: number | null }) => ({
  _id: a.id,
  gameId: gameRef(a.game),
  gameCredentialId: { userName: a.userName },
  gameBalance: a.balanceCents === null ? null : dollarsFromCents(a.balanceCents),
});

/** The order as the forms see it: its status (pending while the game works on it) and the history row's id. */
export const toOrder = (o: Order) => ({ _id: o.id, status: o.status, amount: dollarsFromCents(o.amountCents), gameId: o.gameId, gameName: o.gameName, reason: o.reason });
