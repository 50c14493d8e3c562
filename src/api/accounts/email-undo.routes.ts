import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce } from '../../http/rate-limit';
import { undoEmailChange, undoLinkState } from '../../services/auth/email-undo';
import { accountsContext, bodyOf, ipOf } from './accounts.model';
import { m } from '../../i18n/paraglide/messages.js';

/** GET /email-change/undo/status, POST /email-change/undo: the link mailed to the old address after an e-mail change. */
export function emailUndoRoutes(deps: Deps) {
  const ctx = accountsContext(deps);
  return new Elysia()
    // Read-only, for the page's first render: a used or expired link says so at once.
    .get('/email-change/undo/status', async ({ query, request, set }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, status: await undoLinkState(ctx, query.token) };
    })
    .post('/email-change/undo', async ({ body, request, set }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      const { email } = await undoEmailChange(ctx, bodyOf(body).token);
      set.headers['cache-control'] = 'no-store';
      return { success: true, message: m.api_email_restored({ email }), email };
    });
}
