import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import type { SignedIn } from '../services/auth/viewer';

/**
 * `auth: true` on a route resolves `player` (the signed-in session) or answers 401 in the envelope.
 * The lookup is one JWT check and one query (see services/auth/viewer.ts). Where a write may come from is
 * checked once for the whole site, before routing (http/same-origin.ts).
 */
export const sessionPlugin = (signedIn: (req: Request) => Promise<SignedIn | null>) =>
  new Elysia({ name: 'session' }).macro({
    auth: {
      async resolve({ request }) {
        const player = await signedIn(request);
        if (!player) throw AppError.unauthorized('Session expired. Please log in again.');
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
        return { player, operator: player };
      },
    },
  });
export type Session = ReturnType<typeof sessionPlugin>;
