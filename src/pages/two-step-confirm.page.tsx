import { AuthCard } from './auth-card';
import { definePage, type PageContext } from './page';
import { FormToken } from '../../islands/_ui/form-token';
import { TWO_STEP_ACTION } from '../../islands/_ui/two-step-parts';
import { PROOF_LINK_REFUSALS, type ProofLinkState } from '../services/auth/two-step-mail-proof';
import { m } from '../i18n/paraglide/messages.js';

// What a spent link says, in the page's language (the service's own words are the API's).
const REFUSALS: Record<Exclude<ProofLinkState, 'live'>, () => string> = {
  used: m.pages_2fa_link_used, expired: m.pages_2fa_link_expired, unknown: m.pages_2fa_link_unknown,
  'other-account': m.pages_2fa_link_other_account, 'other-session': m.pages_2fa_link_other_session,
};

type LinkData = { status: ProofLinkState };

// The link mailed to an operator who turned two-step on (OPERATOR_TWO_STEP=required). Opening it changes nothing (mail
// scanners open links): the button posts to the profile page's two-step section, which shows the recovery codes. It
// works only signed in, in the session that asked (a visitor is sent to sign in first, and is then told so).
export default definePage({
  title: m.pages_2fa_title,
  access: 'private',
  load: async (ctx): Promise<LinkData> => {
    const r = await ctx.api?.(`/user/2fa/confirm?token=${encodeURIComponent(ctx.params.token ?? '')}`);
    return { status: typeof r?.status === 'string' && (r.status === 'live' || r.status in PROOF_LINK_REFUSALS) ? (r.status as ProofLinkState) : 'unknown' };
  },
  render: (ctx: PageContext) => {
    const { status } = ctx.data as LinkData;
    if (status !== 'live')
      return (
        <AuthCard title={m.pages_2fa_title()}>
          <p className="alert alert-error" role="alert">{REFUSALS[status]()}</p>
          <p className="form-foot">
            <a href="/profile-setting#two-step">{m.pages_2fa_to_profile()}</a>
          </p>
        </AuthCard>
      );
    return (
      <AuthCard title={m.pages_2fa_title()} lead={m.pages_2fa_lead()}>
        <p>{m.pages_2fa_warning()}</p>
        <form className="form" method="post" action={TWO_STEP_ACTION}>
          <input type="hidden" name="_action" value="2fa-confirm" />
          <input type="hidden" name="token" value={ctx.params.token ?? ''} />
          <FormToken value={ctx.formToken} />
          <button className="btn btn-primary btn-block" type="submit">{m.pages_2fa_turn_on()}</button>
        </form>
        <p className="form-foot">
          <a href="/profile-setting#two-step">{m.pages_2fa_cancel()}</a>
        </p>
      </AuthCard>
    );
  },
});
