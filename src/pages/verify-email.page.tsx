import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';

// Open to anyone: the link may be opened in a browser that is signed in or not. The island owns the h1,
// because the heading is the state (Verifying..., Email Verified!, Verification Failed).
export default definePage({
  title: 'Verify Email',
  access: 'open',
  render: (ctx) => (
    <AuthCard>
      <Island name="VerifyEmail" props={{ token: ctx.params.token ?? '', communityUrl: ctx.site.communityUrl }} />
    </AuthCard>
  ),
});
