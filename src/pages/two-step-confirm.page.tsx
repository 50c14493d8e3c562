import { AuthCard } from './auth-card';
import { definePage, type PageContext } from './page';
import { FormToken } from '../../islands/_ui/form-token';
import { TWO_STEP_ACTION } from '../../islands/_ui/two-step-parts';
import { PROOF_LINK_REFUSALS, type ProofLinkState } from '../services/auth/two-step-mail-proof';

const TITLE = 'Confirm two-step verification';

type LinkData = { status: ProofLinkState };

// The link mailed to an operator who turned two-step on (OPERATOR_TWO_STEP=required). Opening it changes nothing (mail
// scanners open links): the button posts to the profile page's two-step section, which shows the recovery codes. It
// works only signed in, in the session that asked (a visitor is sent to sign in first, and is then told so).
export default definePage({
  title: TITLE,
  access: 'private',
  load: async (ctx): Promise<LinkData> => {
    const r = await ctx.api?.(`/user/2fa/confirm?token=${encodeURIComponent(ctx.params.token ?? '')}`);
    return { status: typeof r?.status === 'string' && (r.status === 'live' || r.status in PROOF_LINK_REFUSALS) ? (r.status as ProofLinkState) : 'unknown' };
  },
  render: (ctx: PageContext) => {
    const { status } = ctx.data as LinkData;
    if (status !== 'live')
      return (
        <AuthCard title={TITLE}>
          <p className="alert alert-error" role="alert">{PROOF_LINK_REFUSALS[status]}</p>
          <p className="form-foot">
            <a href="/profile-setting#two-step">Go to Profile Settings</a>
          </p>
        </AuthCard>
      );
    return (
      <AuthCard title={TITLE} lead="This turns on two-step verification for the operator console, with the authenticator app you set up in this browser.">
        <p>Confirm only if you asked for it yourself just now. If you did not, do not confirm: change your password and tell the other operators.</p>
        <form className="form" method="post" action={TWO_STEP_ACTION}>
          <input type="hidden" name="_action" value="2fa-confirm" />
          <input type="hidden" name="token" value={ctx.params.token ?? ''} />
          <FormToken value={ctx.formToken} />
          <button className="btn btn-primary btn-block" type="submit">Turn on two-step verification</button>
        </form>
        <p className="form-foot">
          <a href="/profile-setting#two-step">Cancel</a>
        </p>
      </AuthCard>
    );
  },
});
