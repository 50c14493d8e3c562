import { isEmail, str, type FieldErrors } from './fields';
import { typedAmount } from './amount-input';
import { readCents } from '../money';
import { m } from '../../i18n/paraglide/messages.js';

/** What an amount box lets through while typing: digits, one decimal point, at most two decimals. */
export const AMOUNT_TYPING = /^\d*(\.\d{0,2})?$/;

/** `numbersOnly`: the API's reading (DESIGN §2), where text is the wrong JSON type; islands and forms pass text. */
export type AmountOpts = { numbersOnly?: boolean };

/** spec §5: P2P transfer. Amount arrives as a number (API) or as typed text (form). */
export function checkP2P(input: { email?: unknown; amount?: unknown }, opts: AmountOpts = {}): FieldErrors {
  const e: FieldErrors = {};
  const email = str(input.email).trim();
  if (!email) e.email = m.fields_p2p_email_required();
  else if (!isEmail(email)) e.email = m.fields_p2p_email_invalid();
  const a = readCents(input.amount, { maxCents: Number.MAX_SAFE_INTEGER, text: opts.numbersOnly ? undefined : 'plain' });
  if (!a.ok && a.problem === 'required') e.amount = m.fields_p2p_amount_required();
  else if (!a.ok && a.problem !== 'tooLarge') e.amount = m.fields_positive_number();
  return e;
}

/** spec §5: Freeplay. */
export function checkFreeplay(input: { code?: unknown }): FieldErrors {
  return str(input.code).trim() ? {} : { code: m.fields_code_required() };
}

/** A positive amount of dollars with at most two decimals, as number or text, by the shared rule; its size is the server's to judge. */
export function isPositiveAmount(a: unknown, opts: AmountOpts = {}): boolean {
  const r = readCents(a, { maxCents: Number.MAX_SAFE_INTEGER, text: opts.numbersOnly ? undefined : 'plain' });
  return r.ok || r.problem === 'tooLarge';
}

/** The P2P form as typed: the spec's messages, and the amount read the way people write it (`$5`, `1,000.50`). */
export function checkP2PTyped(input: { email?: unknown; amount?: unknown }): FieldErrors {
  const e = checkP2P({ email: input.email, amount: 1 });
  const r = typedAmount(input.amount, { required: m.fields_p2p_amount_required(), notPositive: m.fields_positive_number() });
  if (!r.ok) e.amount = r.message;
  else delete e.amount;
  return e;
}
