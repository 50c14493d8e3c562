import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce } from '../../http/rate-limit';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { issueCaptcha } from '../../services/auth/captcha';
import { FORGOT_MESSAGE, forgotPassword, resetLinkState, resetPassword } from '../../services/auth/password-reset';
import { checkForgot, checkReset } from '../../shared/schemas/account';
import { accountsContext, bodyOf, ipOf, rejectInvalid, text, wrongTypes } from './accounts.model';

/** GET /captcha, POST /forget-password, GET /reset-password/:id/status, PATCH /reset-password/:id. */
export function passwordRoutes(deps: Deps) {
  const ctx = accountsContext(deps);
  return new Elysia()
    // ?kind=question: the non-visual form (a sum in words), under the same limit and check as the picture.
    .get('/captcha', async ({ query, request, set }) => {
      await enforce(deps.rateLimiter, 'captchaPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, ...(await issueCaptcha(deps.store, query.kind === 'question' ? 'question' : 'image')) };
    })
    .post('/forget-password', async ({ body, request }) => {
      await enforce(deps.rateLimiter, 'forgotPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      rejectInvalid({ ...checkForgot(b), ...wrongTypes(b, { email: 'Email address is invalid', captcha: 'Captcha does not match' }) });
      const email = normalizeEmail(text(b.email));
      await enforce(deps.rateLimiter, 'forgotPerEmail', email);
      await forgotPassword(ctx, { email, captchaId: b.captchaId, captcha: text(b.captcha) });
      return { success: true, message: FORGOT_MESSAGE };
    })
    // Read-only, for the page's first render: a used or expired link says so before a password is typed.
    .get('/reset-password/:id/status', async ({ params, request, set }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, status: await resetLinkState(ctx, params.id) };
    })
    .patch('/reset-password/:id', async ({ body, params, request }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      const rename = { password: 'newPassword' };
      rejectInvalid({ ...checkReset({ password: b.newPassword }, false), ...wrongTypes(b, { newPassword: 'Password is required' }) }, rename);
      await resetPassword(ctx, params.id, text(b.newPassword));
      return { success: true, message: 'Password updated successfully' };
    });
}
