import type { Row } from '@libsql/client';
import { AppError, fieldText } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { activeGames, type Game } from './catalogue';
import { ProviderTimeout } from './game-provider.port';
import { credentialContext, withTimeout, type GamesContext } from './games.context';

/** A player's account in one game, password opened for its owner (null while the account is being made). */
export type UserGame = {
  id: string; userId: string; game: Game; status: 'creating' | 'active'; userName: string | null; password: string | null; resetPending: boolean;
};

// First readers of the same account in this process wait for the one creating it instead of showing 'creating'.
const inFlight = new Map<string, Promise<void>>();

const SELECT = `SELECT ug.id, ug.user_id, ug.game_id, ug.status, ug.user_name, ug.password_enc, ug.ref, ug.reset_pending, ug.created_at,
  g.name, g.description, g.image, g.game_link, g.active FROM user_games ug JOIN games g ON g.id = ug.game_id`;

function toUserGame(ctx: GamesContext, r: Row): UserGame {
  const userId = String(r.user_id);
  const gameId = String(r.game_id);
  return {
    id: String(r.id), userId, status: String(r.status) as UserGame['status'],
    game: { id: gameId, name: String(r.name), description: String(r.description), image: String(r.image), gameLink: String(r.game_link), active: Number(r.active) === 1 },
    userName: r.user_name == null ? null : String(r.user_name),
    password: r.password_enc == null ? null : ctx.cipher.open(String(r.password_enc), credentialContext(userId, gameId)),
    resetPending: Number(r.reset_pending) === 1,
  };
}

/** Asks the provider for the account behind one reserved row and records what it said. */
async function create(ctx: GamesContext, row: { id: string; userId: string; gameId: string; ref: string }, playerId: number): Promise<void> {
  let made;
  try {
    made = await withTimeout(ctx.provider.createAccount({ gameId: row.gameId, ref: row.ref, playerId }), ctx.timeoutMs);
  } catch (e) {
    if (e instanceof ProviderTimeout) return; // still 'creating'; the next reader after the timeout tries the same reference
    throw e;
  }
  if (made.status === 'failed') {
    await ctx.client.execute({ sql: "DELETE FROM user_games WHERE id = ? AND status = 'creating'", args: [row.id] });
    return;
  }
  await ctx.client.execute({
    sql: "UPDATE user_games SET status = ?, user_name = ?, password_enc = ? WHERE id = ? AND status = 'creating'",
    args: [made.status === 'done' ? 'active' : 'creating', made.userName, ctx.cipher.seal(made.password, credentialContext(row.userId, row.gameId)), row.id],
  });
}

/**
 * Gives a player an account in every active game, the first time it is needed and never twice: the unique
 * (user, game) row is reserved before the provider is asked, so of racing first reads only one asks. A row left
 * 'creating' by a timeout or a crash is retried with the same reference once it is older than the timeout.
 */
export async function ensureAccounts(ctx: GamesContext, player: { userId: string; playerId: number }): Promise<void> {
  // An operator plays no game: no account is made for them, and no operator task (GAME_PROVIDER=manual) is queued.
  if (await isOperator(ctx, player.userId)) return;
  const games = await activeGames(ctx.client);
  const have = await ctx.client.execute({ sql: 'SELECT id, game_id, status, ref, created_at FROM user_games WHERE user_id = ?', args: [player.userId] });
  const rows = new Map(have.rows.map((r) => [String(r.game_id), r]));
  const work: Promise<void>[] = [];
  for (const g of games) {
    const key = `${player.userId}:${g.id}`;
    const row = rows.get(g.id);
    if (row && String(row.status) === 'active') continue;
    const waiting = inFlight.get(key);
    if (waiting) {
      work.push(waiting);
      continue;
    }
    const at = ctx.now();
    let claimed: { id: string; ref: string } | null = null;
    if (!row) {
      const id = Bun.randomUUIDv7();
      const r = await ctx.client.execute({
        sql: "INSERT INTO user_games (id, user_id, game_id, status, ref, created_at) VALUES (?, ?, ?, 'creating', ?, ?) ON CONFLICT (user_id, game_id) DO NOTHING",
        args: [id, player.userId, g.id, `gacct:${id}`, at],
      });
      if (r.rowsAffected === 1) claimed = { id, ref: `gacct:${id}` };
    } else if (Number(row.created_at) < at - ctx.timeoutMs) {
      const r = await ctx.client.execute({
        sql: "UPDATE user_games SET created_at = ? WHERE id = ? AND status = 'creating' AND created_at = ?",
        args: [at, String(row.id), Number(row.created_at)],
      });
      if (r.rowsAffected === 1) claimed = { id: String(row.id), ref: String(row.ref) };
    }
    if (!claimed) {
      // Another first read of this process won the row: wait for its answer rather than show 'creating'.
      const w = inFlight.get(key);
      if (w) work.push(w);
      continue;
    }
    const p = create(ctx, { ...claimed, userId: player.userId, gameId: g.id }, player.playerId).finally(() => inFlight.delete(key));
    inFlight.set(key, p);
    work.push(p);
  }
  await Promise.all(work);
}

const isOperator = async (ctx: GamesContext, userId: string) =>
  (await ctx.client.execute({ sql: "SELECT 1 FROM users WHERE id = ? AND role = 'ADMIN'", args: [userId] })).rows.length > 0;

/** The player's accounts in active games, creating any that are missing. */
export async function listAccounts(ctx: GamesContext, player: { userId: string; playerId: number }): Promise<UserGame[]> {
  await ensureAccounts(ctx, player);
  const r = await ctx.client.execute({ sql: `${SELECT} WHERE ug.user_id = ? AND g.active = 1 ORDER BY g.sort, g.id`, args: [player.userId] });
  return r.rows.map((row) => toUserGame(ctx, row));
}

/**
 * The player's own account in one game; another player's game or an unknown one is a 404 naming the field.
 * A game an operator made inactive takes nothing new, but `inactiveToo` (redeems) still reaches an existing account
 * so credits left in it can come back.
 */
export async function ownAccount(ctx: GamesContext, player: { userId: string; playerId: number }, gameId: string, inactiveToo = false): Promise<UserGame> {
  const game = await ctx.client.execute({ sql: 'SELECT active FROM games WHERE id = ?', args: [gameId] });
  const active = Number(game.rows[0]?.active) === 1;
  if (!game.rows[0] || (!active && !inactiveToo))
    throw new AppError(404, text(m.api_game_not_found), 'GAME_NOT_FOUND', [fieldText('gameId', text(m.api_game_not_found))]);
  if (active) await ensureAccounts(ctx, player);
  const r = await ctx.client.execute({ sql: `${SELECT} WHERE ug.user_id = ? AND ug.game_id = ?`, args: [player.userId, gameId] });
  const ug = r.rows[0] ? toUserGame(ctx, r.rows[0]) : null;
  if (!ug && (await isOperator(ctx, player.userId))) throw AppError.forbidden('Operator accounts have no game accounts.', 'OPERATOR_NO_GAMES');
  if (!ug || ug.status !== 'active' || !ug.userName)
    throw new AppError(409, text(m.api_game_account_pending), 'GAME_ACCOUNT_PENDING');
  return ug;
}

/** An account by its own id, only when it is the player's. */
export async function accountById(ctx: GamesContext, userId: string, id: string): Promise<UserGame | null> {
  const r = await ctx.client.execute({ sql: `${SELECT} WHERE ug.id = ? AND ug.user_id = ?`, args: [id, userId] });
  return r.rows[0] ? toUserGame(ctx, r.rows[0]) : null;
}

/** The manual provider's account task was completed: the account can be used (done) or is made again (failed). */
export async function settleAccountTask(ctx: GamesContext, ref: string, done: boolean): Promise<void> {
  await ctx.client.execute({
    sql: done ? "UPDATE user_games SET status = 'active' WHERE ref = ? AND status = 'creating'" : "DELETE FROM user_games WHERE ref = ? AND status = 'creating'",
    args: [ref],
  });
}
