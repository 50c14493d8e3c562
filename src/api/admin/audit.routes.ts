import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { auditCsv, listAudit, type AuditFilter } from '../../services/admin/audit';
import type { AdminDeps } from './admin.deps';
import { isDateOnly, iso, limitOf, pageOf, pagination } from './admin.model';

function dateOf(v: string | undefined, field: string, endOfDay = false): number | undefined {
  if (!v) return undefined;
  const ms = Date.parse(v);
  if (!Number.isFinite(ms)) throw AppError.invalid([{ field, message: `${field} must be a date, e.g. 2030-01-31.` }]);
  // A bare date in `to` includes that whole day.
  return endOfDay && isDateOnly(v) ? ms + 86_400_000 : ms;
}

function filterOf(q: Record<string, string | undefined>): AuditFilter {
  const from = dateOf(q.from, 'from');
  const to = dateOf(q.to, 'to', true);
  if (from !== undefined && to !== undefined && from >= to) throw AppError.invalid([{ field: 'from', message: 'from must be before to.' }]);
  return { actor: q.actor?.trim().slice(0, 200) || undefined, action: q.action?.trim().slice(0, 100) || undefined, target: q.target?.trim().slice(0, 200) || undefined, from, to };
}

/** The audit trail, as pages and as a CSV safe to open in a spreadsheet. */
export const auditRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-audit' })
    .use(session)
    .get('/audit', async ({ query }) => {
      // A smaller page for a player's latest few (their console page); 50 a page otherwise.
      const r = await listAudit(d.client, { ...filterOf(query), page: pageOf(query), limit: limitOf(query, 50, 100) });
      return {
        success: true,
        entries: r.rows.map((e) => ({ id: e.id, at: iso(e.createdAt), actorId: e.actorId, actor: e.actorEmail, action: e.action, targetType: e.targetType, targetId: e.targetId, reason: e.reason, before: e.before, after: e.after, ip: e.ip })),
        pagination: pagination(r.page, r.limit, r.total),
      };
    }, { admin: true })
    .get('/audit.csv', async ({ query }) => {
      const r = await listAudit(d.client, { ...filterOf(query), page: 1, limit: 100_000 });
      return new Response(auditCsv(r.rows), {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="coinreel-audit-${new Date().toISOString().slice(0, 10)}.csv"`, 'cache-control': 'no-store' },
      });
    }, { admin: true });
