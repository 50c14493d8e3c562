import { FormFailure } from './_ui/field';
import { useState } from 'react';
import { checkReset, PASSWORD_RULE } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { SubmitButton } from './_ui/busy';
import { PasswordField } from './_ui/password-field';
import { ResultPanel } from './_ui/result-panel';
import { useForm, type Posted } from './_ui/use-form';

export const RESET_FAILED = 'Failed to update password. Please try again.';

/** What the form says and where it posts: a reset from a mailed link, or a new operator's first password. */
const KINDS = {
  reset: { path: '/reset-password', button: 'Update Password', busy: 'Updating...', bad: 'This reset link is invalid or has expired.', again: <a href="/forgot-password">Request a new link</a> },
  set: { path: '/set-password', button: 'Set password', busy: 'Saving...', bad: 'This link is invalid or has expired.', again: <>Ask an operator to run <code>coinreel admin create</code> again for a new one.</> },
};

/**
 * spec §2 Reset password, and "Set your password" (`kind: 'set'`) for a new operator. `id` is the token from the link.
 * A real form posting to the link's own page, so it works before and without script; `form` is a refused plain post.
 */
export default function ResetPasswordForm({ id, form: posted, kind = 'reset' }: { id: string; form?: Posted; kind?: 'reset' | 'set' }) {
  const k = KINDS[kind];
  const form = useForm({ password: '', confirmPassword: '' }, checkReset, posted);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(posted?.message ?? '');
  const [done, setDone] = useState(false);
  const [expired, setExpired] = useState(!!posted?.errors?.token);
  const { values, errors, set } = form;

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    setFailure('');
    setExpired(false);
    setBusy(true);
    try {
      const r = await api(`${k.path}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { newPassword: values.password },
        anonymous: true,
        inlineFields: ['newPassword'],
      });
      if (r.success) setDone(true);
      else if (r.fieldErrors.newPassword) form.showServerErrors({ password: r.fieldErrors.newPassword });
      else if (r.fieldErrors.token) setExpired(true);
    } catch {
      setFailure(RESET_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (done && kind === 'set')
    return (
      <ResultPanel tone="success" title="Password set">
        <p>Your password is set. Sign in with it to continue.</p>
        <a className="btn btn-primary" href="/login?next=%2Fadmin">
          Go to Login
        </a>
      </ResultPanel>
    );
  if (done)
    return (
      <ResultPanel tone="success" title="Password Updated!">
        <p>Your password has been successfully reset.</p>
        <p>You can now use your new password to log in to your account.</p>
        <a className="btn btn-primary" href="/">
          Go to Login
        </a>
      </ResultPanel>
    );
  return (
    <form className="form" method="post" action={`${k.path}/${encodeURIComponent(id)}`} noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      {expired && (
        <p className="alert alert-error" role="alert">
          {k.bad} {k.again}
        </p>
      )}
      <PasswordField
        id="reset-password"
        autoFocus={form.autoFocusOn('password')}
        name="password"
        label="New Password"
        autoComplete="new-password"
        hint={PASSWORD_RULE}
        value={values.password}
        onValue={(v) => set('password', v)}
        error={errors.password}
      />
      <PasswordField id="reset-confirm" name="confirmPassword" autoFocus={form.autoFocusOn('confirmPassword')} label="Confirm Password" autoComplete="new-password" value={values.confirmPassword} onValue={(v) => set('confirmPassword', v)} error={errors.confirmPassword} />
      <SubmitButton busy={busy} label={k.button} busyLabel={k.busy} />
      {kind === 'reset' && (
        <p className="form-foot">
          Remembered it? <a href="/">Login</a>
        </p>
      )}
    </form>
  );
}
