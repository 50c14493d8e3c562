import { m } from '../../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { Rich } from '../../src/i18n/rich';
import { api } from '../_client/api';
import { LoaderOverlay, SubmitButton } from './busy';
import { TotpField } from './totp-field';

/** The sign-in's second step: who is signing in, and the proof of the password step (never the password). */
export type CodeStep = { email: string; loginToken: string; remember: boolean; error?: string };

export type LoginAnswer = { token: string; loginToken?: string; user: { _id: string; playerId: number; email: string; name: string | null; role?: 'USER' | 'ADMIN' } };

/**
 * Asks for the two-step code after a right password. A plain form posting to /login (action `code`) that carries
 * the short-lived proof from the first step, so it works without script too; the island sends it through the API.
 */
export function LoginCodeStep({ step, next, onSignedIn, onRestart }: {
  step: CodeStep;
  next?: string;
  onSignedIn: (message: string, role?: unknown) => void;
  /** The proof ran out: back to the password step with the address kept. */
  onRestart: (message: string) => void;
}) {
  const [totp, setTotp] = useState('');
  const [error, setError] = useState(step.error);
  const [token, setToken] = useState(step.loginToken);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!totp.trim()) return setError(m.islands_totp_required());
    setBusy(true);
    try {
      const r = await api<LoginAnswer>('/login', { method: 'POST', body: { loginToken: token, totp: totp.trim() }, anonymous: true, inlineFields: ['totp'], quietErrorTypes: ['LOGIN_EXPIRED'] });
      if (r.success) return onSignedIn(r.message || m.islands_login_ok(), r.user?.role);
      if (r.errorType === 'LOGIN_EXPIRED') return onRestart(r.message ?? '');
      if (r.loginToken) setToken(r.loginToken);
      setTotp('');
      setError(r.fieldErrors.totp ?? r.message);
    } catch {
      // The API client has already said the network failed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form login-code-step" method="post" action="/login" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {busy && <LoaderOverlay label={m.islands_login_checking_code()} />}
      <input type="hidden" name="_action" value="code" />
      <input type="hidden" name="loginToken" value={token} />
      <input type="hidden" name="email" value={step.email} />
      {step.remember && <input type="hidden" name="remember" value="on" />}
      {next && <input type="hidden" name="next" value={next} />}
      <p role="status">
        <Rich text={m.islands_login_two_step_on({ email: step.email })} links={[(w) => <strong className="break">{w}</strong>]} /> {m.islands_totp_required()}
      </p>
      <TotpField id="login-totp" value={totp} onValue={(v) => { setTotp(v); setError(undefined); }} error={error} autoFocus />
      <SubmitButton busy={busy} label={m.islands_login_verify()} busyLabel={m.islands_checking()} />
      <p className="form-foot">
        {m.islands_login_lost_phone()} <a href="/login">{m.islands_login_other_account()}</a>
      </p>
    </form>
  );
}
