import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { sameSitePath } from '../shared/paths';
import { loginActions } from './account-actions';
import { LOGIN_TOAST_MESSAGE, START_FLAG } from './sections/login-toast';

/** What a visitor sent here from a signed-in page reads (DESIGN §8). */
export const SIGN_IN_NOTICE = 'Please sign in to continue.';

export default definePage({
  title: 'Login',
  description: 'Log in to your wallet for Ultra Panda and VBlink credits.',
  access: 'public-only',
  static: true,
  readsQuery: true,
  actions: loginActions,
  render: (ctx) => {
    const next = sameSitePath(ctx.url.searchParams.get('next') ?? ctx.form?.values.next) ?? undefined;
    return (
      <AuthCard title="Login" lead={`Welcome back to ${ctx.site.siteName}. Log in to reach your wallet and games.`}>
        {next && !ctx.form && <p className="alert alert-info" role="status">{SIGN_IN_NOTICE}</p>}
        {!next && !ctx.form && ctx.url.searchParams.has(START_FLAG) && <p className="alert alert-info" role="status">{LOGIN_TOAST_MESSAGE}</p>}
        <Island name="LoginForm" load="interaction" props={{ next, form: ctx.form ?? null }} />
      </AuthCard>
    );
  },
});
