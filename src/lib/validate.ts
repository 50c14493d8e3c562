import { AppError, fieldText } from './app-error';
import { text } from '../i18n/text';
import { m } from '../i18n/paraglide/messages.js';
import type { FieldErrors } from '../shared/schemas/fields';
import { amountTooLarge, readCents, type AmountRule, type Cents } from '../shared/money';
import { amountMessage, type AmountWords } from '../shared/schemas/amount-input';

/** Runs a shared field check on untrusted input; any failure is a 400 with one message per field. */
export function validate<T extends Record<string, unknown>>(check: (input: T) => FieldErrors, body: unknown): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw AppError.invalid([fieldText('body', text(m.errors_body_object))]);
  const errors = check(body as T);
  const list = Object.entries(errors).map(([field, message]) => ({ field, message }));
  if (list.length) throw AppError.invalid(list);
  return body as T;
}

/**
 * One amount of dollars from a request by the shared rule (src/shared/money.ts) → cents, or a 400 on `field`
 * worded by `amountMessage`: the spec's words for a missing or invalid amount, one message above the maximum.
 */
export function amountField(value: unknown, field: string, rule: AmountRule, words: AmountWords, tooLarge = amountTooLarge(rule.maxCents)): Cents {
  const r = readCents(value, rule);
  if (r.ok) return r.cents;
  throw AppError.invalid([{ field, message: r.problem === 'tooLarge' ? tooLarge : amountMessage(r.problem, words, rule.maxCents) }]);
}
