import { AppError } from './app-error';
import type { FieldErrors } from '../shared/schemas/fields';

/** Runs a shared field check on untrusted input; any failure is a 400 with one message per field. */
export function validate<T extends Record<string, unknown>>(check: (input: T) => FieldErrors, body: unknown): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw AppError.invalid([{ field: 'body', message: 'Request body must be a JSON object' }]);
  const errors = check(body as T);
  const list = Object.entries(errors).map(([field, message]) => ({ field, message }));
  if (list.length) throw AppError.invalid(list);
  return body as T;
}
