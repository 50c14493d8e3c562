import { useEffect, useState } from 'react';
import { sameSitePath } from '../src/shared/paths';
import { checkLogin } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { navigation } from './_client/navigate';
import { toast } from './_client/toast';
import { LoaderOverlay, SubmitButton } from './_ui/busy';
import { EmailVerificationModal } from './_ui/email-verification-modal';
import { CheckboxField, TextField, FormFailure } from './_ui/field';
import { PasswordField } from './_ui/password-field';
import { ResultPanel } from './_ui/result-panel';
import { useForm } from './_ui/use-form';

// Remember-me keeps only the address; a password never goes into browser storage (DESIGN §8).
export const REMEMBERED_EMAIL = 'rememberedEmail';
export const LOGIN_FAILED = 'Invalid email or password. Please try again.';
const REDIRECT_MS = 1000;

type LoginAnswer = { token: string; user: { _id: string; playerId: number; email: string; name: string | null } };

/**
 * Where to go after login when /login was opened without ?next: the guard sends a visitor to `/?next=…`, and
 * whichever Login link they then follow, the landing page's address is the referrer (same origin, so in full).
 */
export function nextFromReferrer(referrer: string, origin: string): string | null {
  if (!referrer) return null;
  const from = new URL(referrer);
  return from.origin === origin ? sameSitePath(from.searchParams.get('next')) : null;
}

/** spec §2 Login. `next` is a same-site path the server has already vetted (from ?next on /login). */
export default function LoginForm({ next }: { next?: string }) {
  const form = useForm({ email: '', password: '', remember: false as boolean }, checkLogin);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [unverified, setUnverified] = useState<string | null>(null);
  const { values, errors, set } = form;

  useEffect(() => {
    const saved = localStorage.getItem(REMEMBERED_EMAIL);
    if (saved) form.reset({ email: saved, password: '', remember: true });
  }, []);
  const destination = () => next ?? nextFromReferrer(document.referrer, location.origin) ?? '/home';

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
        inlineFields: ['email', 'password'],
        quietErrorTypes: ['EMAIL_NOT_VERIFIED'],
      });
      if (r.success) {
        if (values.remember) localStorage.setItem(REMEMBERED_EMAIL, email);
        else localStorage.removeItem(REMEMBERED_EMAIL);
        toast.success(r.message || 'Login successful', { id: 'login' });
        const to = destination();
        setDone(to);
        setTimeout(() => navigation.assign(to), REDIRECT_MS);
      } else if (r.errorType === 'EMAIL_NOT_VERIFIED') setUnverified(email);
      else form.showServerErrors(r.fieldErrors);
    } catch {
      setFailure(LOGIN_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <ResultPanel tone="success" title="Login Successful">
        <p role="status">{done === '/home' ? 'Redirecting you to your dashboard...' : 'Taking you back to where you were...'}</p>
      </ResultPanel>
    );
  return (
    <>
    <form className="form" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label="Logging in..." />}
      <FormFailure message={failure} />
      <TextField id="login-email" label="Email" type="email" autoComplete="email" value={values.email} onValue={(v) => set('email', v)} error={errors.email} />
      <PasswordField id="login-password" label="Password" value={values.password} onValue={(v) => set('password', v)} error={errors.password} />
      <div className="form-row">
        <CheckboxField id="login-remember" checked={values.remember} onValue={(v) => set('remember', v)}>
          Remember me
        </CheckboxField>
        <a href="/forgot-password">Forgot password?</a>
      </div>
      <SubmitButton busy={busy} label="Login" busyLabel="Logging in..." />
      <p className="form-foot">
        Don't have an account? <a href="/register">Register</a>
      </p>
    </form>
    {unverified && <EmailVerificationModal email={unverified} variant="unverified" onClose={() => setUnverified(null)} />}
    </>
  );
}
