import { dollarsToCents } from './money';

/** A player's game account as the dashboard's islands hold it (from GET /games/list). */
export type GameAccountView = {
  id: string;
  gameId: string;
  name: string;
  image: string;
  userName: string | null;
  password: string | null;
  /** Two-step verification is on: the password is shown for a code (POST /game/credential/{id}/show). */
  passwordLocked: boolean;
  requestStatus: boolean;
  creating: boolean;
  balanceCents: number | null;
};

/** Maps one `userGames` entry of the API to the islands' shape; anything malformed is dropped. */
export function accountsFromApi(userGames: unknown): GameAccountView[] {
  if (!Array.isArray(userGames)) return [];
  return userGames.flatMap((g) => {
    if (!g || typeof g !== 'object' || typeof g._id !== 'string' || !g.gameId || typeof g.gameId._id !== 'string') return [];
    return [{
      id: g._id,
      gameId: g.gameId._id,
      name: String(g.gameId.name ?? g.gameId._id),
      image: String(g.gameId.image ?? ''),
      userName: g.gameCredentialId?.userName ?? null,
      password: g.gameCredentialId?.password ?? null,
      passwordLocked: g.gameCredentialId?.passwordLocked === true,
      requestStatus: g.requestStatus === true,
      creating: g.accountStatus === 'creating',
      balanceCents: g.gameBalance == null ? null : dollarsToCents(g.gameBalance),
    }];
  });
}
