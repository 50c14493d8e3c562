import { m } from '../i18n/paraglide/messages.js';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { devMailboxProp, registerActions } from './account-actions';
import { START_FLAG } from './sections/login-toast';
import { usStatesIn } from '../services/identity/us-states';
import { currentLang } from '../i18n/request-lang';

export default definePage({
  title: m.auth_register_title,
  description: m.auth_register_description,
  access: 'public-only',
  static: true,
  readsQuery: true,
  actions: registerActions,
  render: (ctx) => (
    <AuthCard title={m.auth_register_heading()} lead={m.auth_register_lead({ site: ctx.site.siteName })}>
      {ctx.url.searchParams.has(START_FLAG) && !ctx.form && <p className="alert alert-info" role="status">{m.auth_start_notice()}</p>}
      <Island name="RegisterForm" load="interaction" props={{ idPrefix: 'register', form: ctx.form ?? null, ...devMailboxProp(ctx.site), states: ctx.site.restrictedStates?.length ? usStatesIn(currentLang()) : null }} />
    </AuthCard>
  ),
});
