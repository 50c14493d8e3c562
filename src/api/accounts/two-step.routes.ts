import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import type { TwoStep } from '../../services/auth/two-step';
import { bodyOf, rejectInvalid, wrongTypes } from './accounts.model';
import { SETUP_CODE_REQUIRED, TOTP_INVALID_MESSAGE } from '../../shared/schemas/two-step';
import { CURRENT_PASSWORD_REQUIRED } from '../../shared/schemas/account';

/**
 * Two-step verification of the caller's own account: status, set-up (a new pending secret and its QR), enable with
 * a first code and the account's password (answers the ten recovery codes, shown this once), disable and new
 * recovery codes (each with a code). Turning it on or off ends every other session of the account.
 */
export const twoStepRoutes = (twoStep: TwoStep, session: Session) =>
  new Elysia({ prefix: '/user/2fa' })
    .use(session)
    .onAfterHandle(({ set }) => {
      // Secrets and recovery codes must not sit in a cache.
      set.headers['cache-control'] = 'no-store';
    })
    .get('', async ({ player }) => {
      const s = await twoStep.status(player.userId);
      return { success: true, data: { enabled: s.enabled, enabledAt: s.enabledAt === null ? null : new Date(s.enabledAt).toISOString(), recoveryCodesLeft: s.recoveryCodesLeft } };
    }, { auth: true })
    .post('/setup', async ({ player }) => {
      const s = await twoStep.setup(player.userId, player.email);
      return { success: true, message: 'Scan the code with your authenticator app, then enter the code it shows.', ...s };
    }, { auth: true })
    .post('/enable', async ({ player, body }) => {
      const b = bodyOf(body);
      rejectInvalid(wrongTypes(b, { code: SETUP_CODE_REQUIRED, currentPassword: CURRENT_PASSWORD_REQUIRED }));
      const recoveryCodes = await twoStep.enable(player.userId, b.code, b.currentPassword, player.sessionId);
      return { success: true, message: 'Two-step verification is on. Keep your recovery codes somewhere safe: they are shown only this once.', recoveryCodes };
    }, { auth: true })
    .post('/disable', async ({ player, body }) => {
      const b = bodyOf(body);
      rejectInvalid(wrongTypes(b, { totp: TOTP_INVALID_MESSAGE }));
      await twoStep.disable(player.userId, b.totp, player.sessionId);
      return { success: true, message: 'Two-step verification is off.' };
    }, { auth: true })
    .post('/recovery-codes', async ({ player, body }) => {
      const b = bodyOf(body);
      rejectInvalid(wrongTypes(b, { totp: TOTP_INVALID_MESSAGE }));
      const recoveryCodes = await twoStep.regenerateRecoveryCodes(player.userId, b.totp);
      return { success: true, message: 'New recovery codes are ready; the old ones no longer work. They are shown only this once.', recoveryCodes };
    }, { auth: true });
