import type { Captcha } from '../../islands/ForgotPasswordForm';
import { forgotActions } from './account-actions';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';

// Not static: each visit draws its own captcha into the HTML, so the form works before and without script.
export default definePage({
  title: 'Forgot Password',
  access: 'public-only',
  // ?captcha=question draws the captcha's non-visual form (a sum in words) for screen-reader users.
  load: async (ctx): Promise<Captcha | null> => {
    const question = ctx.url.searchParams.get('captcha') === 'question';
    const r = await ctx.api?.(question ? '/captcha?kind=question' : '/captcha');
    if (!r || typeof r.captchaId !== 'string') return null;
    if (typeof r.question === 'string') return { captchaId: r.captchaId, question: r.question };
    return typeof r.image === 'string' ? { captchaId: r.captchaId, image: r.image } : null;
  },
  actions: forgotActions,
  render: (ctx) => (
    <AuthCard title="Forgot Password" lead="Enter the email you registered with and we will send you a link to choose a new password.">
      <Island name="ForgotPasswordForm" load="interaction" props={{ captcha: (ctx.data as Captcha | null) ?? null, form: ctx.form ?? null }} />
    </AuthCard>
  ),
});
