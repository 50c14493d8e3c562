import { m } from '../i18n/paraglide/messages.js';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { resetActions } from './account-actions';

/** What a spent reset link says on load, instead of after a new password has been typed. */
export const SPENT_RESET_LINK: Record<string, string> = {
  used: 'This reset link has already been used.',
  expired: 'This reset link has expired.',
  unknown: 'This reset link is not valid.',
};

const SPENT_RESET_TEXT: Record<string, () => string> = { used: m.auth_reset_used, expired: m.auth_reset_expired, unknown: m.auth_reset_unknown };

type ResetData = { status: string };

// Not static: the path carries the player's reset token, so the HTML differs per link.
export default definePage({
  title: m.auth_reset_title,
  access: 'public-only',
  actions: resetActions,
  load: async (ctx): Promise<ResetData> => {
    const r = await ctx.api?.(`/reset-password/${encodeURIComponent(ctx.params.id ?? '')}/status`);
    // Unknown answer (rate limited, say): show the form; the PATCH still checks the link.
    return { status: typeof r?.status === 'string' ? r.status : 'live' };
  },
  render: (ctx: PageContext) => {
    const spent = SPENT_RESET_TEXT[(ctx.data as ResetData | undefined)?.status ?? 'live']?.();
    if (spent && !ctx.form)
      return (
        <AuthCard title={m.auth_reset_title()}>
          <p className="alert alert-error" role="alert">{spent} {m.auth_reset_request_new()}</p>
          <a className="btn btn-primary btn-block" href="/forgot-password">{m.auth_reset_new_link()}</a>
          <p className="form-foot">
            {m.auth_remembered()} <a href="/login">{m.auth_login_link()}</a>
          </p>
        </AuthCard>
      );
    return (
      <AuthCard title={m.auth_reset_title()} lead={m.auth_reset_lead()}>
        <Island name="ResetPasswordForm" props={{ id: ctx.params.id ?? '', form: ctx.form ?? null }} />
      </AuthCard>
    );
  },
});
