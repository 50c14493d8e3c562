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

type ResetData = { status: string };

// Not static: the path carries the player's reset token, so the HTML differs per link.
export default definePage({
  title: 'Reset Password',
  access: 'public-only',
  actions: resetActions,
  load: async (ctx): Promise<ResetData> => {
    const r = await ctx.api?.(`/reset-password/${encodeURIComponent(ctx.params.id ?? '')}/status`);
    // Unknown answer (rate limited, say): show the form; the PATCH still checks the link.
    return { status: typeof r?.status === 'string' ? r.status : 'live' };
  },
  render: (ctx: PageContext) => {
    const spent = SPENT_RESET_LINK[(ctx.data as ResetData | undefined)?.status ?? 'live'];
    if (spent && !ctx.form)
      return (
        <AuthCard title="Reset Password">
          <p className="alert alert-error" role="alert">{spent} Request a new one to choose a new password.</p>
          <a className="btn btn-primary btn-block" href="/forgot-password">Request a new link</a>
          <p className="form-foot">
            Remembered it? <a href="/login">Login</a>
          </p>
        </AuthCard>
      );
    return (
      <AuthCard title="Reset Password" lead="Choose a new password for your account.">
        <Island name="ResetPasswordForm" props={{ id: ctx.params.id ?? '', form: ctx.form ?? null }} />
      </AuthCard>
    );
  },
});
