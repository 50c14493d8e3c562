import { m } from '../../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { Rich } from '../../src/i18n/rich';
import { copyText } from '../_client/clipboard';
import { useHydrated } from '../_client/use-hydrated';
import { toast } from '../_client/toast';
import { SubmitButton } from './busy';
import { FieldError, FormFailure } from './field';
import { FormToken } from './form-token';
import { TotpField } from './totp-field';

export const TWO_STEP_ACTION = '/profile-setting#two-step';

/** What a plain post or the API said about one of the section's forms. */
export type Said = { errors?: Record<string, string>; message?: string | null } | null;

/** The manual key in groups of four, as authenticator apps show it. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The text the download saves: what the codes are for, then one code a line. */
export function recoveryCodesText(siteName: string, codes: string[]): string {
  return [m.islands_twostep_file_title({ site: siteName }), m.islands_twostep_file_text(), '', ...codes, ''].join('\n');
}

/** The ten codes, shown once: copy (with script) and download (a plain link, so it works without script too). */
export function RecoveryCodes({ codes, siteName, onDone }: { codes: string[]; siteName: string; onDone?: () => void }) {
  const hydrated = useHydrated();
  const text = recoveryCodesText(siteName, codes);
  async function copy() {
    if (await copyText(codes.join('\n'))) toast.success(m.islands_twostep_codes_copied(), { id: 'recovery-copied' });
    else toast.error(m.islands_twostep_copy_failed(), { id: 'recovery-copied' });
  }
  return (
    <div className="recovery-codes" role="region" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title">{m.islands_twostep_save_title()}</h3>
      <p>
        <Rich text={m.islands_twostep_save_text()} />
      </p>
      <ol className="recovery-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="form-row recovery-code-actions">
        {hydrated && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={copy}>
            {m.islands_twostep_copy_codes()}
          </button>
        )}
        <a className="btn btn-ghost btn-sm" download={m.islands_twostep_file_name({ site: siteName.toLowerCase() })} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}>
          {m.islands_twostep_download_codes()}
        </a>
        <a className="btn btn-primary btn-sm" href={TWO_STEP_ACTION} onClick={(e) => { if (onDone) { e.preventDefault(); onDone(); } }}>
          {m.islands_twostep_saved()}
        </a>
      </div>
    </div>
  );
}

/**
 * A form that takes only a two-step code (turn off, new recovery codes): a plain post to the profile page that the
 * island sends through the API instead.
 */
export function CodeForm({ action, id, label, busyLabel, formToken, said, send, danger }: {
  action: string; id: string; label: string; busyLabel: string; formToken?: string; said: Said; danger?: boolean;
  /** Sends the code; answers what went wrong, or null when done. */
  send: (totp: string) => Promise<Said>;
}) {
  const [totp, setTotp] = useState('');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Said>(said);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await send(totp.trim());
      setShown(r);
      if (r) setTotp('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={`form two-step-form${danger ? ' two-step-danger' : ''}`} method="post" action={TWO_STEP_ACTION} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value={action} />
      <FormToken value={formToken} />
      <FormFailure message={shown?.message} />
      <TotpField id={id} value={totp} onValue={(v) => { setTotp(v); setShown(null); }} error={shown?.errors?.totp} />
      <SubmitButton busy={busy} label={label} busyLabel={busyLabel} />
    </form>
  );
}

/** The confirmation code of the set-up: six digits from the app that just scanned the key. */
export function SetupCodeField({ value, onValue, error }: { value: string; onValue: (v: string) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor="two-step-code">{m.islands_twostep_code_label()}</label>
      <input id="two-step-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={value}
        onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'two-step-code-error' : undefined} />
      <FieldError id="two-step-code" error={error} />
    </div>
  );
}
