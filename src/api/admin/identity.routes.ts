import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import type { IdentityService } from '../../services/identity/identity-service';
import type { Submission } from '../../services/identity/identity.context';
import { taxReportCsv } from '../../services/identity/tax';
import { actorOf, bodyObject, iso, reasonOf } from './admin.model';

const view = (s: Submission) => ({
  id: s.id, userId: s.userId, email: s.email, status: s.status, legalName: s.legalName, dateOfBirth: s.dateOfBirth, address: s.address, idType: s.idType,
  documents: s.documentsDeletedAt ? [] : s.documents, documentsDeletedAt: iso(s.documentsDeletedAt), vendor: s.vendor, reason: s.reason, decidedBy: s.decidedBy,
  decidedAt: iso(s.decidedAt), createdAt: iso(s.createdAt), reviewNote: s.reviewNote,
});

const yearOf = (q: Record<string, string | undefined>) => {
  const y = Number(q.year);
  if (!Number.isInteger(y) || y < 2000 || y > 2100) throw AppError.invalid([{ field: 'year', message: 'year must be a four-digit year, e.g. 2026' }]);
  return y;
};

/** The identity review queue, its documents (operators only, never cached, every view audited), decisions, tax numbers and the tax report. */
export const identityAdminRoutes = (d: { identity: IdentityService; trustedHeader?: string }, session: Session) =>
  new Elysia({ name: 'admin-identity' })
    .use(session)
    .get('/identity', async () => ({ success: true, submissions: (await d.identity.queue()).map(view) }), { admin: true })
    .get('/identity/:id', async ({ params }) => {
      const s = await d.identity.find(params.id);
      if (!s) throw AppError.notFound('Submission not found');
      return { success: true, submission: view(s), player: await d.identity.status(s.userId) };
    }, { admin: true })
    .get('/identity/:id/documents/:part', async ({ params, operator, request }) => {
      const doc = await d.identity.viewDocument(actorOf(operator, request, d.trustedHeader), params.id, params.part);
      return new Response(doc.bytes as BodyInit, {
        headers: {
          'content-type': doc.type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
          'content-disposition': `inline; filename="${params.part}.${doc.type.split('/')[1]}"`, 'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    }, { admin: true })
    .post('/identity/:id/approve', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      await d.identity.decide(actorOf(operator, request, d.trustedHeader), params.id, 'verified', reason);
      return { success: true, message: 'Identity verified. The player was told.' };
    }, { admin: true })
    .post('/identity/:id/reject', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      await d.identity.decide(actorOf(operator, request, d.trustedHeader), params.id, 'rejected', reason);
      return { success: true, message: 'Submission rejected. The player was told why.' };
    }, { admin: true })
    .get('/players/:id/identity', async ({ params }) => ({ success: true, data: await d.identity.status(params.id) }), { admin: true })
    // A player's tax number, changed for them (they asked and proved who they are): a reason is required, the change is
    // audited with the last four digits only, and the player is e-mailed. The only way once a withdrawal has counted.
    .post('/players/:id/tax-details', async ({ params, body, operator, request }) => {
      const b = bodyObject(body);
      const reason = reasonOf(b, true)!;
      const t = await d.identity.setTaxByOperator(actorOf(operator, request, d.trustedHeader), params.id, { tin: b.tin, reason });
      return { success: true, message: `Tax number changed to the ${t.type} ending in ${t.last4}. The player was e-mailed.` };
    }, { admin: true })
    .get('/tax-report', async ({ query, operator, request }) => {
      const year = yearOf(query);
      const rows = await d.identity.taxReport(actorOf(operator, request, d.trustedHeader), year);
      if (query.format === 'csv')
        return new Response(taxReportCsv(rows), {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="tax-report-${year}.csv"`, 'cache-control': 'no-store' },
        });
      return new Response(JSON.stringify({
        success: true, year, threshold: d.identity.ctx.taxThresholdCents / 100,
        players: rows.map((x) => ({ ...x, withdrawn: x.withdrawnCents / 100 })),
      }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
    }, { admin: true });
