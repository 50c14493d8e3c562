import type { Client, Row } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { systemId, walletId, type Ledger } from '../ledger/ledger.types';
import { historyRow } from '../wallet/history';
import { notificationRow, type Notification } from '../wallet/notifications';
import { stored } from '../notices/stored-text';
import { auditStatement, type Actor } from './audit';

export type PlayerSummary = {
  id: string; playerId: number; email: string; name: string | null; role: string; balanceCents: number; locked: boolean; createdAt: number;
  /** The player confirmed their e-mail address (until then they cannot sign in). */
  emailVerified: boolean;
};

const SUMMARY_SQL = `SELECT u.id, u.player_id, u.email, u.name, u.role, u.locked_at, u.created_at, u.email_verified_at,
  coalesce((SELECT a.balance_cents - a.pending_cents FROM accounts a WHERE a.id = 'w:' || u.id), 0) AS balance_cents FROM users u`;

const toSummary = (r: Row): PlayerSummary => ({
  id: String(r.id), playerId: Number(r.player_id), email: String(r.email), name: r.name == null ? null : String(r.name), role: String(r.role),
  balanceCents: Number(r.balance_cents), locked: r.locked_at != null, createdAt: Number(r.created_at), emailVerified: r.email_verified_at != null,
});

/**
 * Players only (role USER): search by e-mail, name or an identity submission's legal name (part of any), or an exact Player ID or user id; newest
 * accounts first. Operators' own accounts are not players and are not listed.
 */
export async function searchPlayers(client: Client, q: string, page: number, limit = 25) {
  const term = q.trim().toLowerCase();
  const like = `%${term.replace(/[%_\\]/g, '')}%`;
  // The legal name of an identity submission too: compliance asks by the name on the ID.
  const where = `WHERE u.role = 'USER'${term ? ` AND (lower(u.email) LIKE ?1 OR lower(coalesce(u.name, '')) LIKE ?1 OR CAST(u.player_id AS TEXT) = ?2 OR u.id = ?2
    OR EXISTS (SELECT 1 FROM identity_submissions s WHERE s.user_id = u.id AND lower(s.legal_name) LIKE ?1))` : ''}`;
  const args = term ? [like, term] : [];
  const [rows, count] = await client.batch([
    { sql: `${SUMMARY_SQL} ${where} ORDER BY u.created_at DESC, u.id LIMIT ${limit} OFFSET ${(page - 1) * limit}`, args },
    { sql: `SELECT count(*) AS n FROM users u ${where}`, args },
  ], 'read');
  return { players: rows!.rows.map(toSummary), total: Number(count!.rows[0]?.n ?? 0), page, limit };
}

/** How many history rows a player's console page holds. */
export const PLAYER_HISTORY_PAGE = 50;

/**
 * Profile, balance, one page of history (newest first, PLAYER_HISTORY_PAGE a page, with the total) and the
 * sessions still open; null when there is no such account.
 */
export async function playerDetail(client: Client, id: string, historyPage = 1, now = Date.now()) {
  const limit = PLAYER_HISTORY_PAGE;
  const [u, history, historyCount, sessions] = await client.batch([
    { sql: `${SUMMARY_SQL} WHERE u.id = ?`, args: [id] },
    // An adjustment's reason is on its ledger transfer (as the player's own history reads it).
    { sql: `SELECT uuid, type, direction, status, amount_cents, order_id, game_name, counterparty, created_at,
              CASE WHEN type = 'ADJUSTMENT' THEN (SELECT json_extract(t.metadata, '$.reason') FROM transfers t WHERE t.id = transactions.transfer_id) END AS note
            FROM transactions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, args: [id, limit, (historyPage - 1) * limit] },
    { sql: 'SELECT count(*) AS n FROM transactions WHERE user_id = ?', args: [id] },
    { sql: 'SELECT id, created_at, expires_at, remember FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC', args: [id, now] },
  ], 'read');
  const row = u!.rows[0];
  if (!row) return null;
  const extra = await client.execute({
    sql: `SELECT phone_no, email_verified_at, locked_at, coalesce((SELECT balance_cents FROM accounts WHERE id = 'h:' || users.id), 0) AS held_cents,
            coalesce((SELECT -balance_cents FROM accounts WHERE id = 'd:' || users.id), 0) AS owed_cents FROM users WHERE id = ?`,
    args: [id],
  });
  const e = extra.rows[0]!;
  return {
    ...toSummary(row),
    phoneNo: e.phone_no == null ? null : String(e.phone_no),
    verifiedAt: e.email_verified_at == null ? null : Number(e.email_verified_at),
    lockedAt: e.locked_at == null ? null : Number(e.locked_at),
    /** Held deposits (not spendable) and what they owe from a reversed deposit. */
    heldCents: Number(e.held_cents), owedCents: Math.max(0, Number(e.owed_cents)),
    history: history!.rows.map((h) => ({
      id: String(h.uuid), type: String(h.type), direction: String(h.direction), status: String(h.status), amountCents: Number(h.amount_cents),
      orderId: h.order_id == null ? null : String(h.order_id), game: h.game_name == null ? null : String(h.game_name),
      counterparty: h.counterparty == null ? null : String(h.counterparty), note: h.note == null ? null : String(h.note), createdAt: Number(h.created_at),
    })),
    historyPage: { page: historyPage, limit, total: Number(historyCount!.rows[0]?.n ?? 0) },
    sessions: sessions!.rows.map((s) => ({ id: String(s.id), createdAt: Number(s.created_at), expiresAt: Number(s.expires_at), remember: Number(s.remember) === 1 })),
  };
}

async function mustExist(client: Client, id: string) {
  const r = await client.execute({ sql: 'SELECT id, email, locked_at, role FROM users WHERE id = ?', args: [id] });
  if (!r.rows[0]) throw AppError.notFound('Player not found');
  return { email: String(r.rows[0].email), locked: r.rows[0].locked_at != null, operator: r.rows[0].role === 'ADMIN' };
}

/**
 * Locks an account: sign-in refused, every session ended at once, in one transaction with its audit row.
 * The money stays where it is. An operator cannot lock their own account.
 */
export async function lockPlayer(client: Client, actor: Actor, id: string, reason: string, now = Date.now()) {
  if (id === actor.id) throw AppError.conflict('You cannot lock your own account.', 'SELF_LOCK');
  const p = await mustExist(client, id);
  if (p.locked) throw AppError.conflict('This account is already locked.', 'ALREADY_LOCKED');
  const ended = await client.execute({ sql: 'SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?', args: [id, now] });
  await client.batch([
    { sql: 'UPDATE users SET locked_at = ? WHERE id = ? AND locked_at IS NULL', args: [now, id] },
    { sql: 'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', args: [now, id] },
    auditStatement(actor, { action: 'player.lock', targetType: 'user', targetId: id, reason, before: { locked: false }, after: { locked: true, sessionsEnded: Number(ended.rows[0]?.n ?? 0) } }, now),
  ], 'write');
}

export async function unlockPlayer(client: Client, actor: Actor, id: string, reason: string | null, now = Date.now()) {
  const p = await mustExist(client, id);
  if (!p.locked) throw AppError.conflict('This account is not locked.', 'NOT_LOCKED');
  await client.batch([
    { sql: 'UPDATE users SET locked_at = NULL WHERE id = ?', args: [id] },
    auditStatement(actor, { action: 'player.unlock', targetType: 'user', targetId: id, reason, before: { locked: true }, after: { locked: false } }, now),
  ], 'write');
}

/**
 * A signed correction of a player's wallet against the house adjustment account: one ledger transfer whose
 * history row (ADJUSTMENT), notification and audit row commit with it. The database's overdraft rule refuses one
 * that would take the wallet below zero. `ref` (from the Idempotency-Key) makes a repeat move nothing.
 */
export async function adjustWallet(client: Client, ledger: Ledger, actor: Actor, a: { userId: string; amountCents: number; reason: string; ref?: string }, now = Date.now()) {
  // An operator crediting an operator's wallet (their own above all) could send it on and cash it out: players only.
  const p = await mustExist(client, a.userId);
  if (p.operator) throw AppError.forbidden("An operator's wallet cannot be adjusted: adjustments are for players.");
  const credit = a.amountCents > 0;
  const amountCents = Math.abs(a.amountCents);
  const before = await ledger.balance(walletId(a.userId));
  // The operator's reason is shown as they wrote it.
  const note = notificationRow(a.userId, 'ADJUSTMENT', stored(credit ? 'api_note_adjust_added' : 'api_note_adjust_taken', { amount: formatCents(amountCents), reason: a.reason }), now);
  try {
    const t = await ledger.transfer({
      debit: credit ? systemId('house_adjustments') : walletId(a.userId),
      credit: credit ? walletId(a.userId) : systemId('house_adjustments'),
      amountCents, code: 'ADJUSTMENT', externalRef: a.ref, metadata: { reason: a.reason, operator: actor.id },
      with: (transferId) => [
        historyRow({ userId: a.userId, type: 'ADJUSTMENT', direction: credit ? 'in' : 'out', status: 'completed', amountCents, transferId, orderId: null }, now),
        note.stmt,
        auditStatement(actor, {
          action: 'player.adjust', targetType: 'user', targetId: a.userId, reason: a.reason,
          before: { balanceCents: before.availableCents }, after: { balanceCents: before.availableCents + a.amountCents, amountCents: a.amountCents, transferId },
        }, now),
      ],
    });
    return { transfer: t, email: p.email, note: t.replayed ? null : (note.note as Notification) };
  } catch (e) {
    if (e instanceof AppError && e.errorType === 'INSUFFICIENT_FUNDS')
      throw new AppError(409, 'The wallet does not hold that much: an adjustment cannot take it below zero.', 'INSUFFICIENT_FUNDS', [{ field: 'amount', message: `At most ${formatCents(before.availableCents)} can be taken.` }]);
    throw e;
  }
}
