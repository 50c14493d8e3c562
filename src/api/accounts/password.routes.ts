import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce } from '../../http/rate-limit';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { issueCaptcha } from '../../services/auth/captcha';
import { FORGOT_MESSAGE, forgotPassword, resetPassword } from '../../services/auth/password-reset';
import { checkForgot, checkReset } from '../../shared/schemas/account';
import { accountsContext, bodyOf, ipOf, rejectInvalid, text, wrongTypes } from './accounts.model';

/** GET /captcha, POST /forget-password, PATCH /reset-password/:id. */
export function passwordRoutes(deps: Deps) {
  const ctx = accountsContext(deps);
  return new Elysia()
    .get('/captcha', async ({ request, set }) => {
      await enforce(deps.rateLimiter, 'captchaPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, ...(await issueCaptcha(deps.store)) };
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
    .patch('/reset-password/:id', async ({ body, params, request }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      const rename = { password: 'newPassword' };
      rejectInvalid({ ...checkReset({ password: b.newPassword }, false), ...wrongTypes(b, { newPassword: 'Password is required' }) }, rename);
      await resetPassword(ctx, params.id, text(b.newPassword));
      return { success: true, message: 'Password updated successfully' };
    });
}
