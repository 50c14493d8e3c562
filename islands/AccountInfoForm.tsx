import { m } from '../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { Rich } from '../src/i18n/rich';
import { checkProfile } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { useHydrated } from './_client/use-hydrated';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { FormFailure, TextField } from './_ui/field';
import { PasswordField } from './_ui/password-field';
import { FormToken } from './_ui/form-token';
import { TotpField, useCodeAsked } from './_ui/totp-field';
import { useForm, type Posted } from './_ui/use-form';
import { checkTotp } from '../src/shared/schemas/two-step';

export type ProfileDetails = { name: string; phoneNo: string; email: string; pendingEmail: string | null };
type DetailsAnswer = { user: { name: string | null; phoneNo: string | null; email: string; pendingEmail?: string | null } };

const asDetails = (u: DetailsAnswer['user']): ProfileDetails => ({ name: u.name ?? '', phoneNo: u.phoneNo ?? '', email: u.email, pendingEmail: u.pendingEmail ?? null });

/** An operator's address is changed on the server's command line (the API refuses it too): the field only shows it. (The
 * English of the hint, which the form says in its page's language.) */
export const OPERATOR_EMAIL_HINT = "An operator's email is changed on the server's command line (coinreel admin email), not here.";

/**
 * spec §2 Profile settings, Account Info card. The server fills `user` into the first HTML. `operator`: the address
 * is read-only here.
 */
export default function AccountInfoForm({ user, form: posted, formToken, twoStep, operator }: { user: ProfileDetails; form?: Posted; formToken?: string; twoStep?: boolean; operator?: boolean }) {
  const [current, setCurrent] = useState(user.email);
  const hydrated = useHydrated();
  const code = useCodeAsked(twoStep, posted?.errors);
  // A new address would receive password resets: it takes the current password and, with two-step on, a code.
  const moving = (v: { email: string }) => v.email.trim().toLowerCase() !== current.toLowerCase();
  const changing = (v: { email: string }) => code.asked && moving(v);
  const check = (v: { name: string; phoneNo: string; email: string; totp: string; currentPassword: string }) => ({
    ...checkProfile(v),
    ...(moving(v) && !v.currentPassword ? { currentPassword: m.fields_current_password_required() } : {}),
    ...(changing(v) ? checkTotp(v) : {}),
  });
  const blank = { totp: '', currentPassword: '' };
  const form = useForm({ name: user.name, phoneNo: user.phoneNo, email: user.email, ...blank }, check, posted && { ...posted, values: { ...posted.values, ...blank } });
  const [pending, setPending] = useState(user.pendingEmail);
  const [busy, setBusy] = useState(false);
  const { values, errors, set } = form;

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    setBusy(true);
    try {
      const body = {
        name: values.name.trim(), phoneNo: values.phoneNo.trim(), email: values.email.trim(),
        ...(moving(values) && { currentPassword: values.currentPassword }),
        ...(changing(values) && { totp: values.totp.trim() }),
      };
      const r = await api('/user/update-profile', { method: 'PATCH', body, inlineFields: ['name', 'phoneNo', 'email', 'currentPassword', 'totp'], quietErrorTypes: ['EMAIL_TAKEN'] });
      code.note(r.errorType);
      if (!r.success) return form.showServerErrors(r.errorType === 'EMAIL_TAKEN' ? { email: r.message! } : r.fieldErrors);
      toast.success(r.message || m.islands_profile_updated(), { id: 'profile-updated' });
      // spec §4: a successful update re-reads the details (a new e-mail waits for verification).
      const fresh = await api<DetailsAnswer>('/user/details');
      if (fresh.success && fresh.user) {
        const d = asDetails(fresh.user);
        form.reset({ name: d.name, phoneNo: d.phoneNo, email: d.email, ...blank });
        setCurrent(d.email);
        setPending(d.pendingEmail);
      }
    } catch {
      // The shared client has already shown the network failure.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" method="post" action="/profile-setting" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="profile" />
      <FormToken value={formToken} />
      <FormFailure message={posted?.message} />
      <TextField id="profile-name" name="name" label={m.islands_profile_name()} autoComplete="name" value={values.name} onValue={(v) => set('name', v)} error={errors.name} />
      <TextField id="profile-phone" name="phoneNo" label={m.islands_profile_phone()} type="tel" inputMode="numeric" autoComplete="tel" value={values.phoneNo} onValue={(v) => set('phoneNo', v)} error={errors.phoneNo} />
      <TextField id="profile-email" name="email" label={m.islands_profile_email()} type="email" autoComplete="email" value={values.email} onValue={(v) => set('email', v)} error={errors.email}
        {...(operator && { readOnly: true, 'aria-describedby': errors.email ? 'profile-email-error profile-email-hint' : 'profile-email-hint' })} />
      {operator && <p className="field-hint" id="profile-email-hint">{m.islands_profile_operator_email()}</p>}
      {/* Without script the field is always there, so a new address takes one post; with it, once the address changes. */}
      {!operator && (!hydrated || moving(values) || errors.currentPassword) && (
        <PasswordField id="profile-current-password" name="currentPassword" label={m.islands_your_password()} value={values.currentPassword} onValue={(v) => set('currentPassword', v)} error={errors.currentPassword} hint={m.islands_profile_password_hint()} />
      )}
      {changing(values) && <TotpField id="profile-totp" value={values.totp} onValue={(v) => set('totp', v)} error={errors.totp} />}
      {pending && (
        <p className="alert alert-info" role="status">
          <Rich text={m.islands_profile_pending({ email: pending })} links={[(w) => <strong className="break">{w}</strong>]} />
        </p>
      )}
      <SubmitButton busy={busy} label={m.islands_profile_update()} busyLabel={m.islands_profile_updating()} />
    </form>
  );
}
