import { m } from '../../src/i18n/paraglide/messages.js';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type'>;

/**
 * The message under a field; its id is what the input's aria-describedby points at. An alert as well: a message
 * that appears while focus is already in its field (Enter pressed there) is otherwise never read out.
 */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="field-error" id={`${id}-error`} role="alert">
      {error}
    </p>
  ) : null;
}

/** Accessibility wiring every input shares: invalid state and the message that explains it. */
export const describedBy = (id: string, error?: string) => ({
  'aria-invalid': error ? (true as const) : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function TextField({
  id,
  label,
  value,
  onValue,
  error,
  type = 'text',
  ...rest
}: InputProps & { id: string; label: string; value: string; onValue: (v: string) => void; error?: string; type?: 'text' | 'email' | 'tel' }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} onChange={(e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value)} {...describedBy(id, error)} {...rest} />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function CheckboxField({
  id,
  name,
  checked,
  onValue,
  error,
  autoFocus,
  children,
}: {
  id: string;
  name?: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  error?: string;
  autoFocus?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field field-check">
      <label className="checkbox">
        <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onValue(e.target.checked)} {...describedBy(id, error)} autoFocus={autoFocus} />
        <span>{children}</span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

// What a failure's link is called: the pages a refusal can send a player to.
const LINK_LABELS: Record<string, () => string> = { '/verify-identity': m.islands_link_verify_identity };

/** The form-level failure (a thrown request, a rule that belongs to no one field), announced when it appears. */
export function FormFailure({ message, link }: { message: string | null | undefined; link?: string | null }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert">
      {message}
      {link && (
        <>
          {' '}
          <a href={link}>{(Object.hasOwn(LINK_LABELS, link) ? LINK_LABELS[link]! : m.islands_link_open_page)()}</a>
        </>
      )}
    </p>
  );
}
