import { m } from '../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { checkChangePassword } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { PasswordField } from './_ui/password-field';
import { FormFailure } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { useForm, type Posted } from './_ui/use-form';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** spec §2 Profile settings, Change Password card. */
export default function ChangePasswordForm({ form: posted, formToken }: { form?: Posted; formToken?: string } = {}) {
  const form = useForm(EMPTY, checkChangePassword, posted);
  const [busy, setBusy] = useState(false);
  const { values, errors, set } = form;

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    setBusy(true);
    try {
      const r = await api('/user/change-password', {
        method: 'PATCH',
        body: { currentPassword: values.currentPassword, newPassword: values.newPassword },
        inlineFields: ['currentPassword', 'newPassword'],
      });
      if (r.status === 200 && r.success) {
        toast.success(r.message || m.islands_password_changed(), { id: 'password-changed' });
        form.reset(EMPTY);
      } else form.showServerErrors(r.fieldErrors);
    } catch {
      // The shared client has already shown the network failure.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" method="post" action="/profile-setting" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="password" />
      <FormToken value={formToken} />
      <FormFailure message={posted?.message} />
      <PasswordField id="change-current" name="currentPassword" label={m.islands_password_current()} value={values.currentPassword} onValue={(v) => set('currentPassword', v)} error={errors.currentPassword} />
      <PasswordField
        id="change-new"
        name="newPassword"
        label={m.islands_password_new()}
        autoComplete="new-password"
        hint={m.fields_password_rule()}
        value={values.newPassword}
        onValue={(v) => set('newPassword', v)}
        error={errors.newPassword}
      />
      <PasswordField id="change-confirm" name="confirmPassword" label={m.islands_password_confirm()} autoComplete="new-password" value={values.confirmPassword} onValue={(v) => set('confirmPassword', v)} error={errors.confirmPassword} />
      <SubmitButton busy={busy} label={m.islands_password_change()} busyLabel={m.islands_password_changing()} />
    </form>
  );
}
