import { m } from '../src/i18n/paraglide/messages.js';
import { Rich } from '../src/i18n/rich';
import { useEffect, useState } from 'react';
import { checkForgot } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { TextField, FormFailure } from './_ui/field';
import { ResultPanel } from './_ui/result-panel';
import { useForm, type Posted } from './_ui/use-form';

export const FORGOT_FAILED = 'Failed to send password reset link. Please try again.';
/** A picture of four characters, or its non-visual form: a question in words (screen readers read it out). */
/** `captchaId: null`: the picture's own request bound it to the form by a cookie (`/api/v1/captcha.svg`). */
export type Captcha = { captchaId: string | null; image: string; question?: undefined } | { captchaId: string; question: string; image?: undefined };
type Kind = 'image' | 'question';
const QUESTION_PAGE = '/forgot-password?captcha=question';

/**
 * spec §2 Forgot password, with the server-issued captcha of DESIGN §8. The page draws the first captcha, so the
 * form posts to /forgot-password before and without script; `form` is a refused plain post.
 */
export default function ForgotPasswordForm({ captcha: first = null, form: posted }: { captcha?: Captcha | null; form?: Posted } = {}) {
  const form = useForm({ email: '', captcha: '' }, checkForgot, posted);
  const [captcha, setCaptcha] = useState<Captcha | null>(first);
  const [kind, setKind] = useState<Kind>(first?.question ? 'question' : 'image');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(posted?.message ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, errors, set } = form;

  async function loadCaptcha(want: Kind = kind) {
    setCaptcha(null);
    try {
      const r = await api<{ captchaId: string; image?: string; question?: string }>(want === 'question' ? '/captcha?kind=question' : '/captcha', { anonymous: true });
      if (r.success && r.captchaId && r.question) setCaptcha({ captchaId: r.captchaId, question: r.question });
      else if (r.success && r.captchaId && r.image) setCaptcha({ captchaId: r.captchaId, image: r.image });
    } catch {
      // The shared client has told the player the network failed; the refresh button tries again.
    }
  }
  useEffect(() => {
    if (!first) void loadCaptcha();
  }, []);

  function refresh() {
    form.renew('captcha', '');
    void loadCaptcha();
  }

  /** Picture or question: both are links (they work without script), taken over here to swap in place. */
  function switchTo(e: React.MouseEvent, want: Kind) {
    e.preventDefault();
    setKind(want);
    form.renew('captcha', '');
    void loadCaptcha(want);
    // The new challenge is read out from the live region; the answer box keeps focus for typing.
    document.getElementById('forgot-captcha')?.focus();
  }

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e) || !captcha) return;
    const email = values.email.trim();
    setFailure('');
    setBusy(true);
    try {
      const r = await api<{ message: string }>('/forget-password', {
        method: 'POST',
        body: { email, ...(captcha.captchaId && { captchaId: captcha.captchaId }), captcha: values.captcha.trim() },
        anonymous: true,
        inlineFields: ['email', 'captcha'],
      });
      if (r.success) {
        toast.success(r.message || m.auth_reset_sent_toast(), { id: 'forgot-password' });
        setSentTo(email);
        return;
      }
      // A captcha is good for one try, so any refusal needs a fresh one.
      set('captcha', '');
      void loadCaptcha();
      form.showServerErrors(r.fieldErrors);
    } catch {
      setFailure(m.auth_forgot_failed());
    } finally {
      setBusy(false);
    }
  }

  if (sentTo)
    return (
      <ResultPanel tone="success" title={m.auth_email_sent()}>
        <p>
          <Rich text={m.auth_reset_sent_text({ email: sentTo })} />
        </p>
        <a className="btn btn-primary" href="/">
          {m.auth_back_home()}
        </a>
      </ResultPanel>
    );
  return (
    <form className="form" method="post" action={kind === 'question' ? QUESTION_PAGE : '/forgot-password'} noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      {captcha?.captchaId && <input type="hidden" name="captchaId" value={captcha.captchaId} />}
      <TextField id="forgot-email" name="email" label={m.auth_email_label()} type="email" autoComplete="email" autoFocus={form.autoFocusOn('email')} value={values.email} onValue={(v) => set('email', v)} error={errors.email} />
      <div className="captcha-row">
        <div className={kind === 'question' ? 'captcha-question' : 'captcha-image'} aria-live="polite">
          {!captcha ? (
            <span className="spinner" role="img" aria-label={m.auth_captcha_loading()} />
          ) : captcha.question ? (
            <p id="forgot-captcha-question">{captcha.question}</p>
          ) : (
            <img src={captcha.image} alt={m.auth_captcha_alt()} width="160" height="56" />
          )}
        </div>
        <button type="button" className="btn btn-ghost captcha-refresh" onClick={refresh} aria-label={kind === 'question' ? m.auth_captcha_another_question() : m.auth_captcha_new()}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
          </svg>
        </button>
      </div>
      <TextField
        id="forgot-captcha"
        autoFocus={form.autoFocusOn('captcha')}
        name="captcha"
        label={kind === 'question' ? m.auth_captcha_answer() : m.auth_captcha_label()}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={kind === 'question' ? 20 : 4}
        {...(captcha?.question && { 'aria-describedby': errors.captcha ? 'forgot-captcha-error forgot-captcha-question' : 'forgot-captcha-question' })}
        value={values.captcha}
        onValue={(v) => set('captcha', v)}
        error={errors.captcha}
      />
      <p className="captcha-switch">
        {kind === 'question' ? (
          <a href="/forgot-password" onClick={(e) => switchTo(e, 'image')}>{m.auth_captcha_picture()}</a>
        ) : (
          <a href={QUESTION_PAGE} onClick={(e) => switchTo(e, 'question')}>{m.auth_captcha_question()}</a>
        )}
      </p>
      <SubmitButton busy={busy} label={m.auth_send_link()} busyLabel={m.auth_sending()} disabled={!captcha} />
      <p className="form-foot">
        <a href="/">{m.auth_back_home()}</a>
      </p>
    </form>
  );
}
