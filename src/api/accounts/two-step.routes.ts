import { Elysia } from 'elysia';
import type { Session } from '../../http/session';
import type { TwoStep } from '../../services/auth/two-step';
import type { Awaiting } from '../../services/auth/two-step-mail-proof';
import { describeDevice } from '../../services/protection/device';
import { bodyOf, rejectInvalid, wrongTypes } from './accounts.model';
import { m } from '../../i18n/paraglide/messages.js';

/** The English of the answer (tests compare it); each answer is said in the request's language. */
export const TWO_STEP_ON = 'Two-step verification is on. Keep your recovery codes somewhere safe: they are shown only this once.';

const awaitingBody = (a: Awaiting) => ({ sentTo: a.sentTo, expiresAt: new Date(a.expiresAt).toISOString() });

/**
 * Two-step verification of the caller's own account: status, set-up (a new pending secret and its QR), enable with
 * a first code and the account's password (answers the ten recovery codes, shown this once), disable and new
 * recovery codes (each with a code). Turning it on or off ends every other session of the account. An operator's
 * enable (OPERATOR_TWO_STEP=required) answers 202 "check your e-mail": it turns on at `/confirm`, with the mailed link,
 * from the same session.
 */
export const twoStepRoutes = (twoStep: TwoStep, session: Session, ipOf: (req: Request) => string | null) =>
  new Elysia({ prefix: '/user/2fa' })
    .use(session)
    .onAfterHandle(({ set }) => {
      // Secrets and recovery codes must not sit in a cache.
      set.headers['cache-control'] = 'no-store';
    })
    .get('', async ({ player }) => {
      const [s, awaiting, byMail] = await Promise.all([twoStep.status(player.userId), twoStep.awaiting(player.userId, player.sessionId), twoStep.confirmsByMail(player.userId)]);
      return {
        success: true,
        data: {
          enabled: s.enabled, enabledAt: s.enabledAt === null ? null : new Date(s.enabledAt).toISOString(), recoveryCodesLeft: s.recoveryCodesLeft,
          // Turning it on waits for a link mailed to the account's address (an operator's, OPERATOR_TWO_STEP=required).
          confirmsByEmail: byMail,
          // Only the session that asked is told where the link went and until when.
          awaitingEmail: awaiting?.here ? awaitingBody(awaiting) : null,
        },
      };
    }, { auth: true })
    .post('/setup', async ({ player }) => {
      const s = await twoStep.setup(player.userId, player.email);
      return { success: true, message: m.api_two_step_scan(), ...s };
    }, { auth: true })
    .post('/enable', async ({ player, body, request, set }) => {
      const b = bodyOf(body);
      rejectInvalid(wrongTypes(b, { code: m.fields_setup_code_required(), currentPassword: m.fields_current_password_required() }));
      const from = { device: describeDevice(request.headers.get('user-agent')), ip: ipOf(request) };
      const r = await twoStep.enable(player.userId, b.code, b.currentPassword, player.sessionId, from);
      if (r.on) return { success: true, message: m.api_two_step_on(), recoveryCodes: r.recoveryCodes };
      set.status = 202;
      return { success: true, message: m.api_two_step_check_email({ to: r.awaiting.sentTo }), awaitingEmail: awaitingBody(r.awaiting) };
    }, { auth: true })
    .post('/confirm/resend', async ({ player, request, set }) => {
      const a = await twoStep.resend(player.userId, player.sessionId, { device: describeDevice(request.headers.get('user-agent')), ip: ipOf(request) });
      set.status = 202;
      return { success: true, message: m.api_two_step_check_email({ to: a.sentTo }), awaitingEmail: awaitingBody(a) };
    }, { auth: true })
    // Read-only, for the link's page: whether it can turn two-step on in this session, and if not why.
    .get('/confirm', async ({ player, query }) => ({ success: true, status: await twoStep.linkState(player.userId, player.sessionId, query.token) }), { auth: true })
    .post('/confirm', async ({ player, body }) => {
      const recoveryCodes = await twoStep.confirm(player.userId, player.sessionId, bodyOf(body).token);
      return { success: true, message: m.api_two_step_on(), recoveryCodes };
    }, { auth: true })
    .post('/disable', async ({ player, body }) => {
      const b = bodyOf(body);
      rejectInvalid(wrongTypes(b, { totp: m.fields_totp_invalid() }));
      await twoStep.disable(player.userId, b.totp, player.sessionId);
      return { success: true, message: m.api_two_step_off() };
    }, { auth: true })
    .post('/recovery-codes', async ({ player, body }) => {
      const b = bodyOf(body);
      rejectInvalid(wrongTypes(b, { totp: m.fields_totp_invalid() }));
      const recoveryCodes = await twoStep.regenerateRecoveryCodes(player.userId, b.totp);
      return { success: true, message: m.api_two_step_new_codes(), recoveryCodes };
    }, { auth: true });
