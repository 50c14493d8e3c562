import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { notificationRow, type Notification } from '../wallet/notifications';
import { stored } from '../notices/stored-text';
import { reasonText } from '../notices/reasons';
import { accountById } from './accounts';
import type { ProviderOutcome } from './game-provider.port';
import { ask, credentialContext, type GamesContext } from './games.context';

export type ResetResult = { status: 'done' | 'pending'; note: Notification | null };

type PendingRequest = { id: string; userGameId: string; userId: string; gameId: string; gameName: string; passwordEnc: string };

const requestSql = `SELECT r.id, r.user_game_id, r.user_id, r.password_enc, ug.game_id, g.name FROM game_password_requests r
  JOIN user_games ug ON ug.id = r.user_game_id JOIN games g ON g.id = ug.game_id`;

const requestRef = (id: string) => `gpass:${id}`;

/**
 * A player asks for a new password on one of their game accounts. The account is flagged (requestStatus) while the
 * provider works; the sandbox sets it at once, the manual provider when an operator has done it.
 */
export async function requestPasswordReset(ctx: GamesContext, userId: string, userGameId: string, password: string): Promise<ResetResult> {
  const account = await accountById(ctx, userId, userGameId);
  if (!account) throw new AppError(404, text(m.api_game_account_not_found), 'GAME_ACCOUNT_NOT_FOUND');
  if (account.status !== 'active' || !account.userName)
    throw new AppError(409, text(m.api_game_account_pending), 'GAME_ACCOUNT_PENDING');
  const id = Bun.randomUUIDv7();
  const at = ctx.now();
  // The flag and the request go together, and only when no reset is already pending.
  const [flag, inserted] = await ctx.client.batch(
    [
      { sql: 'UPDATE user_games SET reset_pending = 1 WHERE id = ? AND user_id = ? AND reset_pending = 0', args: [userGameId, userId] },
      {
        sql: "INSERT INTO game_password_requests (id, user_game_id, user_id, password_enc, status, created_at) SELECT ?, ?, ?, ?, 'pending', ? WHERE changes() = 1",
        args: [id, userGameId, userId, ctx.cipher.seal(password, `request:${id}`), at],
      },
    ],
    'write',
  );
  if (flag!.rowsAffected !== 1 || inserted!.rowsAffected !== 1)
    throw new AppError(409, text(m.api_game_reset_pending), 'RESET_ALREADY_REQUESTED');
  const outcome = await ask(ctx, () => ctx.provider.setPassword({ gameId: account.game.id, userName: account.userName!, password, ref: requestRef(id) }));
  const r = await settleRequest(ctx, { id, userGameId, userId, gameId: account.game.id, gameName: account.game.name, passwordEnc: '' }, outcome, password);
  if (outcome.status === 'failed') throw new AppError(502, text(m.api_game_reset_failed, { reason: reasonText(outcome.reason) }), 'GAME_PROVIDER_FAILED');
  return r;
}

/** Applies the provider's answer: the new password replaces the stored one (done), or the flag is lifted (failed). */
async function settleRequest(ctx: GamesContext, req: PendingRequest, outcome: ProviderOutcome, plain?: string): Promise<ResetResult> {
  if (outcome.status === 'pending') return { status: 'pending', note: null };
  const at = ctx.now();
  const done = outcome.status === 'done';
  const password = plain ?? ctx.cipher.open(req.passwordEnc, `request:${req.id}`);
  const n = notificationRow(
    req.userId,
    done ? 'GAME_PASSWORD_RESET' : 'GAME_PASSWORD_RESET_FAILED',
    stored(done ? 'api_note_game_password_reset' : 'api_note_game_password_failed', { game: req.gameName }),
    at,
  );
  const [changed] = await ctx.client.batch(
    [
      { sql: "UPDATE game_password_requests SET status = ?, completed_at = ? WHERE id = ? AND status = 'pending'", args: [done ? 'done' : 'failed', at, req.id] },
      {
        sql: `UPDATE user_games SET reset_pending = 0, password_enc = CASE WHEN ? THEN ? ELSE password_enc END WHERE id = ? AND changes() = 1`,
        args: [done ? 1 : 0, ctx.cipher.seal(password, credentialContext(req.userId, req.gameId)), req.userGameId],
      },
    ],
    'write',
  );
  if (changed!.rowsAffected !== 1) return { status: 'done', note: null };
  await ctx.client.execute(n.stmt);
  return { status: 'done', note: n.note };
}

/** Settles a password request by its provider reference (the operator's completion, a later lookup). */
export async function settlePasswordRef(ctx: GamesContext, ref: string, outcome: ProviderOutcome): Promise<ResetResult | null> {
  if (!ref.startsWith('gpass:')) return null;
  const r = await ctx.client.execute({ sql: `${requestSql} WHERE r.id = ? AND r.status = 'pending'`, args: [ref.slice('gpass:'.length)] });
  const row = r.rows[0];
  if (!row) return null;
  return settleRequest(ctx, {
    id: String(row.id), userGameId: String(row.user_game_id), userId: String(row.user_id), gameId: String(row.game_id), gameName: String(row.name), passwordEnc: String(row.password_enc),
  }, outcome);
}

/** Password requests whose provider call has had its time, looked up by reference. */
export async function reconcilePasswords(ctx: GamesContext): Promise<{ userId: string; note: Notification }[]> {
  const r = await ctx.client.execute({ sql: `${requestSql} WHERE r.status = 'pending' AND r.created_at < ? LIMIT 200`, args: [ctx.now() - ctx.timeoutMs] });
  const out: { userId: string; note: Notification }[] = [];
  for (const row of r.rows) {
    const ref = requestRef(String(row.id));
    const outcome = await ask(ctx, () => ctx.provider.lookup(ref));
    const s = await settlePasswordRef(ctx, ref, outcome);
    if (s?.note) out.push({ userId: String(row.user_id), note: s.note });
  }
  return out;
}
