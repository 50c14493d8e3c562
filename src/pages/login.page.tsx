import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { sameSitePath } from '../shared/paths';

export default definePage({
  title: 'Login',
  description: 'Log in to your wallet for Ultra Panda and VBlink credits.',
  access: 'public-only',
  static: true,
  render: (ctx) => (
    <AuthCard title="Login" lead={`Welcome back to ${ctx.site.siteName}. Log in to reach your wallet and games.`}>
      <Island name="LoginForm" props={{ next: sameSitePath(ctx.url.searchParams.get('next')) ?? undefined }} />
    </AuthCard>
  ),
});
