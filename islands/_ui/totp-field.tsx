import { m } from '../../src/i18n/paraglide/messages.js';
import { useState } from 'react';
import { TOTP_ERROR_TYPES } from '../../src/shared/schemas/two-step';
import { FieldError } from './field';

/** The box's label and hint in English; the field says them in its page's language. */
export const TOTP_LABEL = 'Two-step code';
export const TOTP_HINT = 'The 6-digit code from your authenticator app, or one of your recovery codes.';

/**
 * The code box of a form that needs two-step verification. Named `totp` so the plain post carries it as the API
 * calls it; the one-time-code autocomplete lets phones offer the code; never filled back in after a refusal.
 */
export function TotpField({ id, value, onValue, error, autoFocus }: {
  id: string;
  /** Left out in a plain form that only the browser posts (before or without script). */
  value?: string; onValue?: (v: string) => void; error?: string; autoFocus?: boolean;
}) {
  return (
    <div className="field totp-field">
      <label htmlFor={id}>{m.islands_totp_label()}</label>
      <p className="field-hint" id={`${id}-hint`}>{m.islands_totp_hint()}</p>
      <input
        id={id}
        name="totp"
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={20}
        value={value}
        onChange={onValue && ((e) => onValue(e.target.value))}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Whether a form shows its code box: when the page knew two-step is on, when a refused plain post was about the
 * code, or once the API has asked for one (two-step turned on in another tab since the page was drawn).
 */
export function useCodeAsked(on: boolean | undefined, postedErrors?: Record<string, string> | null) {
  const [asked, setAsked] = useState(on === true || !!postedErrors?.totp);
  return {
    asked,
    /** Notes an API answer: a code question keeps the box from then on. */
    note(errorType: string | undefined) {
      if (errorType && TOTP_ERROR_TYPES.includes(errorType)) setAsked(true);
    },
  };
}
