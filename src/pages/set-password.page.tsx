import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { setPasswordActions } from './account-actions';

const TITLE = 'Set your password';

/** What a spent link says on load, before a password is typed. */
const SPENT: Record<string, string> = {
  used: 'This link has already been used.',
  expired: 'This link has expired.',
  unknown: 'This link is not valid.',
};

type LinkData = { status: string };

// The one-time link `coinreel admin create` prints for a new operator: a first password, not a reset (the account never
// had one). Not static: the path carries the token.
export default definePage({
  title: TITLE,
  access: 'public-only',
  actions: setPasswordActions,
  load: async (ctx): Promise<LinkData> => {
    const r = await ctx.api?.(`/set-password/${encodeURIComponent(ctx.params.id ?? '')}/status`);
    return { status: typeof r?.status === 'string' ? r.status : 'live' };
  },
  render: (ctx: PageContext) => {
    const spent = SPENT[(ctx.data as LinkData | undefined)?.status ?? 'live'];
    if (spent && !ctx.form)
      return (
        <AuthCard title={TITLE}>
          <p className="alert alert-error" role="alert">{spent} Ask an operator to run <code>coinreel admin create</code> again for a new one.</p>
          <p className="form-foot">
            Set it already? <a href="/login">Login</a>
          </p>
        </AuthCard>
      );
    return (
      <AuthCard title={TITLE} lead="Choose the password for your operator account. You will sign in with it next.">
        <Island name="ResetPasswordForm" props={{ id: ctx.params.id ?? '', form: ctx.form ?? null, kind: 'set' }} />
      </AuthCard>
    );
  },
});
