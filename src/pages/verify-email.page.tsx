import { m } from '../i18n/paraglide/messages.js';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { answerToResult } from './form-post';

export const VERIFIED = 'Email Verified! Your email has been successfully verified. You can log in now.';

// Open to anyone: the link may be opened in a browser that is signed in or not. The island owns the h1,
// because the heading is the state (Verifying..., Email Verified!, Verification Failed).
export default definePage({
  title: m.auth_verify_title,
  access: 'open',
  actions: {
    // The no-script path: the page's Verify Email button posts the token; the island sends it by itself.
    async default(ctx) {
      const a = await ctx.send('POST', '/verify/email', { token: ctx.params.token ?? '' });
      if (a.json?.errorType === 'ALREADY_VERIFIED') return { redirect: '/login', flash: { kind: 'info', message: String(a.json.message) } };
      return answerToResult(a, { action: 'default', values: {} }, (json) =>
        // A changed address: a signed-in player goes back to their settings, and either way the page names the address.
        json.emailChanged
          ? { redirect: ctx.viewer ? '/profile-setting' : '/login', flash: { kind: 'success', message: m.auth_email_changed_flash({ message: String(json.message) }) } }
          : { redirect: '/login', flash: { kind: 'success', message: m.auth_verified_flash() } },
      );
    },
  },
  // A link opened again after it worked says so on the first paint, with or without script.
  load: async (ctx) => (await ctx.api?.(`/verify/email/status?token=${encodeURIComponent(ctx.params.token ?? '')}`))?.status === 'verified',
  render: (ctx) => (
    <AuthCard>
      {/* It verifies as soon as it runs, signed in or not: a player's pages otherwise wake islands on first use. */}
      <Island name="VerifyEmail" load="load" props={{ token: ctx.params.token ?? '', communityUrl: ctx.site.communityUrl, failed: !!ctx.form, already: ctx.data === true, formToken: ctx.formToken, signedIn: !!ctx.viewer }} />
    </AuthCard>
  ),
});
