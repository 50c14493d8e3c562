import type { Client, InStatement, Row } from '@libsql/client';

/** Who acted: an operator's session, or an operator command run on the server (`cli:<command>`). */
export type Actor = { id: string; email: string; ip: string | null };

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

export type AuditRow = {
  id: string; actorId: string; actorEmail: string; action: string; targetType: string; targetId: string;
  reason: string | null; before: unknown; after: unknown; ip: string | null; createdAt: number;
};

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** The audit row as a statement, so it can commit in the same transaction as the change it records. */
export function auditStatement(actor: Actor, e: AuditEntry, now = Date.now()): InStatement {
  return {
    sql: `INSERT INTO audit_log (id, actor_id, actor_email, action, target_type, target_id, reason, before, after, ip, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [Bun.randomUUIDv7(), actor.id, actor.email, e.action, e.targetType, e.targetId, e.reason ?? null, json(e.before), json(e.after), actor.ip, now],
  };
}

export const writeAudit = (client: Client, actor: Actor, e: AuditEntry, now = Date.now()) => client.execute(auditStatement(actor, e, now));

export type AuditFilter = { actor?: string; action?: string; target?: string; from?: number; to?: number; page?: number; limit?: number };

/**
 * The ids `target` stands for: itself and, when it is a player's id, the ids of what is theirs (their withdrawals,
 * deposits, identity submissions, compliance cases, and the tasks of their game accounts, which name the account by game and user
 * name, or by its creation ref). Held funds and two-step resets are audited against the player (target type user),
 * so the id itself finds them. One IN list, so the target index is used; these ids are UUIDs, unique across tables.
 */
const TARGET_IDS = `SELECT ?
    UNION ALL SELECT id FROM withdrawals WHERE user_id = ?
    UNION ALL SELECT id FROM deposits WHERE user_id = ?
    UNION ALL SELECT id FROM identity_submissions WHERE user_id = ?
    UNION ALL SELECT id FROM compliance_cases WHERE user_id = ?
    UNION ALL SELECT t.id FROM user_games g JOIN game_tasks t ON t.game_id = g.game_id AND t.user_name = g.user_name WHERE g.user_id = ?
    UNION ALL SELECT t.id FROM user_games g JOIN game_tasks t ON t.ref = g.ref WHERE g.user_id = ?`;

const parse = (v: unknown) => {
  if (v == null) return null;
  try {
    return JSON.parse(String(v));
  } catch {
    return String(v);
  }
};

const toRow = (r: Row): AuditRow => ({
  id: String(r.id), actorId: String(r.actor_id), actorEmail: String(r.actor_email), action: String(r.action), targetType: String(r.target_type),
  targetId: String(r.target_id), reason: r.reason == null ? null : String(r.reason), before: parse(r.before), after: parse(r.after),
  ip: r.ip == null ? null : String(r.ip), createdAt: Number(r.created_at),
});

/**
 * Newest first. `actor` matches the operator's e-mail (part of it) or id, or a command's kind (`cli` finds
 * `cli:admin-create`); `action` is exact or its first word (`withdrawal` finds withdrawal.approve and .reject);
 * `target` is an exact target id (a player's also finds their withdrawals, deposits, identity submissions and game
 * tasks); from/to are ms.
 */
export async function listAudit(client: Client, f: AuditFilter) {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.actor) {
    const bare = f.actor.toLowerCase().replace(/[%_\\]/g, '');
    where.push("(actor_id = ? OR actor_id LIKE ? OR lower(actor_email) LIKE ?)");
    args.push(f.actor, `${bare}:%`, `%${bare}%`);
  }
  if (f.action) {
    where.push("(action = ? OR action LIKE ?)");
    args.push(f.action, `${f.action.replace(/[%_\\]/g, '')}.%`);
  }
  if (f.target) {
    where.push(`target_id IN (${TARGET_IDS})`);
    args.push(...Array<string>(TARGET_IDS.match(/\?/g)!.length).fill(f.target));
  }
  if (f.from !== undefined) where.push('created_at >= ?'), args.push(f.from);
  if (f.to !== undefined) where.push('created_at < ?'), args.push(f.to);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const limit = f.limit ?? 50;
  const page = Math.max(1, f.page ?? 1);
  const [rows, count] = await Promise.all([
    client.execute({ sql: `SELECT * FROM audit_log ${w} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, args: [...args, limit, (page - 1) * limit] }),
    client.execute({ sql: `SELECT count(*) AS n FROM audit_log ${w}`, args }),
  ]);
  return { rows: rows.rows.map(toRow), total: Number(count.rows[0]?.n ?? 0), page, limit };
}

/** A spreadsheet runs a cell that starts with = + - @ (or a tab / CR) as a formula: such a cell is prefixed with '. */
export function csvCell(v: unknown): string {
  let s = v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const CSV_COLUMNS = ['time', 'operator', 'operator id', 'action', 'target type', 'target', 'reason', 'before', 'after', 'ip'];

export function auditCsv(rows: AuditRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows)
    lines.push([new Date(r.createdAt).toISOString(), r.actorEmail, r.actorId, r.action, r.targetType, r.targetId, r.reason, r.before, r.after, r.ip].map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}
