import type { z } from 'zod';
import { AppError, type FieldError } from './app-error';

/** Parses input with a shared schema; failures become a 400 with one message per field, first failure first. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (r.success) return r.data;
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of r.error.issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: issue.message });
  }
  throw AppError.invalid(errors);
}
