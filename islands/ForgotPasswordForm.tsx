import { useEffect, useState } from 'react';
import { checkForgot } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { TextField, FormFailure } from './_ui/field';
import { ResultPanel } from './_ui/result-panel';
import { useForm, type Posted } from './_ui/use-form';

export const FORGOT_FAILED = 'Failed to send password reset link. Please try again.';
export type Captcha = { captchaId: string; image: string };

/**
 * spec §2 Forgot password, with the server-issued captcha of DESIGN §8. The page draws the first captcha, so the
 * form posts to /forgot-password before and without script; `form` is a refused plain post.
 */
export default function ForgotPasswordForm({ captcha: first = null, form: posted }: { captcha?: Captcha | null; form?: Posted } = {}) {
  const form = useForm({ email: '', captcha: '' }, checkForgot, posted);
  const [captcha, setCaptcha] = useState<Captcha | null>(first);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(posted?.message ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, errors, set } = form;

  async function loadCaptcha() {
    setCaptcha(null);
    try {
      const r = await api<Captcha>('/captcha', { anonymous: true });
      if (r.success && r.captchaId && r.image) setCaptcha({ captchaId: r.captchaId, image: r.image });
    } catch {
      // The shared client has told the player the network failed; the refresh button tries again.
    }
  }
  useEffect(() => {
    if (!first) void loadCaptcha();
  }, []);

  function refresh() {
    set('captcha', '');
    void loadCaptcha();
  }

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e) || !captcha) return;
    const email = values.email.trim();
    setFailure('');
    setBusy(true);
    try {
      const r = await api<{ message: string }>('/forget-password', {
        method: 'POST',
        body: { email, captchaId: captcha.captchaId, captcha: values.captcha.trim() },
        anonymous: true,
        inlineFields: ['email', 'captcha'],
      });
      if (r.success) {
        toast.success(r.message || 'Password reset link sent.', { id: 'forgot-password' });
        setSentTo(email);
        return;
      }
      // A captcha is good for one try, so any refusal needs a fresh one.
      set('captcha', '');
      void loadCaptcha();
      form.showServerErrors(r.fieldErrors);
    } catch {
      setFailure(FORGOT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (sentTo)
    return (
      <ResultPanel tone="success" title="Email Sent">
        <p>
          If an account exists for <strong className="break">{sentTo}</strong>, a link to reset your password is on its way. The link works for 1 hour.
        </p>
        <a className="btn btn-primary" href="/">
          Back to Home
        </a>
      </ResultPanel>
    );
  return (
    <form className="form" method="post" action="/forgot-password" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      {captcha && <input type="hidden" name="captchaId" value={captcha.captchaId} />}
      <TextField id="forgot-email" name="email" label="Email" type="email" autoComplete="email" value={values.email} onValue={(v) => set('email', v)} error={errors.email} />
      <div className="captcha-row">
        <div className="captcha-image" aria-live="polite">
          {captcha ? <img src={captcha.image} alt="Captcha: four letters and digits" width="160" height="56" /> : <span className="spinner" role="img" aria-label="Loading captcha" />}
        </div>
        <button type="button" className="btn btn-ghost captcha-refresh" onClick={refresh} aria-label="Show a new captcha">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
          </svg>
        </button>
      </div>
      <TextField
        id="forgot-captcha"
        name="captcha"
        label="Captcha"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={4}
        value={values.captcha}
        onValue={(v) => set('captcha', v)}
        error={errors.captcha}
      />
      <SubmitButton busy={busy} label="Send Reset Link" busyLabel="Sending..." disabled={!captcha} />
      <p className="form-foot">
        <a href="/">Back to Home</a>
      </p>
    </form>
  );
}
