import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import { resetTwoStep, twoStepOn } from '../../services/admin/two-step-reset';
import type { AdminDeps } from './admin.deps';
import { actorOf, bodyObject, reasonOf } from './admin.model';

/** A player's two-step verification as the console sees it, and the audited reset for a player locked out of it. */
export const twoStepAdminRoutes = (d: AdminDeps, session: Session) =>
  new Elysia({ name: 'admin-two-step' })
    .use(session)
    .use(d.idempotency)
    .get('/players/:id/2fa', async ({ params }) => ({ success: true, data: { enabled: await twoStepOn(d.client, params.id) } }), { admin: true })
    .post('/players/:id/2fa/reset', async ({ params, body, operator, request }) => {
      const reason = reasonOf(bodyObject(body), true)!;
      await resetTwoStep(d.client, actorOf(operator, request, d.trustedHeader), params.id, reason, d.securityEvent);
      d.hub.endSessions({ userId: params.id });
      return { success: true, message: 'Two-step verification reset. The player signs in with their password alone and can set it up again.' };
    }, { admin: true, idempotent: true });
