// How people type an amount of dollars: `5`, `5.00`, `$5`, `$5.00`, `1,000.50`. One reader for the plain form
// posts and the islands, so both accept the same text and say the same thing when they refuse it.

export type AmountRead = { ok: true; dollars: number; text: string } | { ok: false; message: string };

export const AMOUNT_SHAPE_MESSAGE = 'Enter an amount in dollars, like 5, 5.00, $5 or 1,000.50.';
export const AMOUNT_DECIMALS_MESSAGE = 'Use at most two decimals (cents).';
export const AMOUNT_POSITIVE_MESSAGE = 'Enter an amount greater than 0.';

// An optional $ (after an optional minus, so "-$5" is named as negative), digits either plain or grouped by
// commas in threes, then optional decimals.
const SHAPE = /^(-?)\$?\s*(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

/** Reads typed text as dollars; an empty box is for the caller's own "required" message. */
export function readAmount(typed: string): AmountRead {
  const m = SHAPE.exec(typed.trim());
  if (!m) return { ok: false, message: AMOUNT_SHAPE_MESSAGE };
  const [, minus, whole, decimals = ''] = m;
  if (decimals.length > 2) return { ok: false, message: AMOUNT_DECIMALS_MESSAGE };
  const text = whole!.replace(/,/g, '') + (decimals ? '.' + decimals : '');
  const dollars = Number(text);
  if (minus || !(dollars > 0)) return { ok: false, message: AMOUNT_POSITIVE_MESSAGE };
  return { ok: true, dollars, text };
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
  return { ok: false, message: r.message === AMOUNT_POSITIVE_MESSAGE ? words.notPositive : r.message };
}
