import { amountTooLarge, readCents, type AmountProblem } from '../money';
import { m } from '../../i18n/paraglide/messages.js';

// How people type an amount of dollars: `5`, `5.00`, `$5`, `$5.00`, `1,000.50`. One reader for the plain form
// posts and the islands, so both accept the same text and say the same thing when they refuse it.

export type AmountRead = { ok: true; dollars: number; text: string } | { ok: false; message: string };

export const AMOUNT_SHAPE_MESSAGE = 'Enter an amount in dollars, like 5, 5.00, $5 or 1,000.50.';
export const AMOUNT_DECIMALS_MESSAGE = 'Use at most two decimals (cents).';
export const AMOUNT_POSITIVE_MESSAGE = 'Enter an amount greater than 0.';
// (In the current language: m.fields_amount_shape, m.fields_amount_decimals, m.fields_amount_positive.)

const TYPED = { maxCents: Number.MAX_SAFE_INTEGER, text: 'typed' } as const;

/**
 * Reads typed text as dollars by the shared rule (src/shared/money.ts); an empty box is for the caller's own
 * "required" message. Size is left to the server, which knows the configured maximum and says it.
 */
export function readAmount(typed: string): AmountRead {
  const r = readCents(typed, TYPED);
  // The canonical text, as String(dollars) prints it (`$1,000.50` → `1000.5`) but exact at any size.
  const [whole = '', decimals = ''] = typed.trim().replace(/^\$\s*/, '').replace(/,/g, '').split('.');
  const text = whole.replace(/^0+(?=\d)/, '') + (/[1-9]/.test(decimals) ? '.' + decimals.replace(/0+$/, '') : '');
  if (r.ok || r.problem === 'tooLarge') return { ok: true, dollars: Number(text), text };
  return { ok: false, message: r.problem === 'decimals' ? m.fields_amount_decimals() : r.problem === 'notPositive' ? m.fields_amount_positive() : m.fields_amount_shape() };
}

/** An edge's own words for a refused amount: spec §5 gives each form its "required" and "invalid" words. */
export type AmountWords = { required: string; invalid: string };

/**
 * The message for a refused amount at an API edge: the spec's words for a missing or invalid amount, and one
 * message everywhere for an amount above the configured maximum.
 */
export function amountMessage(problem: AmountProblem, words: AmountWords, maxCents: number): string {
  if (problem === 'required') return words.required;
  if (problem === 'tooLarge') return amountTooLarge(maxCents);
  return words.invalid;
}

/** What an amount box lets through while typing: a start of something `readAmount` could accept. */
export const AMOUNT_TYPING_LOOSE = /^\$?[\d,]*(\.\d{0,2})?$/;

/**
 * A form's amount box as typed: the canonical text (`1000.50`) and dollars, or the field's message. `words` are
 * the form's own spec words for an empty box and for zero or less; a shape `readAmount` cannot read says what it can.
 */
export function typedAmount(typed: unknown, words: { required: string; notPositive: string }): { ok: true; dollars: number; text: string } | { ok: false; message: string } {
  const text = typeof typed === 'string' ? typed.trim() : typeof typed === 'number' && Number.isFinite(typed) ? String(typed) : '';
  if (!text) return { ok: false, message: words.required };
  const r = readAmount(text);
  if (r.ok) return r;
  return { ok: false, message: r.message === m.fields_amount_positive() ? words.notPositive : r.message };
}
