import { m } from '../src/i18n/paraglide/messages.js';
import { FormFailure } from './_ui/field';
import { useState } from 'react';
import { checkReset, passwordRule } from '../src/shared/schemas/account';
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
      setFailure(m.auth_reset_failed());
    } finally {
      setBusy(false);
    }
  }

  if (done)
    return (
      <ResultPanel tone="success" title={m.auth_password_updated_title()}>
        <p>{m.auth_password_updated_1()}</p>
        <p>{m.auth_password_updated_2()}</p>
        <a className="btn btn-primary" href="/">
          {m.auth_go_login()}
        </a>
      </ResultPanel>
    );
  return (
    <form className="form" method="post" action={`/reset-password/${encodeURIComponent(id)}`} noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      {expired && (
        <p className="alert alert-error" role="alert">
          {m.auth_reset_invalid()} <a href="/forgot-password">{m.auth_reset_new_link()}</a>
        </p>
      )}
      <PasswordField
        id="reset-password"
        autoFocus={form.autoFocusOn('password')}
        name="password"
        label={m.auth_new_password()}
        autoComplete="new-password"
        hint={passwordRule()}
        value={values.password}
        onValue={(v) => set('password', v)}
        error={errors.password}
      />
      <PasswordField id="reset-confirm" name="confirmPassword" autoFocus={form.autoFocusOn('confirmPassword')} label={m.auth_confirm_password()} autoComplete="new-password" value={values.confirmPassword} onValue={(v) => set('confirmPassword', v)} error={errors.confirmPassword} />
      <SubmitButton busy={busy} label={m.auth_update_password()} busyLabel={m.auth_updating()} />
      <p className="form-foot">
        {m.auth_remembered()} <a href="/">{m.auth_login_link()}</a>
      </p>
    </form>
  );
}
