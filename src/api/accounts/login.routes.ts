import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce } from '../../http/rate-limit';
import type { Session } from '../../http/session';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { login } from '../../services/auth/login';
import { revokeSession, SESSION_TTL_MS } from '../../services/auth/sessions';
import { describeDevice } from '../../services/protection/device';
import { recordSecurityEvent } from '../../services/protection/security-events';
import { checkLogin } from '../../shared/schemas/account';
import { accountsContext, bodyOf, checkFlags, clearedSessionCookie, ipOf, rejectInvalid, sessionCookie, text, wrongTypes } from './accounts.model';

/** POST /login and POST /logout (the API call; the header's form posts to /logout, see logout-form.routes.ts). */
export function loginRoutes(deps: Deps, session: Session) {
  const ctx = accountsContext(deps);
  const secure = deps.config.secureCookies;
  return new Elysia()
    .use(session)
    .post('/login', async ({ body, request, set }) => {
      await enforce(deps.rateLimiter, 'loginPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      rejectInvalid({
        ...checkLogin(b),
        ...checkFlags(b, { userType: true, remember: true }),
        ...wrongTypes(b, { email: 'Email address is invalid', password: 'Password is required' }),
      });
      const email = normalizeEmail(text(b.email));
      await enforce(deps.rateLimiter, 'loginPerEmail', email);
      const remember = b.remember === true;
      const r = await login(ctx, { email, password: text(b.password), remember, origin: { ip: ipOf(deps, request), device: describeDevice(request.headers.get('user-agent')) } });
      // Without remember-me the cookie has no lifetime, so it ends with the browser (the row ends in 12 h).
      const maxAgeSeconds = remember ? SESSION_TTL_MS.remember / 1000 : undefined;
      set.headers['set-cookie'] = sessionCookie(r.token, { secure, maxAgeSeconds });
      set.headers['cache-control'] = 'no-store';
      return {
        success: true,
        message: 'Login successful',
        token: r.token,
        user: { _id: r.user.id, playerId: r.user.playerId, email: r.user.email, name: r.user.name ?? '' },
      };
    })
    .post(
      '/logout',
      async ({ player, set }) => {
        await recordSecurityEvent(deps.database.client, player.userId, 'LOGOUT', { sessionId: player.sessionId });
        await revokeSession(deps.database.db, player.sessionId);
        set.headers['set-cookie'] = clearedSessionCookie(secure);
        return { success: true, message: 'Logged out successfully' };
      },
      { auth: true },
    );
}
