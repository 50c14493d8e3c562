import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import { text } from '../i18n/text';
import { m } from '../i18n/paraglide/messages.js';
import type { SignedIn } from '../services/auth/viewer';

/** Where an operator without two-step verification is sent when the console needs it. */
export const OPERATOR_TWO_STEP_PATH = '/profile-setting?two-step=required#two-step';
export const OPERATOR_TWO_STEP_MESSAGE = 'The operator console needs two-step verification: turn it on in your profile settings first.';

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
     * whatever the path, so nothing is revealed about what exists. With `operatorTwoStep`, an operator without
     * two-step verification gets 403 TWO_STEP_REQUIRED with the link to turn it on.
     */
    admin: {
      async resolve({ request }) {
        const player = await signedIn(request);
        if (!player) throw AppError.unauthorized(text(m.errors_session_expired));
        if (player.role !== 'ADMIN') throw AppError.forbidden();
        // A stolen operator password alone must not move money: the console waits for the second factor.
        if (o.operatorTwoStep && !player.twoStep) throw new AppError(403, OPERATOR_TWO_STEP_MESSAGE, 'TWO_STEP_REQUIRED', undefined, undefined, OPERATOR_TWO_STEP_PATH);
        return { player, operator: player };
      },
    },
  });
export type Session = ReturnType<typeof sessionPlugin>;
