import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';
import { resetActions } from './account-actions';

// Not static: the path carries the player's reset token, so the HTML differs per link.
export default definePage({
  title: 'Reset Password',
  access: 'public-only',
  actions: resetActions,
  render: (ctx) => (
    <AuthCard title="Reset Password" lead="Choose a new password for your account.">
      <Island name="ResetPasswordForm" props={{ id: ctx.params.id ?? '', form: ctx.form ?? null }} />
    </AuthCard>
  ),
});
