import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { count, enforce, RATE_RULES, refuseWhileLimited } from '../../http/rate-limit';
import { AppError } from '../../lib/app-error';
import type { Session } from '../../http/session';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { CodeNeeded, login, loginWithProof, type LoggedIn } from '../../services/auth/login';
import { envelope } from '../../http/errors';
import { revokeSession, SESSION_TTL_MS } from '../../services/auth/sessions';
import { describeDevice } from '../../services/protection/device';
import { deviceCookie, deviceIdFrom, deviceKeyOf, newDeviceId } from './device-cookie';
import { recordSecurityEvent } from '../../services/protection/security-events';
import { knownDeviceFor, type SignInOrigin } from '../../services/protection/sign-in-watch';
import { checkLogin } from '../../shared/schemas/account';
import { accountsContext, bodyOf, checkFlags, clearedSessionCookie, ipOf, rejectInvalid, sessionCookie, text, wrongTypes } from './accounts.model';
import { m } from '../../i18n/paraglide/messages.js';

/** POST /login and POST /logout (the API call; the header's form posts to /logout, see logout-form.routes.ts). */
export function loginRoutes(deps: Deps, session: Session) {
  const ctx = accountsContext(deps);
  const secure = deps.config.secureCookies;
  const second = { twoStep: deps.twoStep, proofs: deps.loginProofs };

  async function passwordStep(b: Record<string, unknown>, origin: SignInOrigin): Promise<LoggedIn> {
    rejectInvalid({
      ...checkLogin(b),
      ...checkFlags(b, { userType: true, remember: true }),
      ...wrongTypes(b, { email: m.fields_email_invalid(), password: m.fields_password_required(), totp: m.fields_totp_invalid() }),
    });
    const email = normalizeEmail(text(b.email));
    // A locked address is refused before its password is checked, so the right one cannot be found meanwhile; a
    // browser that signed in to it before is the owner's, and is not locked out by someone else's guesses (asked
    // only of a locked address: every other sign-in costs no look-up).
    await refuseWhileLimited(deps.rateLimiter, 'loginFailuresPerEmail', email).catch(async (e) => {
      if (!(await knownDeviceFor(deps.database.client, email, origin.presentedKey))) throw e;
    });
    await enforce(deps.rateLimiter, 'loginPerEmail', email);
    const remember = b.remember === true;
    // An unverified owner's fresh link: at most as often as a resend to that address.
    const mayRemind = async (to: string) => (await deps.rateLimiter.hit(`resendPerEmail:${to}`, RATE_RULES.resendPerEmail)).ok;
    return login(ctx, { email, password: text(b.password), remember, totp: b.totp, origin, mayRemind }, second).catch(async (e) => {
      if (e instanceof AppError && e.errorType === 'INVALID_CREDENTIALS') await count(deps.rateLimiter, 'loginFailuresPerEmail', email);
      throw e;
    });
  }

  /** The second step: the proof of the first instead of the password, and the code. */
  async function codeStep(b: Record<string, unknown>, origin: SignInOrigin): Promise<LoggedIn> {
    rejectInvalid(wrongTypes(b, { loginToken: m.auth_login_expired(), totp: m.fields_totp_invalid() }));
    return loginWithProof(ctx, { loginToken: b.loginToken, totp: b.totp, origin }, second);
  }

  return new Elysia()
    .use(session)
    .post('/login', async ({ body, request, set }) => {
      await enforce(deps.rateLimiter, 'loginPerIp', ipOf(deps, request));
      const b = bodyOf(body);
      const presented = deviceIdFrom(request);
      const deviceId = presented ?? newDeviceId();
      const origin: SignInOrigin = {
        ip: ipOf(deps, request), device: describeDevice(request.headers.get('user-agent')),
        deviceKey: deviceKeyOf(deviceId), presentedKey: presented ? deviceKeyOf(presented) : null,
      };
      let r: LoggedIn;
      try {
        r = b.loginToken !== undefined ? await codeStep(b, origin) : await passwordStep(b, origin);
      } catch (e) {
        if (!(e instanceof CodeNeeded)) throw e;
        // No session: the code step sends this proof back instead of the password.
        set.status = 401;
        set.headers['cache-control'] = 'no-store';
        return { ...envelope(e.error), loginToken: e.loginToken };
      }
      // Without remember-me the cookie has no lifetime, so it ends with the browser (the row ends in 12 h).
      const maxAgeSeconds = r.remember ? SESSION_TTL_MS.remember / 1000 : undefined;
      // The device cookie rides along so the next sign-in from this browser is known (see device-cookie.ts).
      (set.headers as Record<string, string | string[]>)['set-cookie'] = [sessionCookie(r.token, { secure, maxAgeSeconds }), deviceCookie(deviceId, secure)];
      set.headers['cache-control'] = 'no-store';
      return {
        success: true,
        message: m.auth_login_ok(),
        token: r.token,
        // role: where the sign-in lands (an operator in the console); never more than the signed-in person's own.
        user: { _id: r.user.id, playerId: r.user.playerId, email: r.user.email, name: r.user.name ?? '', role: r.user.role },
      };
    })
    .post(
      '/logout',
      async ({ player, set }) => {
        await recordSecurityEvent(deps.database.client, player.userId, 'LOGOUT', { sessionId: player.sessionId });
        await revokeSession(deps.database.db, player.sessionId);
        deps.hub.endSessions({ userId: player.userId, sessionIds: [player.sessionId] });
        set.headers['set-cookie'] = clearedSessionCookie(secure);
        return { success: true, message: m.auth_logout_ok() };
      },
      { auth: true },
    );
}
