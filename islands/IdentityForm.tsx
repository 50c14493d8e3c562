import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { checkIdentityDetails } from '../src/shared/schemas/identity';
import { NETWORK_ERROR, SESSION_EXPIRED } from './_client/api';
import { navigation } from './_client/navigate';
import { word } from './_client/page-words';
import { toast } from './_client/toast';
import { uploadForm } from './_client/upload';
import { describedBy, FieldError, FormFailure } from './_ui/field';
import { FormToken } from './_ui/form-token';
import { checkChosen, IdentityFiles, partMissing } from './_ui/identity-files';

export type IdentityFormProps = {
  formToken?: string;
  /** A refused plain post: what was typed and why (files are never kept by a browser across pages). */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string | null;
  states: [string, string][];
  /** Each ID type: its key, its name, and whether its back is asked for. */
  idTypes: [string, string, boolean][];
};

const FILE_PARTS = ['front', 'back', 'selfie'];
const TEXT = ['legalName', 'dateOfBirth', 'addressLine1', 'addressLine2', 'city', 'state', 'postalCode', 'idType'];
const FIELDS = new Set([...TEXT, ...FILE_PARTS]);
/** Where a sent form leads: the page again, saying the documents arrived. */
export const SUBMITTED_PATH = '/verify-identity?submitted=1';

/**
 * The identity submission: a plain multipart form the server takes without script. Once hydrated, it checks what
 * it can before sending three photos (21+, every field, each file's type and size), uploads with a progress bar,
 * and keeps everything typed and chosen when the server refuses, its messages at their fields.
 */
export default function IdentityForm(props: IdentityFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(props.errors ?? {});
  const [message, setMessage] = useState<string | null>(props.message ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [focusTick, setFocusTick] = useState(0);
  // The script's own messages replace the browser's bubbles, in the site's words and at their fields.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  useEffect(() => {
    // The first field marked, else the button that sends again (a disabled button lost the focus while sending).
    if (focusTick) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('button[type="submit"]'))?.focus();
  }, [focusTick]);
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);

  /** The form's fields and its chosen files, as the plain post would send them. */
  function collect(form: HTMLFormElement): FormData {
    const data = new FormData(form);
    for (const part of FILE_PARTS) {
      const input = form.elements.namedItem(part);
      const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
      if (file) data.set(part, file, file.name);
      else data.delete(part);
    }
    return data;
  }

  function check(data: FormData): Record<string, string> {
    const typed = Object.fromEntries(TEXT.map((k) => [k, String(data.get(k) ?? '')]));
    const found = checkIdentityDetails(typed, Date.now(), { states: props.states.map(([c]) => c), idTypes: props.idTypes.map(([k]) => k) });
    const needsBack = props.idTypes.find(([k]) => k === typed.idType)?.[2] ?? true;
    for (const part of ['front', ...(needsBack ? ['back'] : []), 'selfie']) {
      const f = data.get(part);
      const problem = f instanceof File && f.size > 0 ? checkChosen(f, part) : partMissing(part);
      if (problem) found[part] = problem;
    }
    return found;
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (progress !== null) return;
    const data = collect(e.currentTarget);
    const found = check(data);
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length) return setFocusTick((n) => n + 1);
    setProgress(0);
    try {
      // The form's own order: `_action` and `_token` first, then the details, then the files (the route reads it as it arrives).
      const a = await uploadForm('/identity/submission', data, (done, total) => setProgress(Math.min(1, done / total)));
      if (a.status === 201 && a.json?.success === true) return navigation.assign(SUBMITTED_PATH);
      if (a.status === 401) {
        toast.error(word('sessionExpired', SESSION_EXPIRED), { id: 'session-expired' });
        return navigation.assign('/login?next=%2Fverify-identity');
      }
      // A field of the form's at its field; anything else (a form that could not be read) and a refusal of the whole
      // upload (409 under review or already uploading, 503 too many at once, 408 too slow) in the API's words above.
      const fields: Record<string, string> = {};
      const others: string[] = [];
      for (const x of Array.isArray(a.json?.errors) ? a.json!.errors : []) {
        if (typeof x?.field !== 'string' || typeof x.message !== 'string') continue;
        if (FIELDS.has(x.field)) fields[x.field] ??= x.message;
        else others.push(x.message);
      }
      setErrors(fields);
      const whole = typeof a.json?.message === 'string' ? a.json.message : m.islands_identity_not_sent();
      setMessage(others.length ? others.join(' ') : Object.keys(fields).length ? null : whole);
      setFocusTick((n) => n + 1);
    } catch {
      setMessage(`${word('networkError', NETWORK_ERROR)} ${m.islands_identity_offline()}`);
      setFocusTick((n) => n + 1);
    } finally {
      setProgress(null);
    }
  }

  const text = (name: string, label: string, rest: Record<string, unknown> = {}, children?: ReactNode) => {
    const id = `verify-${name}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} name={name} defaultValue={props.values?.[name] ?? ''} onInput={() => clear(name)} {...describedBy(id, errors[name])} {...rest} />
        {children}
        <FieldError id={id} error={errors[name]} />
      </div>
    );
  };
  const select = (name: string, label: string, options: [string, string][]) => {
    const id = `verify-${name}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} name={name} defaultValue={props.values?.[name] ?? ''} required onChange={() => clear(name)} {...describedBy(id, errors[name])}>
          <option value="">{m.auth_choose()}</option>
          {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
        <FieldError id={id} error={errors[name]} />
      </div>
    );
  };
  const busy = progress !== null;
  return (
    <form className="form verify-form" method="post" action="/verify-identity" encType="multipart/form-data" aria-labelledby="verify-form-title" onSubmit={submit} ref={formRef} aria-busy={busy || undefined}>
      <input type="hidden" name="_action" value="submit" />
      <FormToken value={props.formToken} />
      <FormFailure message={message} />
      {text('legalName', m.islands_identity_legal_name(), { autoComplete: 'name', required: true, maxLength: 120 })}
      {text('dateOfBirth', m.islands_identity_birth(), { type: 'date', autoComplete: 'bday', required: true }, <p className="field-hint">{m.islands_identity_age_hint()}</p>)}
      {text('addressLine1', m.islands_identity_street(), { autoComplete: 'address-line1', required: true, maxLength: 200 })}
      {text('addressLine2', m.islands_identity_street2(), { autoComplete: 'address-line2', maxLength: 200 })}
      {text('city', m.islands_identity_city(), { autoComplete: 'address-level2', required: true, maxLength: 100 })}
      {select('state', m.islands_identity_state(), props.states)}
      {text('postalCode', m.islands_identity_zip(), { autoComplete: 'postal-code', inputMode: 'numeric', required: true, maxLength: 10 })}
      {select('idType', m.islands_identity_id_type(), props.idTypes.map(([k, l]) => [k, l]))}
      {/* A browser never keeps chosen files across a page: after a refused plain post the player is told to choose them again. */}
      {props.values && <p className="field-hint" role="note">{m.islands_identity_choose_again()}</p>}
      <IdentityFiles errors={errors} onChosen={clear} />
      <p className="field-hint">{m.islands_identity_privacy()}</p>
      {busy && (
        <div className="upload-progress" role="status">
          <label htmlFor="verify-progress">{progress < 1 ? m.islands_identity_sending_percent({ percent: Math.floor(progress * 100) }) : m.islands_identity_checking()}</label>
          <progress id="verify-progress" max={100} value={Math.floor(progress * 100)} />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? m.islands_identity_sending() : m.islands_identity_submit()}
      </button>
    </form>
  );
}
