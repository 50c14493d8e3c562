import { m } from '../../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { FieldError } from './field';
import { useHydrated } from '../_client/use-hydrated';

/** A password input with a show/hide toggle (spec §2); the toggle is a real button whose name says what it will do. */
export function PasswordField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  autoComplete = 'current-password',
  name,
  autoFocus,
}: {
  /** The field's name in a plain form post (the form works before the script runs). */
  name?: string;
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  autoComplete?: 'current-password' | 'new-password';
  autoFocus?: boolean;
}) {
  const [shown, setShown] = useState(false);
  // Only a running script can show the password: until then (or without script) the button is not offered.
  const hydrated = useHydrated();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-toggle">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
        />
        <button type="button" hidden={!hydrated} aria-controls={id} aria-label={(shown ? m.auth_hide_label : m.auth_show_label)({ field: label.toLowerCase() })} onClick={() => setShown((s) => !s)}>
          {shown ? m.auth_hide() : m.auth_show()}
        </button>
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
