import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { devMailboxProp, registerActions } from './account-actions';
import { LOGIN_TOAST_MESSAGE, START_FLAG } from './sections/login-toast';
import { US_STATES } from '../services/identity/us-states';

export default definePage({
  title: 'Register',
  description: 'Create your account for Ultra Panda and VBlink credits. Players must be 21 or older.',
  access: 'public-only',
  static: true,
  readsQuery: true,
  actions: registerActions,
  render: (ctx) => (
    <AuthCard title="Create Your Account" lead={`Join ${ctx.site.siteName} in a minute. Players must be 21 or older.`}>
      {ctx.url.searchParams.has(START_FLAG) && !ctx.form && <p className="alert alert-info" role="status">{LOGIN_TOAST_MESSAGE}</p>}
      <Island name="RegisterForm" load="interaction" props={{ idPrefix: 'register', form: ctx.form ?? null, ...devMailboxProp(ctx.site), states: ctx.site.restrictedStates?.length ? US_STATES : null }} />
    </AuthCard>
  ),
});
