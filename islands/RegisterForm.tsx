import { m } from '../src/i18n/paraglide/messages.js';
import { Rich } from '../src/i18n/rich';
import { useState } from 'react';
import { checkRegister, REFERRAL_SOURCES, type ReferralSource, passwordRule } from '../src/shared/schemas/account';
import { api } from './_client/api';
import { SubmitButton } from './_ui/busy';
import { EmailVerificationModal } from './_ui/email-verification-modal';
import { CheckboxField, describedBy, FieldError, TextField, FormFailure } from './_ui/field';
import { PasswordField } from './_ui/password-field';
import { ResultPanel } from './_ui/result-panel';
import { useForm, type Posted } from './_ui/use-form';

export const REGISTER_FAILED = 'Registration failed. Please try again later.';
const SOURCE_LABELS: Record<ReferralSource, () => string> = {
  onlineSearch: m.auth_source_online,
  friend: m.auth_source_friend,
  email: m.auth_source_email,
  sms: m.auth_source_sms,
  facebook: m.auth_source_facebook,
  other: m.auth_source_other,
};
const INITIAL = {
  email: '',
  password: '',
  termsAccepted: false,
  ageConfirmed: false,
  state: '',
  ...(Object.fromEntries(REFERRAL_SOURCES.map((k) => [`ref-${k}`, false])) as Record<`ref-${ReferralSource}`, boolean>),
};
type Values = typeof INITIAL;

/** The referral answer is the first ticked source, in the order the form lists them (spec §3). */
const referenceOf = (v: Values): ReferralSource | null => REFERRAL_SOURCES.find((k) => v[`ref-${k}`]) ?? null;
const check = (v: Values) => checkRegister({ ...v, reference: referenceOf(v) });
const FIELDS = ['email', 'password', 'termsAccepted', 'ageConfirmed', 'reference', 'state'];

/**
 * spec §2 Register, used on /register and inside the landing page's register panel (`idPrefix` keeps ids unique).
 * A real form posting to /register, so it works before and without script; `form` is a refused plain post.
 */
export default function RegisterForm({ idPrefix = 'register', form: posted, mailbox, states }: { idPrefix?: string; form?: Posted; mailbox?: string;
  /** US states to choose from, when some are restricted (RESTRICTED_STATES); the server checks the choice. */
  states?: [string, string][] | null }) {
  // The referral boxes share one message: ticking any of them answers it.
  const form = useForm(INITIAL, (v) => ({ ...check(v), ...(states && !v.state && { state: m.auth_state_required() }) }), posted, (f) => (f.startsWith('ref-') ? 'reference' : f));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState(posted?.message ?? '');
  const [registered, setRegistered] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const { values, errors, set } = form;
  const id = (name: string) => `${idPrefix}-${name}`;

  async function submit(e: React.FormEvent) {
    if (!form.attempt(e)) return;
    const email = values.email.trim();
    setFailure('');
    setBusy(true);
    try {
      const r = await api('/register', {
        method: 'POST',
        body: { email, password: values.password, reference: referenceOf(values), userType: 'USER', termsAccepted: values.termsAccepted, ageConfirmed: values.ageConfirmed, ...(states && { state: values.state }) },
        anonymous: true,
        inlineFields: FIELDS,
      });
      if (r.success) {
        setRegistered(email);
        setDialog(true);
      } else form.showServerErrors(r.fieldErrors);
    } catch {
      setFailure(m.auth_register_failed());
    } finally {
      setBusy(false);
    }
  }

  if (registered)
    return (
      <>
        <ResultPanel tone="success" title={m.auth_registered_title()} focus={!dialog}>
          <p>
            <Rich text={m.auth_registered_text({ email: registered })} />
          </p>
          <a className="btn btn-primary" href="/login">
            {m.auth_go_login()}
          </a>
        </ResultPanel>
        {dialog && <EmailVerificationModal email={registered} onClose={() => setDialog(false)} mailbox={mailbox} />}
      </>
    );
  return (
    <form className="form" method="post" action="/register" noValidate onSubmit={submit} ref={form.formRef} aria-busy={busy || undefined}>
      <FormFailure message={failure} />
      <TextField id={id('email')} name="email" label={m.auth_email_label()} type="email" autoComplete="email" autoFocus={form.autoFocusOn('email')} value={values.email} onValue={(v) => set('email', v)} error={errors.email} />
      <PasswordField
        id={id('password')}
        autoFocus={form.autoFocusOn('password')}
        name="password"
        label={m.auth_password_label()}
        autoComplete="new-password"
        hint={passwordRule()}
        value={values.password}
        onValue={(v) => set('password', v)}
        error={errors.password}
      />
      {states && (
        <div className="field">
          <label htmlFor={id('state')}>{m.auth_state_label()}</label>
          <select id={id('state')} name="state" value={values.state} onChange={(e) => set('state', e.target.value)} {...describedBy(id('state'), errors.state)}>
            <option value="">{m.auth_choose()}</option>
            {states.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
          </select>
          <FieldError id={id('state')} error={errors.state} />
        </div>
      )}
      <fieldset className="field checkbox-group">
        <legend>{m.auth_heard()}</legend>
        <div className="checkbox-grid">
          {REFERRAL_SOURCES.map((k) => (
            <label className="checkbox" key={k}>
              <input id={id(`ref-${k}`)} name={`ref-${k}`} type="checkbox" checked={values[`ref-${k}`]} onChange={(e) => set(`ref-${k}`, e.target.checked)} {...describedBy(id('reference'), errors.reference)} />
              <span>{SOURCE_LABELS[k]()}</span>
            </label>
          ))}
        </div>
        <FieldError id={id('reference')} error={errors.reference} />
      </fieldset>
      <CheckboxField id={id('terms')} name="termsAccepted" checked={values.termsAccepted} onValue={(v) => set('termsAccepted', v)} error={errors.termsAccepted} autoFocus={form.autoFocusOn('termsAccepted')}>
        <Rich text={m.auth_accept_terms()} links={[(w) => <a href="/terms-condition">{w}</a>, (w) => <a href="/privacy-policy">{w}</a>]} />
      </CheckboxField>
      <CheckboxField id={id('age')} name="ageConfirmed" checked={values.ageConfirmed} onValue={(v) => set('ageConfirmed', v)} error={errors.ageConfirmed} autoFocus={form.autoFocusOn('ageConfirmed')}>
        {m.auth_confirm_age()}
      </CheckboxField>
      <SubmitButton busy={busy} label={m.auth_register_button()} busyLabel={m.auth_registering()} />
      <p className="form-foot">
        {m.auth_have_account()} <a href="/login">{m.auth_login_link()}</a>
      </p>
    </form>
  );
}
