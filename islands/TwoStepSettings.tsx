import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState } from 'react';
import { Rich } from '../src/i18n/rich';
import { checkSetupCode } from '../src/shared/schemas/two-step';
import { api } from './_client/api';
import { toast } from './_client/toast';
import { SubmitButton } from './_ui/busy';
import { FormFailure } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { PasswordField } from './_ui/password-field';
import { CodeForm, groupedKey, RecoveryCodes, SetupCodeField, TWO_STEP_ACTION, type Said } from './_ui/two-step-parts';

type Setup = { secret: string; otpauthUrl: string; qrSvg: string };
type View = { kind: 'off' } | { kind: 'on' } | { kind: 'setup'; setup: Setup } | { kind: 'codes'; codes: string[] } | { kind: 'awaiting'; sentTo: string };

export type TwoStepSettingsProps = {
  enabled: boolean;
  siteName: string;
  formToken?: string;
  /** A plain post of this section, re-rendered: a set-up under way, the new recovery codes, or what was refused. */
  form?: { action: string; values?: Record<string, string>; errors?: Record<string, string>; message?: string | null } | null;
  /** Turning it on waits for a link mailed to the account's address (an operator, OPERATOR_TWO_STEP=required). */
  confirmsByEmail?: boolean;
  /** That link, mailed to this session's request and not yet opened: the section says to check the e-mail. */
  awaiting?: { sentTo: string } | null;
};

function firstView({ enabled, form, awaiting }: TwoStepSettingsProps): View {
  const v = form?.values ?? {};
  if (form?.action === '2fa-setup' && v.secret && v.otpauthUrl) return { kind: 'setup', setup: { secret: v.secret, otpauthUrl: v.otpauthUrl, qrSvg: v.qrSvg ?? '' } };
  if (form?.action === '2fa-codes' && v.recoveryCodes) return { kind: 'codes', codes: v.recoveryCodes.split(' ') };
  if (!enabled && awaiting) return { kind: 'awaiting', sentTo: awaiting.sentTo };
  return { kind: enabled ? 'on' : 'off' };
}

const saidBy = (form: TwoStepSettingsProps['form'], action: string): Said => (form?.action === action ? { errors: form.errors, message: form.message } : null);

/**
 * The profile page's two-step verification: turn it on (QR, manual key, a first code, then the recovery codes),
 * turn it off, and new recovery codes. Every step is a plain form post the page handles; this sends them through
 * the API without a reload.
 */
export default function TwoStepSettings(props: TwoStepSettingsProps) {
  const [view, setView] = useState<View>(() => firstView(props));
  const { formToken } = props;
  // Each step replaces the control that led to it: move focus to the new step (not on the first render), so a
  // keyboard or screen-reader user lands on it rather than on <body> at the top of the page.
  const box = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    box.current?.focus();
  }, [view.kind]);

  let panel;
  const onSetup = (setup: Setup) => setView({ kind: 'setup', setup });
  // A refused confirmation (the mailed link's button) is said where the section now is: off, or still waiting.
  const confirmSaid = saidBy(props.form, '2fa-confirm');
  if (view.kind === 'setup')
    panel = <SetupPanel setup={view.setup} formToken={formToken} said={saidBy(props.form, '2fa-setup')} byEmail={props.confirmsByEmail === true} onCodes={(codes) => setView({ kind: 'codes', codes })} onAwaiting={(sentTo) => setView({ kind: 'awaiting', sentTo })} />;
  else if (view.kind === 'codes') panel = <RecoveryCodes codes={view.codes} siteName={props.siteName} onDone={() => setView({ kind: 'on' })} />;
  else if (view.kind === 'awaiting') panel = <AwaitingPanel sentTo={view.sentTo} formToken={formToken} said={confirmSaid} onSetup={onSetup} />;
  else if (view.kind === 'off') panel = <TurnOn formToken={formToken} said={saidBy(props.form, '2fa-status') ?? confirmSaid} byEmail={props.confirmsByEmail === true} onSetup={onSetup} />;
  else panel = <OnPanel formToken={formToken} form={props.form} onOff={() => setView({ kind: 'off' })} onCodes={(codes) => setView({ kind: 'codes', codes })} />;
  return (
    <div ref={box} tabIndex={-1} className="two-step-view">
      {panel}
    </div>
  );
}

/** A new pending secret (the set-up's first step), through the API; the form posts it without script. */
function useSetup(onSetup: (s: Setup) => void) {
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await api<Setup>('/user/2fa/setup', { method: 'POST', body: {} });
      if (r.success && r.secret && r.otpauthUrl) onSetup({ secret: r.secret, otpauthUrl: r.otpauthUrl, qrSvg: r.qrSvg ?? '' });
    } catch {
      // The API client has already said the network failed.
    } finally {
      setBusy(false);
    }
  }
  return { busy, submit };
}

function TurnOn({ formToken, said, byEmail, onSetup }: { formToken?: string; said: Said; byEmail: boolean; onSetup: (s: Setup) => void }) {
  const { busy, submit } = useSetup(onSetup);
  return (
    <form className="form two-step-form" method="post" action={TWO_STEP_ACTION} onSubmit={submit} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="2fa-setup" />
      <FormToken value={formToken} />
      <FormFailure message={said?.message} />
      <p><Rich text={m.islands_twostep_off_text()} /></p>
      {byEmail && <p className="muted">{m.islands_twostep_operator_note()}</p>}
      <SubmitButton busy={busy} label={m.islands_twostep_turn_on_button()} busyLabel={m.islands_preparing()} />
    </form>
  );
}

/** An operator's set-up whose code was right: it waits for the mailed link, opened in this browser. */
function AwaitingPanel({ sentTo, formToken, said, onSetup }: { sentTo: string; formToken?: string; said: Said; onSetup: (s: Setup) => void }) {
  const restart = useSetup(onSetup);
  const [busy, setBusy] = useState(false);
  async function resend(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await api('/user/2fa/confirm/resend', { method: 'POST', body: {} });
      if (r.success) toast.success(m.islands_twostep_link_resent(), { id: 'two-step' });
    } catch {
      // The API client has already said the network failed.
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="form two-step-awaiting">
      <FormFailure message={said?.message} />
      <p className="alert alert-info" role="status">
        <Rich text={m.islands_twostep_awaiting({ email: sentTo })} links={[(w) => <strong className="break">{w}</strong>]} />
      </p>
      <form className="form two-step-form" method="post" action={TWO_STEP_ACTION} onSubmit={resend} aria-busy={busy || undefined}>
        <input type="hidden" name="_action" value="2fa-resend" />
        <FormToken value={formToken} />
        <SubmitButton busy={busy} label={m.islands_twostep_send_again()} busyLabel={m.islands_sending()} />
      </form>
      <form className="two-step-form form-row" method="post" action={TWO_STEP_ACTION} onSubmit={restart.submit} aria-busy={restart.busy || undefined}>
        <input type="hidden" name="_action" value="2fa-setup" />
        <FormToken value={formToken} />
        <span className="muted">{m.islands_twostep_other_app()}</span>
        <button type="submit" className="btn btn-ghost btn-sm" aria-busy={restart.busy || undefined} onClick={(e) => { if (restart.busy) e.preventDefault(); }}>
          {restart.busy ? m.islands_preparing() : m.islands_twostep_start_again()}
        </button>
      </form>
    </div>
  );
}

function SetupPanel({ setup, formToken, said, byEmail, onCodes, onAwaiting }: {
  setup: Setup; formToken?: string; said: Said; byEmail: boolean; onCodes: (codes: string[]) => void; onAwaiting: (sentTo: string) => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState(said?.errors?.code);
  const [passwordError, setPasswordError] = useState(said?.errors?.currentPassword);
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const local = checkSetupCode({ code }).code;
    setError(local);
    setPasswordError(password ? undefined : m.fields_current_password_required());
    if (local || !password) return;
    setBusy(true);
    try {
      const r = await api<{ recoveryCodes: string[]; awaitingEmail: { sentTo: string } }>('/user/2fa/enable', { method: 'POST', body: { code: code.trim(), currentPassword: password }, inlineFields: ['code', 'currentPassword'] });
      if (r.success && r.status === 202 && r.awaitingEmail) {
        toast.success(m.islands_twostep_check_email(), { id: 'two-step' });
        onAwaiting(r.awaitingEmail.sentTo);
      } else if (r.success && r.recoveryCodes) {
        toast.success(m.islands_twostep_now_on(), { id: 'two-step' });
        onCodes(r.recoveryCodes);
      } else {
        setError(r.fieldErrors.code);
        setPasswordError(r.fieldErrors.currentPassword);
      }
    } catch {
      // The API client has already said the network failed.
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="form two-step-form two-step-setup" method="post" action={TWO_STEP_ACTION} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="2fa-enable" />
      <input type="hidden" name="secret" value={setup.secret} />
      <input type="hidden" name="otpauthUrl" value={setup.otpauthUrl} />
      <FormToken value={formToken} />
      <FormFailure message={said?.message} />
      <ol className="two-step-steps">
        <li>
          <p>{m.islands_twostep_scan()}</p>
          {setup.qrSvg && <img className="two-step-qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`} width={200} height={200} alt={m.islands_twostep_qr_alt()} />}
        </li>
        <li>
          <p>{m.islands_twostep_cant_scan()}</p>
          <p><code className="two-step-key break" aria-label={m.islands_twostep_manual_key()}>{groupedKey(setup.secret)}</code></p>
        </li>
        <li>
          <p>{m.islands_twostep_enter_code()}</p>
          <SetupCodeField value={code} onValue={(v) => { setCode(v); setError(undefined); }} error={error} />
        </li>
      </ol>
      <PasswordField id="two-step-password" name="currentPassword" label={m.islands_your_password()} value={password} onValue={(v) => { setPassword(v); setPasswordError(undefined); }} error={passwordError} hint={m.islands_twostep_password_hint()} />
      {byEmail && <p className="muted">{m.islands_twostep_email_note()}</p>}
      <SubmitButton busy={busy} label={m.islands_twostep_turn_on()} busyLabel={m.islands_checking()} />
      <p className="form-foot"><a href="/profile-setting">{m.islands_cancel()}</a></p>
    </form>
  );
}

function OnPanel({ formToken, form, onOff, onCodes }: { formToken?: string; form: TwoStepSettingsProps['form']; onOff: () => void; onCodes: (codes: string[]) => void }) {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    void api<{ data: { recoveryCodesLeft: number } }>('/user/2fa', { quiet: true }).then((r) => r.success && setLeft(r.data?.recoveryCodesLeft ?? null)).catch(() => {});
  }, []);
  const answer = (r: Awaited<ReturnType<typeof api>>): Said => (r.success ? null : { errors: r.fieldErrors, message: Object.keys(r.fieldErrors).length ? null : r.message });
  return (
    <div className="two-step-on">
      <p>
        <Rich text={m.islands_twostep_on_text()} />
        {left !== null && <>{' '}<Rich text={m.islands_twostep_codes_left({ count: left })} /></>}
      </p>
      <h3>{m.islands_twostep_new_codes_title()}</h3>
      <p className="muted">{m.islands_twostep_new_codes_text()}</p>
      <CodeForm action="2fa-regenerate" id="two-step-regenerate-totp" label={m.islands_twostep_new_codes_button()} busyLabel={m.islands_preparing()} formToken={formToken} said={saidBy(form, '2fa-regenerate')}
        send={async (totp) => {
          const r = await api<{ recoveryCodes: string[] }>('/user/2fa/recovery-codes', { method: 'POST', body: { totp }, inlineFields: ['totp'] });
          if (r.success && r.recoveryCodes) onCodes(r.recoveryCodes);
          return answer(r);
        }} />
      <h3>{m.islands_twostep_off_title()}</h3>
      <p className="muted">{m.islands_twostep_off_lead()}</p>
      <CodeForm action="2fa-disable" id="two-step-disable-totp" label={m.islands_twostep_off_button()} busyLabel={m.islands_twostep_turning_off()} danger formToken={formToken} said={saidBy(form, '2fa-disable')}
        send={async (totp) => {
          const r = await api('/user/2fa/disable', { method: 'POST', body: { totp }, inlineFields: ['totp'] });
          if (r.success) {
            toast.success(r.message || m.islands_twostep_now_off(), { id: 'two-step' });
            onOff();
          }
          return answer(r);
        }} />
    </div>
  );
}
