import type { Client, Row } from '@libsql/client';
import { heldSql, waitingSql } from './held';
import { RULES, severityName, type CaseStatus, type RuleId } from './rules';

export const CASES_PAGE_SIZE = 50;

export type CaseRow = {
  id: string; userId: string; email: string; playerId: number; rule: RuleId; title: string; severity: string; holds: boolean;
  status: CaseStatus; hits: number; openedAt: number; lastHitAt: number; decidedAt: number | null; decidedBy: string | null; reason: string | null;
};

const CASE_SQL = `SELECT c.*, u.email, u.player_id FROM compliance_cases c JOIN users u ON u.id = c.user_id`;

const toCase = (r: Row): CaseRow => ({
  id: String(r.id), userId: String(r.user_id), email: String(r.email), playerId: Number(r.player_id), rule: String(r.rule) as RuleId,
  title: RULES[String(r.rule) as RuleId]?.title ?? String(r.rule), severity: severityName(Number(r.severity)), holds: Number(r.holds) === 1,
  status: String(r.status) as CaseStatus, hits: Number(r.hits), openedAt: Number(r.opened_at), lastHitAt: Number(r.last_hit_at),
  decidedAt: r.decided_at == null ? null : Number(r.decided_at), decidedBy: r.decided_by == null ? null : String(r.decided_by), reason: r.reason == null ? null : String(r.reason),
});

/** A player as the console names one: their id, their Player ID, or their e-mail. */
function playerWhere(player: string): { sql: string; args: (string | number)[] } {
  const p = player.trim();
  if (/^\d{1,12}$/.test(p)) return { sql: 'u.player_id = ?', args: [Number(p)] };
  if (p.includes('@')) return { sql: 'lower(u.email) = ?', args: [p.toLowerCase()] };
  return { sql: 'c.user_id = ?', args: [p] };
}

/** Cases, newest first, a page at a time with the total; by status and by player. */
export async function listCases(client: Client, f: { status?: CaseStatus; player?: string; page?: number; limit?: number } = {}) {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.status) where.push('c.status = ?'), args.push(f.status);
  if (f.player) {
    const p = playerWhere(f.player);
    where.push(p.sql), args.push(...p.args);
  }
  const page = f.page ?? 1;
  const limit = f.limit ?? CASES_PAGE_SIZE;
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, total] = await client.batch([
    { sql: `${CASE_SQL} ${w} ORDER BY c.opened_at DESC, c.id DESC LIMIT ? OFFSET ?`, args: [...args, limit, (page - 1) * limit] },
    { sql: `SELECT count(*) AS n FROM compliance_cases c JOIN users u ON u.id = c.user_id ${w}`, args },
  ], 'read');
  return { total: Number(total!.rows[0]?.n ?? 0), page, limit, rows: rows!.rows.map(toCase) };
}

export type CaseHit = { id: string; at: number; ref: string; facts: Record<string, unknown> };
export type PlayerRef = { userId: string; email: string; playerId: number };
export type HeldWithdrawal = { id: string; status: string; payoutState: string | null; currency: string; destination: string; amountCents: number; tipCents: number; createdAt: number };

/**
 * One case with everything an operator judges it on: each hit's facts, the other players named in them, the player's
 * withdrawals waiting now (and whether they are held), and whether their cash-out is frozen.
 */
export async function getCase(client: Client, id: string) {
  const r = await client.execute({ sql: `${CASE_SQL} WHERE c.id = ?`, args: [id] });
  if (!r.rows[0]) return null;
  const c = toCase(r.rows[0]);
  const [hits, waiting, freeze] = await client.batch([
    { sql: 'SELECT id, at, ref, facts FROM compliance_hits WHERE case_id = ? ORDER BY at, id', args: [id] },
    { sql: `SELECT w.id, w.status, w.payout_state, w.currency, w.destination, w.amount_cents, w.tip_cents, w.created_at, ${heldSql('w')} AS held
            FROM withdrawals w WHERE w.user_id = ? AND ${waitingSql('w')} ORDER BY w.created_at`, args: [c.userId] },
    { sql: 'SELECT reason, frozen_by, frozen_at, case_id FROM cash_out_freezes WHERE user_id = ?', args: [c.userId] },
  ], 'read');
  const list: CaseHit[] = hits!.rows.map((h) => ({ id: String(h.id), at: Number(h.at), ref: String(h.ref), facts: JSON.parse(String(h.facts)) }));
  const others = [...new Set(list.flatMap((h) => (Array.isArray(h.facts.otherPlayers) ? h.facts.otherPlayers.map(String) : [])))].filter((u) => u !== c.userId);
  const named = others.length
    ? (await client.execute({ sql: `SELECT id, email, player_id FROM users WHERE id IN (${others.map(() => '?').join(', ')})`, args: others })).rows
    : [];
  const f = freeze!.rows[0];
  return {
    case: c,
    hits: list,
    otherPlayers: named.map((u): PlayerRef => ({ userId: String(u.id), email: String(u.email), playerId: Number(u.player_id) })),
    withdrawals: waiting!.rows.map((w) => ({
      id: String(w.id), status: String(w.status), payoutState: w.payout_state == null ? null : String(w.payout_state), currency: String(w.currency),
      destination: String(w.destination), amountCents: Number(w.amount_cents), tipCents: Number(w.tip_cents), createdAt: Number(w.created_at), held: Number(w.held) === 1,
    })),
    frozen: f ? { reason: String(f.reason), by: f.frozen_by == null ? null : String(f.frozen_by), at: Number(f.frozen_at), caseId: f.case_id == null ? null : String(f.case_id) } : null,
  };
}
export type CaseDetail = NonNullable<Awaited<ReturnType<typeof getCase>>>;

/** Open cases, for the console's menu and Overview (one count over an index). */
export async function openCaseCount(client: Client): Promise<number> {
  const r = await client.execute("SELECT count(*) AS n FROM compliance_cases WHERE status = 'open'");
  return Number(r.rows[0]?.n ?? 0);
}

/** Whether the player's cash-out is frozen. */
export async function isFrozen(client: Client, userId: string): Promise<boolean> {
  const r = await client.execute({ sql: 'SELECT 1 FROM cash_out_freezes WHERE user_id = ?', args: [userId] });
  return r.rows.length > 0;
}

/**
 * A player's cash-out as the console shows it: frozen (why, by whom, since when, which case) or not, and their open
 * cases; null for no such player.
 */
export async function cashOutState(client: Client, userId: string) {
  const [u, f, n] = await client.batch([
    { sql: 'SELECT 1 FROM users WHERE id = ?', args: [userId] },
    { sql: 'SELECT reason, frozen_by, frozen_at, case_id FROM cash_out_freezes WHERE user_id = ?', args: [userId] },
    { sql: "SELECT count(*) AS n FROM compliance_cases WHERE user_id = ? AND status = 'open'", args: [userId] },
  ], 'read');
  if (!u!.rows[0]) return null;
  const x = f!.rows[0];
  return {
    frozen: x ? { reason: String(x.reason), by: x.frozen_by == null ? null : String(x.frozen_by), at: Number(x.frozen_at), caseId: x.case_id == null ? null : String(x.case_id) } : null,
    openCases: Number(n!.rows[0]?.n ?? 0),
  };
}
