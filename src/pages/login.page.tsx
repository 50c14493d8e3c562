import { m } from '../i18n/paraglide/messages.js';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { sameSitePath } from '../shared/paths';
import { loginActions } from './account-actions';
import { START_FLAG } from './sections/login-toast';

/** What a visitor sent here from a signed-in page reads (DESIGN §8). */
export const SIGN_IN_NOTICE = 'Please sign in to continue.';

export default definePage({
  title: m.auth_login_title,
  description: m.auth_login_description,
  access: 'public-only',
  static: true,
  readsQuery: true,
  actions: loginActions,
  render: (ctx) => {
    const next = sameSitePath(ctx.url.searchParams.get('next') ?? ctx.form?.values.next) ?? undefined;
    return (
      <AuthCard title={m.auth_login_title()} lead={m.auth_login_lead({ site: ctx.site.siteName })}>
        {next && !ctx.form && <p className="alert alert-info" role="status">{m.auth_sign_in_notice()}</p>}
        {!next && !ctx.form && ctx.url.searchParams.has(START_FLAG) && <p className="alert alert-info" role="status">{m.auth_start_notice()}</p>}
        <Island name="LoginForm" load="interaction" props={{ next, form: ctx.form ?? null }} />
      </AuthCard>
    );
  },
});
