import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useState } from 'react';
import { landingOf, sameSitePath } from '../src/shared/paths';
import { checkLogin } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { navigation } from './_client/navigate';
import { toast } from './_client/toast';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { CheckboxField, TextField, FormFailure } from './_ui/field';
import { PasswordField } from './_ui/password-field';
import { ResultPanel } from './_ui/result-panel';
import { useForm, type Posted } from './_ui/use-form';
import { LoginCodeStep, type CodeStep, type LoginAnswer } from './_ui/login-code-step';

// Remember-me keeps only the address; a password never goes into browser storage (DESIGN §8).
export const REMEMBERED_EMAIL = 'rememberedEmail';
export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
/**
 * Shown under every refused password, so it says nothing about the address: sign-in answers an account that is not
 * verified yet exactly as a wrong password, and mails its owner a fresh verification link instead. (The English of
 * `m.auth_new_account_hint`, which the form shows in its page's language.)
 */
export const NEW_ACCOUNT_HINT = 'If your account is new, check your e-mail for the verification link: signing in with the right password sends a fresh one.';
const REDIRECT_MS = 1000;

/**
 * Where to go after login when /login was opened without ?next: the guard sends a visitor to `/?next=…`, and
 * whichever Login link they then follow, the landing page's address is the referrer (same origin, so in full).
 */
export function nextFromReferrer(referrer: string, origin: string): string | null {
  if (!referrer) return null;
  const from = new URL(referrer);
  return from.origin === origin ? sameSitePath(from.searchParams.get('next')) : null;
}

export type LoginFormProps = {
  /** A same-site path the server has already vetted (from ?next on /login). */
  next?: string;
  /** A refused plain post; `action: 'code'` is the two-step code step, with `values.loginToken` the proof of the password step. */
  form?: (NonNullable<Posted> & { action?: string }) | null;
};

/**
 * spec §2 Login. A real form posting to /login, so it works before and without script (the page's action signs
 * in and redirects); once hydrated it signs in through the API without a reload.
 */
export default function LoginForm({ next, form: posted }: LoginFormProps) {
  const form = useForm({ email: '', password: '', remember: false as boolean }, checkLogin, posted);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState(posted?.message ?? '');
  const { values, errors, set } = form;
  const [codeStep, setCodeStep] = useState<CodeStep | null>(() => codeStepOf(posted));

  useEffect(() => {
    const saved = localStorage.getItem(REMEMBERED_EMAIL);
    // Only into an empty form: what the player typed or posted wins over what was remembered.
    const box = form.formRef.current?.elements.namedItem('email');
    if (saved && !posted && !(box instanceof HTMLInputElement && box.value)) form.reset({ email: saved, password: '', remember: true });
  }, []);
  const destination = (role?: unknown) => next ?? nextFromReferrer(document.referrer, location.origin) ?? landingOf(role);

  function signedIn(message: string, role?: unknown) {
    const email = codeStep?.email ?? values.email.trim();
    if (codeStep?.remember ?? values.remember) localStorage.setItem(REMEMBERED_EMAIL, email);
    else localStorage.removeItem(REMEMBERED_EMAIL);
    toast.success(message, { id: 'login' });
    const to = destination(role);
    setDone(to);
    setTimeout(() => navigation.assign(to), REDIRECT_MS);
  }

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    const email = values.email.trim();
    setFailure('');
    setBusy(true);
    try {
      const r = await api<LoginAnswer>('/login', {
        method: 'POST',
        body: { email, password: values.password, userType: 'USER', remember: values.remember },
        anonymous: true,
        // Every refusal stays on the form (a wrong password, a lockout saying when to try again), not in a toast
        // that is gone in four seconds, before a player using a screen reader or a magnifier has read it.
        quiet: true,
      });
      if (r.success) signedIn(r.message || m.auth_login_ok(), r.user?.role);
      else if (r.errorType === 'TOTP_REQUIRED' && r.loginToken) setCodeStep({ email, loginToken: r.loginToken, remember: values.remember });
      else if (Object.keys(r.fieldErrors).length) form.showServerErrors(r.fieldErrors);
      else setFailure(r.message || m.auth_invalid_login());
    } catch {
      setFailure(m.auth_invalid_login());
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <ResultPanel tone="success" title={m.auth_login_success()}>
        <p role="status">{done === '/home' ? m.auth_redirect_home() : done === '/admin' ? m.auth_redirect_console() : m.auth_redirect_back()}</p>
      </ResultPanel>
    );
  if (codeStep)
    return (
      <LoginCodeStep step={codeStep} next={next} onSignedIn={signedIn}
        onRestart={(message) => { form.reset({ email: codeStep.email, password: '', remember: codeStep.remember }); setCodeStep(null); setFailure(message); }} />
    );
  return (
    <form className="form" method="post" action="/login" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label={m.auth_logging_in()} />}
      {next && <input type="hidden" name="next" value={next} />}
      <FormFailure message={failure} />
      {failure === m.auth_invalid_login() && <p className="field-hint" id="login-new-account">{m.auth_new_account_hint()}</p>}
      <TextField id="login-email" name="email" label={m.auth_email_label()} type="email" autoComplete="email" value={values.email} onValue={(v) => set('email', v)} error={errors.email} autoFocus={form.autoFocusOn('email')} />
      <PasswordField id="login-password" name="password" label={m.auth_password_label()} autoFocus={form.autoFocusOn('password')} value={values.password} onValue={(v) => set('password', v)} error={errors.password} />
      <div className="form-row">
        <CheckboxField id="login-remember" name="remember" checked={values.remember} onValue={(v) => set('remember', v)}>
          {m.auth_remember_me()}
        </CheckboxField>
        <a href="/forgot-password">{m.auth_forgot_link()}</a>
      </div>
      <SubmitButton busy={busy} label={m.auth_login_title()} busyLabel={m.auth_logging_in()} />
      <p className="form-foot">
        {m.auth_no_account()} <a href="/register">{m.auth_register_link()}</a>
      </p>
    </form>
  );
}

/** The code step after a plain post whose password was right (its proof rides in the values, never the password). */
function codeStepOf(posted: LoginFormProps['form']): CodeStep | null {
  const v = posted?.values;
  if (posted?.action !== 'code' || !v?.loginToken) return null;
  return { email: v.email ?? '', loginToken: v.loginToken, remember: !!v.remember, error: posted.errors?.totp };
}
