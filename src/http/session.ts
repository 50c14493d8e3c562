import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import type { SignedIn } from '../services/auth/viewer';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A cookie rides along on cross-site requests, so a cookie-authenticated write must come from our own
 * origin. Bearer tokens are never sent automatically and need no such check.
 */
export function sameOrigin(req: Request, publicUrl: string | undefined): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = req.headers.get('origin');
  if (!origin) return true;
  // The request's own host is as good as the configured one: a cross-site page cannot choose our Host.
  return origin === new URL(req.url).origin || (!!publicUrl && origin === new URL(publicUrl).origin);
}

/**
 * `auth: true` on a route resolves `player` (the signed-in session) or answers 401 in the envelope.
 * The lookup is one JWT check and one query (see services/auth/viewer.ts).
 */
export const sessionPlugin = (signedIn: (req: Request) => Promise<SignedIn | null>, publicUrl: string | undefined) =>
  new Elysia({ name: 'session' }).macro({
    auth: {
      async resolve({ request }) {
        const player = await signedIn(request);
        if (!player) throw AppError.unauthorized('Session expired. Please log in again.');
        if (player.via === 'cookie' && WRITE.has(request.method) && !sameOrigin(request, publicUrl))
          throw AppError.forbidden('Request must come from the site itself.', 'CROSS_SITE');
        return { player };
      },
    },
    /**
     * `admin: true`: an operator's session only. A visitor gets 401 and a player 403 FORBIDDEN, with the same words
     * whatever the path, so nothing is revealed about what exists.
     */
    admin: {
      async resolve({ request }) {
        const player = await signedIn(request);
        if (!player) throw AppError.unauthorized('Session expired. Please log in again.');
        if (player.role !== 'ADMIN') throw AppError.forbidden();
        if (player.via === 'cookie' && WRITE.has(request.method) && !sameOrigin(request, publicUrl))
          throw AppError.forbidden('Request must come from the site itself.', 'CROSS_SITE');
        return { player, operator: player };
      },
    },
  });
export type Session = ReturnType<typeof sessionPlugin>;
