// Money is an integer number of cents everywhere inside; dollars exist only at the API edge and on screen.
import { m } from '../i18n/paraglide/messages.js';

export type Cents = number & { readonly __brand: 'Cents' };

export const cents = (n: number): Cents => {
  if (!Number.isSafeInteger(n)) throw new RangeError('cents must be a safe integer');
  return n as Cents;
};

/** Dollars with at most two decimals → cents, or null when the value is not such an amount (any size it can hold). */
export function dollarsToCents(value: unknown): Cents | null {
  const r = readCents(value, { maxCents: Number.MAX_SAFE_INTEGER, text: 'plain', signed: true, zero: true });
  return r.ok ? r.cents : null;
}

// ── The one rule for an amount of dollars arriving at a money edge (DESIGN §2) ──────────────────────────────
// Every API call and form that takes dollars reads them here, so a value is refused for the same reason
// everywhere, and the reason (not a message) comes back for the edge to word as its spec says.

/** Why an amount was refused. */
export type AmountProblem = 'required' | 'shape' | 'decimals' | 'notPositive' | 'tooLarge';
export type AmountRead = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

export type AmountRule = {
  /** The largest amount taken, in cents: above it is `tooLarge` (DESIGN §2 "above a configured maximum"). */
  maxCents: number;
  /** Text read as well as JSON numbers: `plain` (`12.50`, spec §7's deposit amount) or `typed` (`$1,000.50`, forms). */
  text?: 'plain' | 'typed';
  /** A negative amount is taken (an operator's adjustment); zero still is not, unless `zero`. */
  signed?: boolean;
  /** Zero is taken (an optional tip). */
  zero?: boolean;
  /** Whole dollars only (the tip, spec §5 "digits only"). */
  whole?: boolean;
};

// Beyond 13 digits of dollars cents stop being exact in a double; no configured maximum comes near it.
const MAX_WHOLE_DIGITS = 13;
const PLAIN_TEXT = /^(-?)(\d+)(?:\.(\d*))?$/;
// An optional $ (after an optional minus, so "-$5" is named as negative), digits plain or grouped by commas in
// threes, then optional decimals.
const TYPED_TEXT = /^(-?)\$?\s*(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d*))?$/;

const no = (problem: AmountProblem): AmountRead => ({ ok: false, problem });

/** Reads an untrusted amount of dollars into cents by `rule`, or says what is wrong with it. */
export function readCents(value: unknown, rule: AmountRule): AmountRead {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return no('shape');
    text = String(value);
    // A number printed with an exponent is read as the text it stands for would be: a tiny one has more decimals
    // than cents; a huge one (at least 1e21) is too large, unless its sign is what is wrong with it.
    if (/e/i.test(text)) return no(Math.abs(value) < 1 ? 'decimals' : value < 0 && !rule.signed ? 'notPositive' : 'tooLarge');
  } else if (typeof value === 'string') {
    text = value.trim();
    if (!text) return no('required');
    if (!rule.text) return no('shape');
  } else if (value === undefined || value === null) return no('required');
  else return no('shape');
  const m = (rule.text === 'typed' ? TYPED_TEXT : PLAIN_TEXT).exec(text);
  if (!m) return no('shape');
  const [, minus, digits, decimals = ''] = m;
  if (decimals.length > 2 || (rule.whole && decimals !== '')) return no('decimals');
  const whole = digits!.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const zero = /^0*$/.test(whole + decimals);
  if (minus && !zero && !rule.signed) return no('notPositive');
  if (zero && !rule.zero) return no('notPositive');
  if (whole.length > MAX_WHOLE_DIGITS) return no('tooLarge');
  const c = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (c > rule.maxCents) return no('tooLarge');
  return { ok: true, cents: cents(minus && !zero ? -c : c) };
}

/** `$100,000` for a whole maximum, `$99.50` otherwise: how refusals name a limit. */
export const limitWords = (c: number): string => (c % 100 === 0 ? `$${(c / 100).toLocaleString('en-US')}` : formatCents(c));

/** The one message for an amount above the configured maximum. */
export const amountTooLarge = (maxCents: number): string => m.fields_amount_too_large({ max: limitWords(maxCents) });

export const dollarsFromCents = (c: number): number => c / 100;

/** $1,234.50 */
export function formatCents(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}
