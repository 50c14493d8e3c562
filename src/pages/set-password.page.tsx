import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { setPasswordActions } from './account-actions';

/** What a spent link says on load, before a password is typed. */
const SPENT: Record<string, () => string> = { used: m.auth_set_used, expired: m.auth_set_expired, unknown: m.auth_set_unknown };

type LinkData = { status: string };

// The one-time link `coinreel admin create` prints for a new operator: a first password, not a reset (the account never
// had one). Not static: the path carries the token.
export default definePage({
  title: m.auth_set_title,
  access: 'public-only',
  actions: setPasswordActions,
  load: async (ctx): Promise<LinkData> => {
    const r = await ctx.api?.(`/set-password/${encodeURIComponent(ctx.params.id ?? '')}/status`);
    return { status: typeof r?.status === 'string' ? r.status : 'live' };
  },
  render: (ctx: PageContext) => {
    const spent = SPENT[(ctx.data as LinkData | undefined)?.status ?? 'live']?.();
    if (spent && !ctx.form)
      return (
        <AuthCard title={m.auth_set_title()}>
          <p className="alert alert-error" role="alert">{spent} <Rich text={m.auth_set_ask_operator()} /></p>
          <p className="form-foot">
            {m.auth_set_already()} <a href="/login">{m.auth_login_link()}</a>
          </p>
        </AuthCard>
      );
    return (
      <AuthCard title={m.auth_set_title()} lead={m.auth_set_lead()}>
        <Island name="ResetPasswordForm" props={{ id: ctx.params.id ?? '', form: ctx.form ?? null, kind: 'set' }} />
      </AuthCard>
    );
  },
});
