import { Elysia } from 'elysia';
import type { Deps } from '../../deps';
import { enforce } from '../../http/rate-limit';
import type { Session } from '../../http/session';
import { normalizeEmail } from '../../services/auth/accounts.context';
import { changePassword, confirmPassword, updateProfile } from '../../services/auth/profile';
import { setTickerOptIn, tickerOptIn } from '../../services/wallet/ticker';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { refuseOperatorEmailChange } from '../../services/auth/operator-email-rule';
import { checkChangePassword, checkProfile } from '../../shared/schemas/account';
import { accountsContext, bodyOf, detailsBody, rejectInvalid, text, wrongTypes } from './accounts.model';

/**
 * GET /user/details, PATCH /user/update-profile, PATCH /user/change-password, GET and PUT /user/privacy — always the
 * caller's own account.
 */
export function userRoutes(deps: Deps, session: Session) {
  const ctx = accountsContext(deps);
  return new Elysia({ prefix: '/user' })
    .use(session)
    .get('/details', async ({ player, set }) => {
      set.headers['cache-control'] = 'no-store';
      return detailsBody(player);
    }, { auth: true })
    .patch('/update-profile', async ({ body, player }) => {
      const b = bodyOf(body);
      rejectInvalid({
        ...checkProfile(b),
        ...wrongTypes(b, { name: m.fields_name_length(), phoneNo: m.fields_phone_digits(), email: m.fields_email_enter_valid() }),
      });
      const email = text(b.email);
      // Each e-mail change mails two inboxes, so changes (and password guesses through them) are limited per player.
      if (normalizeEmail(email) !== player.email) {
        // Refused before the password and code are asked, so none is spent on it.
        refuseOperatorEmailChange(player.role);
        await enforce(deps.rateLimiter, 'emailChangePerUser', player.userId);
        // A new address would receive password resets, so a session alone cannot change it: the password first,
        // then, with two-step on, a code (checked after the password so a wrong password spends no code).
        await confirmPassword(ctx, player.userId, b.currentPassword);
        await deps.twoStep.check(player.userId, b.totp);
      }
      const r = await updateProfile(ctx, player, { name: text(b.name), phoneNo: text(b.phoneNo), email });
      return { success: true, message: r.emailChangeSent ? m.api_profile_email_pending() : m.api_profile_updated() };
    }, { auth: true })
    .patch('/change-password', async ({ body, player }) => {
      await enforce(deps.rateLimiter, 'passwordChangePerUser', player.userId);
      const b = bodyOf(body);
      rejectInvalid({
        ...checkChangePassword(b, false),
        ...wrongTypes(b, { currentPassword: m.fields_current_password_required(), newPassword: m.fields_new_password_required() }),
      });
      await changePassword(ctx, player, { currentPassword: text(b.currentPassword), newPassword: text(b.newPassword) });
      return { success: true, message: m.api_password_changed() };
    }, { auth: true })
    // Whether the player's cash-outs may appear (without a name) in the public ticker: off until they say so.
    .get('/privacy', async ({ player, set }) => {
      set.headers['cache-control'] = 'no-store';
      return { success: true, privacy: { tickerOptIn: await tickerOptIn(deps.database.client, player.userId) } };
    }, { auth: true })
    .put('/privacy', async ({ body, player }) => {
      const on = bodyOf(body).tickerOptIn;
      if (typeof on !== 'boolean') throw AppError.invalid([{ field: 'tickerOptIn', message: m.api_ticker_choose() }]);
      await setTickerOptIn(deps.database.client, player.userId, on);
      return { success: true, message: on ? m.api_ticker_on() : m.api_ticker_off(), privacy: { tickerOptIn: on } };
    }, { auth: true });
}
