import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';

export default definePage({
  title: 'Register',
  description: 'Create your account for Ultra Panda and VBlink credits. Players must be 21 or older.',
  access: 'public-only',
  static: true,
  render: (ctx) => (
    <AuthCard title="Create Your Account" lead={`Join ${ctx.site.siteName} in a minute. Players must be 21 or older.`}>
      <Island name="RegisterForm" props={{ idPrefix: 'register' }} />
    </AuthCard>
  ),
});
