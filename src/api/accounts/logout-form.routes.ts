import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { sameOrigin } from '../../http/session';
import { revokeSession } from '../../services/auth/sessions';
import { tokenFrom } from '../../services/auth/tokens';
import { clearedSessionCookie } from './accounts.model';

/**
 * The header's Logout button: `<form method="post" action="/logout">`. Revokes the session named by the
 * cookie, clears the cookie and goes home. A post from another site changes nothing.
 */
export function logoutFormRoutes(deps: Deps) {
  return new Elysia().post('/logout', async ({ request }) => {
    const headers = new Headers({ location: '/', 'cache-control': 'no-store' });
    if (!sameOrigin(request, deps.config.publicUrl)) return new Response(null, { status: 303, headers });
    const t = tokenFrom(request);
    const claims = t ? await deps.signer.verify(t.token) : null;
    if (claims) await revokeSession(deps.database.db, claims.sid);
    headers.set('set-cookie', clearedSessionCookie(deps.config.secureCookies));
    return new Response(null, { status: 303, headers });
  });
}
