import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { safeNext } from './pages.plugin';

export default definePage({
  title: 'Login',
  description: 'Log in to your wallet for Ultra Panda and VBlink credits.',
  access: 'public-only',
  static: true,
  render: (ctx) => (
    <AuthCard title="Login" lead={`Welcome back to ${ctx.site.siteName}. Log in to reach your wallet and games.`}>
      <Island name="LoginForm" props={{ next: safeNext(ctx.url.searchParams.get('next')) ?? '/home' }} />
    </AuthCard>
  ),
});
