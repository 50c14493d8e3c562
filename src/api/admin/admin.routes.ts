import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { openCounts } from '../../services/admin/overview';
import type { AdminDeps } from './admin.deps';
import { dollars, iso } from './admin.model';
import { auditRoutes } from './audit.routes';
import { catalogueRoutes } from './catalogue.routes';
import { heldRoutes } from './held.routes';
import { playersRoutes } from './players.routes';
import { queuesRoutes } from './queues.routes';
import { twoStepAdminRoutes } from './two-step.routes';
import { identityAdminRoutes } from './identity.routes';
import { complianceRoutes } from '../compliance/compliance.routes';

/**
 * The operator API under /api/v1/admin. Every route carries `admin: true` (session.ts): 401 for a visitor, 403 for
 * a player. An unknown admin path answers the same way before its 404, so nothing is learnt about what exists.
 */
export const adminRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-routes', prefix: '/admin' })
    .use(session)
    .get('/overview', async () => {
      const o = await d.overview();
      return {
        success: true,
        data: {
          liabilities: dollars(o.liabilitiesCents), depositsToday: dollars(o.depositsTodayCents), withdrawalsToday: dollars(o.withdrawalsTodayCents),
          openWithdrawals: o.openWithdrawals, withdrawalsAwaitingApproval: o.withdrawalsAwaitingApproval, openGameTasks: o.openGameTasks,
          heldPayments: o.heldPayments, held: dollars(o.heldCents), playersInDebt: o.playersInDebt, owed: dollars(o.owedCents),
          identityReviews: o.identityReviews, ledgerVerify: { ok: o.ledgerVerify.ok, at: iso(o.ledgerVerify.at) }, payments: o.payments,
          openCases: o.openCases, criticalCases: o.criticalCases,
        },
      };
    }, { admin: true })
    // The menu's live counts (the console polls this while it is on screen): a few counts, nothing slow.
    .get('/counts', async () => ({ success: true, data: await openCounts(d.client) }), { admin: true })
    .use(playersRoutes(d, session))
    .use(heldRoutes(d, session))
    .use(twoStepAdminRoutes(d, session))
    .use(queuesRoutes(d, session))
    .use(catalogueRoutes(d, session))
    .use(auditRoutes(d, session))
    .use(d.identity ? identityAdminRoutes({ identity: d.identity, trustedHeader: d.trustedHeader }, session) : new Elysia())
    .use(d.compliance ? complianceRoutes({ compliance: d.compliance, idempotency: d.idempotency, trustedHeader: d.trustedHeader }, session) : new Elysia())
    .get('/*', notFound, { admin: true })
    .post('/*', notFound, { admin: true })
    .patch('/*', notFound, { admin: true })
    .put('/*', notFound, { admin: true })
    .delete('/*', notFound, { admin: true });

function notFound(): never {
  throw AppError.notFound();
}
