import { FormFailure } from './_ui/field';
import { useState } from 'react';
import { checkReset, PASSWORD_RULE } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { SubmitButton } from './_ui/busy';
import { PasswordField } from './_ui/password-field';
import { ResultPanel } from './_ui/result-panel';
import { useForm, type Posted } from './_ui/use-form';

export const RESET_FAILED = 'Failed to update password. Please try again.';

/**
 * spec §2 Reset password. `id` is the token from the mailed link. A real form posting to the link's own page, so it
 * works before and without script; `form` is a refused plain post.
 */
export default function ResetPasswordForm({ id, form: posted }: { id: string; form?: Posted }) {
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
      const r = await api(`/reset-password/${encodeURIComponent(id)}`, {
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
    <form className="form" method="post" action={`/reset-password/${encodeURIComponent(id)}`} noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      {expired && (
        <p className="alert alert-error" role="alert">
          This reset link is invalid or has expired. <a href="/forgot-password">Request a new link</a>
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
      <SubmitButton busy={busy} label="Update Password" busyLabel="Updating..." />
      <p className="form-foot">
        Remembered it? <a href="/">Login</a>
      </p>
    </form>
  );
}
