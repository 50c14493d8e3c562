import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import { text } from '../i18n/text';
import { m } from '../i18n/paraglide/messages.js';
import type { SignedIn } from '../services/auth/viewer';
import { CONSOLE_REFUSALS, consoleRefusal } from '../services/auth/console-access';

/**
 * `auth: true` on a route resolves `player` (the signed-in session) or answers 401 in the envelope.
 * The lookup is one JWT check and one query (see services/auth/viewer.ts). Where a write may come from is
 * checked once for the whole site, before routing (http/same-origin.ts).
 */
export const sessionPlugin = (signedIn: (req: Request) => Promise<SignedIn | null>, o: { operatorTwoStep?: boolean } = {}) =>
  new Elysia({ name: 'session' }).macro({
    auth: {
      async resolve({ request }) {
        const player = await signedIn(request);
        if (!player) throw AppError.unauthorized(text(m.errors_session_expired));
        return { player };
      },
    },
    /**
     * `admin: true`: an operator's session only. A visitor gets 401 and a player 403 FORBIDDEN, with the same words
     * whatever the path, so nothing is revealed about what exists. With `operatorTwoStep`, an operator whose session
     * did not pass a second factor at sign-in gets 403 TWO_STEP_REQUIRED, with the link to turn two-step on (the
     * account has none) or to sign in again with the code (services/auth/console-access.ts).
     */
    admin: {
      async resolve({ request }) {
        const player = await signedIn(request);
        if (!player) throw AppError.unauthorized(text(m.errors_session_expired));
        if (player.role !== 'ADMIN') throw AppError.forbidden();
        // A stolen operator password alone must not move money: the console waits for a session that passed the second factor.
        const refused = consoleRefusal(player, o.operatorTwoStep === true);
        if (refused) throw new AppError(403, CONSOLE_REFUSALS[refused].message, 'TWO_STEP_REQUIRED', undefined, undefined, CONSOLE_REFUSALS[refused].path);
        return { player, operator: player };
      },
    },
  });
export type Session = ReturnType<typeof sessionPlugin>;
