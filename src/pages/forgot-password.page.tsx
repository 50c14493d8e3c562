import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';

export default definePage({
  title: 'Forgot Password',
  access: 'public-only',
  static: true,
  render: () => (
    <AuthCard title="Forgot Password" lead="Enter the email you registered with and we will send you a link to choose a new password.">
      <Island name="ForgotPasswordForm" props={{}} />
    </AuthCard>
  ),
});
