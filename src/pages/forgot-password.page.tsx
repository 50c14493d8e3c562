import { m } from '../i18n/paraglide/messages.js';
import type { Captcha } from '../../islands/ForgotPasswordForm';
import { forgotActions } from './account-actions';
import { AuthCard } from './auth-card';
import { Island } from './island';
import { definePage } from './page';

/** The picture is its own request: each load of it issues a fresh captcha and binds it to the form by a cookie. */
export const CAPTCHA_IMAGE_URL = '/api/v1/captcha.svg';
const PICTURE: Captcha = { captchaId: null, image: CAPTCHA_IMAGE_URL };
const asksQuestion = (url: URL) => url.searchParams.get('captcha') === 'question';

// Prepared like the other visitor pages: the picture is an <img> whose request issues the captcha, so the HTML is
// the same for every visit and the form still works without script. Only ?captcha=question (the non-visual form,
// a sum in words for screen-reader users) draws its question into the page.
export default definePage({
  title: m.auth_forgot_title,
  access: 'public-only',
  static: true,
  readsQuery: true,
  load: async (ctx): Promise<Captcha | null> => {
    if (!asksQuestion(ctx.url)) return PICTURE;
    const r = await ctx.api?.('/captcha?kind=question');
    return r && typeof r.captchaId === 'string' && typeof r.question === 'string' ? { captchaId: r.captchaId, question: r.question } : null;
  },
  actions: forgotActions,
  render: (ctx) => (
    <AuthCard title={m.auth_forgot_title()} lead={m.auth_forgot_lead()}>
      {/* The prepared page is rendered without `load`: the picture needs nothing from it. */}
      <Island name="ForgotPasswordForm" load="interaction" props={{ captcha: asksQuestion(ctx.url) ? ((ctx.data as Captcha | null) ?? null) : PICTURE, form: ctx.form ?? null }} />
    </AuthCard>
  ),
});
