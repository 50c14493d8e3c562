import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import type { FormTokens } from '../../http/form-token';
import { openSessionOwner, revokeSession } from '../../services/auth/sessions';
import { tokenFrom } from '../../services/auth/tokens';
import { recordSecurityEvent } from '../../services/protection/security-events';
import { createFlashCookies } from '../../pages/flash';
import { clearedSessionCookie } from './accounts.model';
import { sameSitePath } from '../../shared/paths';
import { m } from '../../i18n/paraglide/messages.js';

/**
 * The header's Logout button: `<form method="post" action="/logout">` with the session's form token. Revokes the
 * session named by the cookie, clears the cookie and goes home; with `next` (a path on this site), to the sign-in
 * page that returns there (an operator signing in again with the code). A post without the token changes nothing
 * (one from another site never gets here: http/same-origin.ts).
 */
export function logoutFormRoutes(deps: Deps, formTokens: FormTokens) {
  const flash = createFlashCookies(deps.flashKey, deps.config.secureCookies);
  return new Elysia().post('/logout', async ({ request }) => {
    const t = tokenFrom(request);
    const claims = t ? await deps.signer.verify(t.token) : null;
    const posted = await request.formData().catch(() => null);
    const given = posted?.get('_token');
    const next = sameSitePath(String(posted?.get('next') ?? ''));
    const headers = new Headers({ location: next ? `/login?next=${encodeURIComponent(next)}` : '/', 'cache-control': 'no-store' });
    if (claims && !formTokens.check(claims.sid, typeof given === 'string' ? given : undefined)) return new Response(null, { status: 303, headers: { location: '/home', 'cache-control': 'no-store' } });
    if (claims) {
      const owner = await openSessionOwner(deps.database.client, claims.sid);
      if (owner) await recordSecurityEvent(deps.database.client, owner, 'LOGOUT', { sessionId: claims.sid });
      await revokeSession(deps.database.db, claims.sid);
      if (owner) deps.hub.endSessions({ userId: owner, sessionIds: [claims.sid] });
    }
    headers.set('set-cookie', clearedSessionCookie(deps.config.secureCookies));
    // The page the player lands on says so (once), so a shared or public computer is visibly signed out.
    headers.append('set-cookie', flash.set({ kind: 'info', message: m.api_signed_out() }));
    return new Response(null, { status: 303, headers });
  }, { parse: 'none' });
}
