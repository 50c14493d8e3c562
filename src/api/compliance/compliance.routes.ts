import { Elysia } from 'elysia';
import type { IdempotencyPlugin } from '../../http/idempotency';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import type { ComplianceService } from '../../services/compliance/compliance-service';
import { dailyTotalsCsv, utcDay } from '../../services/compliance/daily-totals';
import { CASE_STATUSES } from '../../services/compliance/rules';
import { actorOf, bodyObject, dollars, iso, pageOf, pagination, reasonOf, statusOf } from '../admin/admin.model';
import { caseDetailView, caseView, dailyTotalView } from './compliance.model';

type Deps = { compliance: ComplianceService; idempotency: IdempotencyPlugin; trustedHeader?: string };

/** The money-laundering watch in the operator API (under /admin): cases, their decisions, frozen cash-outs, the day's report. */
export const complianceRoutes = (d: Deps, session: Session) =>
  new Elysia({ name: 'admin-compliance' })
    .use(session)
    .use(d.idempotency)
    .get('/cases', async ({ query }) => {
      const player = typeof query.player === 'string' && query.player.trim() ? query.player.trim().slice(0, 200) : undefined;
      const r = await d.compliance.list({ status: statusOf(query, CASE_STATUSES), player, page: pageOf(query) });
      return { success: true, pagination: pagination(r.page, r.limit, r.total), cases: r.rows.map(caseView) };
    }, { admin: true })
    .get('/cases/:id', async ({ params }) => {
      const c = await d.compliance.get(params.id);
      if (!c) throw AppError.notFound('Case not found');
      return { success: true, case: caseDetailView(c) };
    }, { admin: true })
    .post('/cases/:id/:decision', async ({ params, body, operator, request }) => {
      if (params.decision !== 'clear' && params.decision !== 'escalate') throw AppError.notFound();
      const reason = reasonOf(bodyObject(body), true)!;
      const actor = actorOf(operator, request, d.trustedHeader);
      if (params.decision === 'clear') {
        const c = await d.compliance.clear(actor, params.id, reason);
        const held = c.withdrawals.filter((w) => w.held).length;
        return { success: true, message: `Case cleared.${c.frozen ? ' The player\'s cash-out stays frozen until you unfreeze it.' : held ? '' : ' Their withdrawals it held go on to be sent.'}`, case: caseDetailView(c) };
      }
      const c = await d.compliance.escalate(actor, params.id, reason);
      return { success: true, message: 'Case escalated: the player\'s withdrawals stay held and their cash-out is frozen until you unfreeze it.', case: caseDetailView(c) };
    }, { admin: true, idempotent: true })
    .get('/players/:id/cash-out', async ({ params }) => {
      const s = await d.compliance.cashOut(params.id);
      if (!s) throw AppError.notFound('Player not found');
      return { success: true, data: { frozen: s.frozen ? { reason: s.frozen.reason, by: s.frozen.by, at: iso(s.frozen.at), caseId: s.frozen.caseId } : null, openCases: s.openCases } };
    }, { admin: true })
    .post('/players/:id/unfreeze', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      await d.compliance.unfreeze(actorOf(operator, request, d.trustedHeader), params.id, reason);
      return { success: true, message: 'Cash-out unfrozen: the withdrawals no open case holds go on to be sent.' };
    }, { admin: true, idempotent: true })
    .get('/sanctions', async () => {
      const s = await d.compliance.sanctions.status();
      return { success: true, data: s.loaded ? { loaded: true, source: s.source, listDate: iso(s.listDate), importedAt: iso(s.importedAt), count: s.count, ageDays: s.ageDays, stale: s.stale } : { loaded: false },
        warning: await d.compliance.sanctions.warning() };
    }, { admin: true })
    .get('/reports/daily-totals', async ({ query }) => {
      const date = typeof query.date === 'string' ? query.date : '';
      const day = utcDay(date);
      if (day === null) throw AppError.invalid([{ field: 'date', message: 'date must be a day as YYYY-MM-DD (UTC), e.g. 2026-11-27' }]);
      const rows = await d.compliance.dailyTotals(day);
      if (query.format === 'csv')
        return new Response(dailyTotalsCsv(date, rows), {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="daily-totals-${date}.csv"`, 'cache-control': 'no-store' },
        });
      if (query.format !== undefined && query.format !== 'json') throw AppError.invalid([{ field: 'format', message: 'format must be json or csv' }]);
      return { success: true, date, threshold: dollars(d.compliance.settings.reportCents), players: rows.map(dailyTotalView) };
    }, { admin: true });
