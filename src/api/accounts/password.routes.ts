import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce } from '../../http/rate-limit';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { captchaCookie, captchaIdFrom, issueCaptcha, issueCaptchaImage } from '../../services/auth/captcha';
import { forgotPassword, resetLinkState, resetPassword } from '../../services/auth/password-reset';
import { setFirstPassword, setLinkState } from '../../services/auth/password-set';
import { checkForgot, checkReset } from '../../shared/schemas/account';
import { accountsContext, bodyOf, ipOf, rejectInvalid, text, wrongTypes } from './accounts.model';
import { m } from '../../i18n/paraglide/messages.js';
import { currentLang } from '../../i18n/request-lang';

export const PASSWORD_SET = 'Your password is set. Sign in with it to continue.';

/**
 * GET /captcha, GET /captcha.svg, POST /forget-password, GET /reset-password/:id/status, PATCH /reset-password/:id,
 * and a new operator's first password: GET /set-password/:id/status, PATCH /set-password/:id.
 */
export function passwordRoutes(deps: Deps) {
  const ctx = accountsContext(deps);
  return new Elysia()
    // ?kind=question: the non-visual form (a sum in words), under the same limit and check as the picture.
    .get('/captcha', async ({ query, request, set }) => {
      await enforce(deps.rateLimiter, 'captchaPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, ...(await issueCaptcha(deps.store, query.kind === 'question' ? 'question' : 'image', currentLang())) };
    })
    // The forgot-password page's picture as its own request (the page itself is prepared, the same for everyone):
    // a fresh captcha each time, its id in a short-lived cookie the form's post is checked against.
    .get('/captcha.svg', async ({ request }) => {
      await enforce(deps.rateLimiter, 'captchaPerIp', ipOf(deps, request));
      const { captchaId, svg } = await issueCaptchaImage(deps.store);
      return new Response(svg, {
        headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'no-store', 'set-cookie': captchaCookie(captchaId, deps.config.secureCookies) },
      });
    })
    .post('/forget-password', async ({ body, request }) => {
      await enforce(deps.rateLimiter, 'forgotPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      rejectInvalid({ ...checkForgot(b), ...wrongTypes(b, { email: m.fields_email_invalid(), captcha: m.auth_captcha_wrong() }) });
      const email = normalizeEmail(text(b.email));
      await enforce(deps.rateLimiter, 'forgotPerEmail', email);
      // A picture drawn by /captcha.svg is bound by its cookie; one fetched as JSON (or a question) by the field.
      const captchaId = typeof b.captchaId === 'string' && b.captchaId ? b.captchaId : (captchaIdFrom(request) ?? b.captchaId);
      await forgotPassword(ctx, { email, captchaId, captcha: text(b.captcha) });
      return { success: true, message: m.auth_forgot_sent() };
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
      rejectInvalid({ ...checkReset({ password: b.newPassword }, false), ...wrongTypes(b, { newPassword: m.fields_password_required() }) }, rename);
      await resetPassword(ctx, params.id, text(b.newPassword));
      return { success: true, message: m.auth_password_updated() };
    })
    .get('/set-password/:id/status', async ({ params, request, set }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, status: await setLinkState(ctx, params.id) };
    })
    .patch('/set-password/:id', async ({ body, params, request }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      rejectInvalid({ ...checkReset({ password: b.newPassword }, false), ...wrongTypes(b, { newPassword: m.fields_password_required() }) }, { password: 'newPassword' });
      await setFirstPassword(ctx, params.id, text(b.newPassword));
      return { success: true, message: m.auth_password_set() };
    });
}
