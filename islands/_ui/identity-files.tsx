import { m } from '../../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState } from 'react';
import { FILE_TOO_LARGE as TOO_LARGE, MAX_DOCUMENT_BYTES as MAX_FILE_BYTES, NOT_A_DOCUMENT, NOT_A_PHOTO } from '../../src/shared/schemas/identity';
import { FieldError } from './field';

// The English of the file checks (src/shared); the form says them in its page's language.
export { MAX_FILE_BYTES, NOT_A_DOCUMENT, NOT_A_PHOTO, TOO_LARGE };
const ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';
const ACCEPT_PHOTO = 'image/jpeg,image/png,.jpg,.jpeg,.png';

type Words = () => string;
export const PARTS: { name: 'front' | 'back' | 'selfie'; label: Words; hint: Words; preview: Words; missing: Words; required: boolean }[] = [
  { name: 'front', label: m.islands_identity_front, hint: m.islands_identity_front_hint, preview: m.islands_identity_preview_front, missing: m.islands_identity_missing_front, required: true },
  { name: 'back', label: m.islands_identity_back, hint: m.islands_identity_back_hint, preview: m.islands_identity_preview_back, missing: m.islands_identity_missing_back, required: false },
  { name: 'selfie', label: m.islands_identity_selfie, hint: m.islands_identity_selfie_hint, preview: m.islands_identity_preview_selfie, missing: m.islands_identity_missing_selfie, required: true },
];

/** A file part left empty, in the page's language. */
export const partMissing = (part: string) => (PARTS.find((p) => p.name === part) ?? PARTS[0]!).missing();

export type IdentityFilesProps = {
  errors?: Record<string, string>;
  /** A file field's message is answered by choosing a file (the form forgets it then). */
  onChosen?: (part: string) => void;
};
type Chosen = { name: string; size: number; preview: string | null; error: string | null };

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** What the browser can tell before sending: too large, or plainly not a JPEG, PNG or PDF (the server reads the bytes). */
export function checkChosen(f: { size: number; type: string; name: string }, part = 'front'): string | null {
  if (f.size > MAX_FILE_BYTES) return m.islands_identity_too_large();
  if (part === 'selfie' && (f.type === 'application/pdf' || /\.pdf$/i.test(f.name))) return m.islands_identity_not_photo();
  const byName = /\.(jpe?g|png|pdf)$/i.test(f.name);
  if (f.type && !/^(image\/jpeg|image\/png|application\/pdf)$/.test(f.type) && !byName) return m.islands_identity_not_document();
  return null;
}

/**
 * The verify form's three file fields. Rendered by the server as plain file inputs (the form posts them without
 * script); once hydrated, each shows a preview of the chosen picture and says at once when a file is too large.
 * Previews are data: URLs (the site's CSP allows no blob: images) and never leave the page.
 * The browser draws a file input's button and "No file chosen" in its own language, not the page's: with script
 * on, the input lies transparent over a box that says both in the page's language (identity.css); with script off
 * (`scripting: none`) the browser's own input shows, which alone tells that a file was chosen.
 */
export function IdentityFiles({ errors = {}, onChosen }: IdentityFilesProps) {
  const [chosen, setChosen] = useState<Record<string, Chosen | undefined>>({});
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  // A file chosen before the island woke (the tap that chose it is what woke it): read it once hydrated.
  useEffect(() => {
    for (const p of PARTS) {
      const el = inputs.current[p.name];
      if (el?.files?.[0]) pick(p.name, el);
    }
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  function pick(part: string, input: HTMLInputElement) {
    const f = input.files?.[0];
    onChosen?.(part);
    if (!f) return setChosen((c) => ({ ...c, [part]: undefined }));
    const error = checkChosen(f, part);
    input.setCustomValidity(error ?? '');
    setChosen((c) => ({ ...c, [part]: { name: f.name, size: f.size, preview: null, error } }));
    if (error || !/^image\/(jpeg|png)$/.test(f.type)) return;
    const reader = new FileReader();
    reader.onload = () =>
      setChosen((c) => (c[part]?.name === f.name ? { ...c, [part]: { ...c[part]!, preview: typeof reader.result === 'string' ? reader.result : null } } : c));
    reader.readAsDataURL(f);
  }
  return (
    <>
      {PARTS.map((p) => {
        const id = `verify-${p.name}`;
        const c = chosen[p.name];
        // The form's own messages stay until it clears them (onChosen); alone, a chosen file answers the server's.
        const error = c?.error ?? (onChosen || !c ? errors[p.name] : undefined);
        return (
          <div className="field" key={p.name}>
            <label htmlFor={id}>{p.label()}</label>
            <div className="file-pick">
              <input id={id} name={p.name} type="file" accept={p.name === 'selfie' ? ACCEPT_PHOTO : ACCEPT} required={p.required} aria-invalid={error ? true : undefined}
                aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')} onChange={(e) => pick(p.name, e.target)}
                ref={(el) => void (inputs.current[p.name] = el)} />
              {/* What the input says, in the page's language; the input itself keeps its name and role for screen readers. */}
              <span className="file-pick-button" aria-hidden="true">{m.islands_identity_choose_file()}</span>
              <span className="file-pick-name" aria-hidden="true">{c ? c.name : m.islands_identity_no_file()}</span>
            </div>
            <p className="field-hint" id={`${id}-hint`}>{p.hint()}</p>
            {c && !c.error && (
              <div className="identity-preview" data-preview={p.name}>
                {c.preview ? <img src={c.preview} alt={p.preview()} /> : null}
                <span>{`${c.name} (${kb(c.size)})`}</span>
              </div>
            )}
            <FieldError id={id} error={error} />
          </div>
        );
      })}
    </>
  );
}
