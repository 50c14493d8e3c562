import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce, RATE_RULES } from '../../http/rate-limit';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { register, resendVerification, verificationLinkState, verifyEmail } from '../../services/auth/registration';
import { checkEmail, checkRegister } from '../../shared/schemas/account';
import { accountsContext, bodyOf, checkFlags, ipOf, rejectInvalid, text, wrongTypes } from './accounts.model';
import { checkRegisteredState } from '../../services/identity/registered-state';
import { currentLang } from '../../i18n/request-lang';
import { isLang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';
import { tokenFrom } from '../../services/auth/tokens';

export const REGISTERED = 'Registration successful. Please check your email to verify your account.';
export const RESENT = 'If this email belongs to an account that is not yet verified, a new verification link has been sent.';

/** POST /register, GET /verify/email/status, POST /verify/email, POST /resend-verification-email. */
export function registerRoutes(deps: Deps) {
  const ctx = accountsContext(deps);
  return new Elysia()
    .post('/register', async ({ body, request, set }) => {
      await enforce(deps.rateLimiter, 'registerPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      const restricted = deps.site.restrictedStates ?? [];
      rejectInvalid({ ...checkRegister(b), ...checkFlags(b, { userType: true }), ...wrongTypes(b, { email: m.fields_email_invalid(), password: m.fields_password_required() }), ...checkRegisteredState(b.state, restricted) });
      // An address that has an account is answered the same; its owner is mailed, at most as often as a resend.
      const mayTell = async (email: string) => (await deps.rateLimiter.hit(`resendPerEmail:${email}`, RATE_RULES.resendPerEmail)).ok;
      // The page registered from names its language (`language`); a client that sends none gets the request's.
      const language = isLang(b.language) ? b.language : currentLang();
      await register(ctx, { email: text(b.email), password: text(b.password), reference: text(b.reference), state: restricted.length ? text(b.state).toUpperCase() : null, language }, mayTell);
      set.status = 201;
      return { success: true, message: m.auth_registered() };
    })
    // Read-only, for the page's first render: a link opened again after it worked says so.
    .get('/verify/email/status', async ({ query, request, set }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      set.headers['cache-control'] = 'no-store';
      return { success: true, status: await verificationLinkState(ctx, query.token) };
    })
    .post('/verify/email', async ({ body, request }) => {
      await enforce(deps.rateLimiter, 'tokenPerIp', ipOf(deps, request));
      // A confirmed change of address ends every other session; the browser that opened the link keeps its own.
      const t = tokenFrom(request);
      const keep = t ? (await deps.signer.verify(t.token))?.sid : undefined;
      const done = await verifyEmail(ctx, bodyOf(body).token, keep);
      // A change of address says which address the account now signs in with.
      if (done.purpose === 'email_change') return { success: true, message: m.auth_email_now({ email: done.email }), emailChanged: true, email: done.email };
      return { success: true, message: m.auth_email_verified() };
    })
    .post('/resend-verification-email', async ({ body, request }) => {
      await enforce(deps.rateLimiter, 'resendPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      rejectInvalid({ ...checkEmail(b), ...wrongTypes(b, { email: m.fields_email_invalid() }) });
      const email = normalizeEmail(text(b.email));
      await enforce(deps.rateLimiter, 'resendPerEmail', email);
      await resendVerification(ctx, email);
      return { success: true, message: m.auth_resent() };
    });
}
