import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { FieldError } from './_ui/field';
import { NETWORK_ERROR } from './_client/api';
import { navigation } from './_client/navigate';
import { uploadForm } from './_client/upload';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'This file is larger than 10 MB. Upload a smaller photo or scan.';
export const NOT_A_DOCUMENT = 'Upload a JPEG, PNG or PDF file.';
/** The selfie is a photo: a scan format is refused for it (the operator compares a face). */
export const NOT_A_PHOTO = 'Upload a photo of yourself: a JPEG or PNG file.';
const ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';
const ACCEPT_PHOTO = 'image/jpeg,image/png,.jpg,.jpeg,.png';

export const PARTS: { name: 'front' | 'back' | 'selfie'; label: string; hint: string; required: boolean }[] = [
  { name: 'front', label: 'Front of your ID', hint: 'A clear photo or scan: JPEG, PNG or PDF, up to 10 MB.', required: true },
  { name: 'back', label: 'Back of your ID', hint: "Driver's licenses and state IDs only; leave empty for a passport.", required: false },
  { name: 'selfie', label: 'A photo of yourself', hint: 'Your face, well lit, looking at the camera. JPEG or PNG, up to 10 MB.', required: true },
];

export type IdentityFilesProps = { errors?: Record<string, string> };
/** Where a sent form leads: the page again, saying the documents arrived. */
export const SUBMITTED_PATH = '/verify-identity?submitted=1';
const FILE_PARTS = new Set(['front', 'back', 'selfie']);
// The form's other fields, by name, for a refusal's list (their inputs are the server's, outside the island).
const FIELD_LABELS: Record<string, string> = {
  legalName: 'Full legal name', dateOfBirth: 'Date of birth', addressLine1: 'Street address', addressLine2: 'Apartment, suite', city: 'City',
  state: 'State', postalCode: 'ZIP code', idType: 'Type of ID', body: 'The form',
};
type Failure = { message: string; fields: [string, string][] };
type Chosen = { name: string; size: number; preview: string | null; error: string | null };

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** What the browser can tell before sending: too large, or plainly not a JPEG, PNG or PDF (the server reads the bytes). */
export function checkChosen(f: { size: number; type: string; name: string }, part = 'front'): string | null {
  if (f.size > MAX_FILE_BYTES) return TOO_LARGE;
  if (part === 'selfie' && (f.type === 'application/pdf' || /\.pdf$/i.test(f.name))) return NOT_A_PHOTO;
  const byName = /\.(jpe?g|png|pdf)$/i.test(f.name);
  if (f.type && !/^(image\/jpeg|image\/png|application\/pdf)$/.test(f.type) && !byName) return NOT_A_DOCUMENT;
  return null;
}

/**
 * The verify form's three file fields. Rendered by the server as plain file inputs (the form posts them without
 * script); once hydrated, each shows a preview of the chosen picture and says at once when a file is too large.
 * Previews are data: URLs (the site's CSP allows no blob: images) and never leave the page.
 */
export default function IdentityFiles({ errors: posted = {} }: IdentityFilesProps) {
  const [chosen, setChosen] = useState<Record<string, Chosen | undefined>>({});
  const [errors, setErrors] = useState(posted);
  const [sent, setSent] = useState<number | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  // Once hydrated, the enclosing form is sent from here: with its progress shown, the chosen files kept on a refusal,
  // and the API's own words (a 503 when too many players upload at once, a 409) said in place.
  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    let busy = false;
    const onSubmit = async (e: SubmitEvent) => {
      e.preventDefault();
      if (busy) return;
      busy = true;
      setFailure(null);
      setSent(0);
      try {
        const a = await uploadForm('/identity/submission', new FormData(form), (done, total) => setSent(Math.min(100, Math.floor((done / total) * 100))));
        if (a.status === 201) return navigation.assign(SUBMITTED_PATH);
        if (a.status === 401) return navigation.assign('/login?next=%2Fverify-identity');
        const list: { field?: unknown; message?: unknown }[] = Array.isArray(a.json?.errors) ? a.json!.errors : [];
        const files: Record<string, string> = {};
        const others: [string, string][] = [];
        for (const x of list) {
          if (typeof x.field !== 'string' || typeof x.message !== 'string') continue;
          if (FILE_PARTS.has(x.field)) files[x.field] = x.message;
          else others.push([FIELD_LABELS[x.field] ?? x.field, x.message]);
        }
        setErrors(files);
        setChosen((c) => Object.fromEntries(Object.entries(c).filter(([k]) => !files[k])));
        const message = list.length ? 'Please correct what is marked and submit again.' : typeof a.json?.message === 'string' ? a.json.message : 'Your documents could not be sent. Please try again.';
        setFailure({ message, fields: others });
      } catch {
        setFailure({ message: `${NETWORK_ERROR} Your files are still chosen: submit again when you are back online.`, fields: [] });
      } finally {
        busy = false;
        setSent(null);
      }
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  function pick(part: string, e: ChangeEvent<HTMLInputElement>) {
    const f = e.target.files?.[0];
    if (!f) return setChosen((c) => ({ ...c, [part]: undefined }));
    const error = checkChosen(f, part);
    e.target.setCustomValidity(error ?? '');
    setChosen((c) => ({ ...c, [part]: { name: f.name, size: f.size, preview: null, error } }));
    if (error || !/^image\/(jpeg|png)$/.test(f.type)) return;
    const reader = new FileReader();
    reader.onload = () =>
      setChosen((c) => (c[part]?.name === f.name ? { ...c, [part]: { ...c[part]!, preview: typeof reader.result === 'string' ? reader.result : null } } : c));
    reader.readAsDataURL(f);
  }
  return (
    <div ref={root} className="identity-files">
      {failure && (
        <div className="alert alert-error" role="alert" tabIndex={-1} ref={failureRef} data-upload-failure="">
          <p>{failure.message}</p>
          {failure.fields.length > 0 && <ul>{failure.fields.map(([label, message]) => <li key={label}>{`${label}: ${message}`}</li>)}</ul>}
        </div>
      )}
      {PARTS.map((p) => {
        const id = `verify-${p.name}`;
        const c = chosen[p.name];
        const error = c?.error ?? (c ? undefined : errors[p.name]);
        return (
          <div className="field" key={p.name}>
            <label htmlFor={id}>{p.label}</label>
            <input id={id} name={p.name} type="file" accept={p.name === 'selfie' ? ACCEPT_PHOTO : ACCEPT} required={p.required} aria-invalid={error ? true : undefined}
              aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')} onChange={(e) => pick(p.name, e)} />
            <p className="field-hint" id={`${id}-hint`}>{p.hint}</p>
            {c && !c.error && (
              <div className="identity-preview" data-preview={p.name}>
                {c.preview ? <img src={c.preview} alt={`Preview of the ${p.label.toLowerCase()}`} /> : null}
                <span>{`${c.name} (${kb(c.size)})`}</span>
              </div>
            )}
            <FieldError id={id} error={error} />
          </div>
        );
      })}
      {sent !== null && (
        <div className="upload-progress" role="status">
          <progress max={100} value={sent} aria-label="Upload progress" />
          <span>{sent < 100 ? `Sending your documents… ${sent}%` : 'Checking your documents…'}</span>
        </div>
      )}
    </div>
  );
}
