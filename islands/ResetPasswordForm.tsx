import { m } from '../src/i18n/paraglide/messages.js';
import { Rich } from '../src/i18n/rich';
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
 * What the form says and where it posts: a reset from a mailed link, or a new operator's first password. Message
 * functions, called while rendering, so each render speaks its page's language.
 */
const KINDS = {
  reset: { path: '/reset-password', button: m.auth_update_password, busy: m.auth_updating, bad: m.auth_reset_invalid, again: () => <a href="/forgot-password">{m.auth_reset_new_link()}</a> },
  set: { path: '/set-password', button: m.auth_set_password_button, busy: m.auth_saving, bad: m.auth_set_link_invalid, again: () => <Rich text={m.auth_set_ask_operator()} /> },
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
      setFailure(m.auth_reset_failed());
    } finally {
      setBusy(false);
    }
  }

  if (done && kind === 'set')
    return (
      <ResultPanel tone="success" title={m.auth_password_set_title()}>
        <p>{m.auth_password_set()}</p>
        <a className="btn btn-primary" href="/login?next=%2Fadmin">
          {m.auth_go_login()}
        </a>
      </ResultPanel>
    );
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
    <form className="form" method="post" action={`${k.path}/${encodeURIComponent(id)}`} noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      {expired && (
        <p className="alert alert-error" role="alert">
          {k.bad()} {k.again()}
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
      <SubmitButton busy={busy} label={k.button()} busyLabel={k.busy()} />
      {kind === 'reset' && (
        <p className="form-foot">
          {m.auth_remembered()} <a href="/">{m.auth_login_link()}</a>
        </p>
      )}
    </form>
  );
}
