import { clientIp } from '../../http/client-ip';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../services/admin/audit';
import type { SignedIn } from '../../services/auth/viewer';
import { amountField } from '../../lib/validate';

/** The request body as an object, or a 400 naming it. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw AppError.invalid([{ field: 'body', message: 'Request body must be a JSON object' }]);
  return body as Record<string, unknown>;
}

/** Why the operator acts: required where money moves or a player is locked; 3 to 500 characters. */
export function reasonOf(body: Record<string, unknown>, required: boolean, field = 'reason'): string | null {
  const v = body[field];
  if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
    if (required) throw AppError.invalid([{ field, message: 'Give a reason: it is kept in the audit log.' }]);
    return null;
  }
  if (typeof v !== 'string') throw AppError.invalid([{ field, message: 'The reason must be text.' }]);
  const t = v.trim();
  if (t.length < 3 || t.length > 500) throw AppError.invalid([{ field, message: 'The reason must be 3 to 500 characters.' }]);
  return t;
}

/** A dollar amount as a JSON number with at most two decimals; `signed` allows a negative one (never zero). */
export function amountOf(body: Record<string, unknown>, maxDollars: number, opts: { field?: string; signed?: boolean } = {}): number {
  const invalid = opts.signed ? 'Enter a non-zero amount in dollars, e.g. 10 or -2.50.' : 'Enter a valid amount';
  return amountField(body[opts.field ?? 'amount'], opts.field ?? 'amount', { maxCents: Math.round(maxDollars * 100), signed: opts.signed }, { required: invalid, invalid });
}

/** A page number from the query (`page`, or another name where a screen pages two lists). */
export function pageOf(q: Record<string, string | undefined>, field = 'page'): number {
  const p = Number(q[field] ?? 1);
  if (!Number.isSafeInteger(p) || p < 1 || p > 100_000) throw AppError.invalid([{ field, message: `${field} must be a whole number from 1` }]);
  return p;
}

/** How many rows a page holds, when the caller may ask for fewer (or more) than the default. */
export function limitOf(q: Record<string, string | undefined>, fallback: number, max: number): number {
  if (q.limit === undefined || q.limit === '') return fallback;
  const n = Number(q.limit);
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw AppError.invalid([{ field: 'limit', message: `limit must be a whole number from 1 to ${max}` }]);
  return n;
}

export const pagination = (page: number, limit: number, total: number) => ({ page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) });

export function statusOf<T extends string>(q: Record<string, string | undefined>, allowed: readonly T[]): T | undefined {
  const s = q.status;
  if (s === undefined || s === '' || s === 'all') return undefined;
  if (!allowed.includes(s as T)) throw AppError.invalid([{ field: 'status', message: `status must be one of ${allowed.join(', ')}` }]);
  return s as T;
}

export const actorOf = (operator: SignedIn, request: Request, trustedHeader?: string): Actor => ({
  id: operator.userId, email: operator.email, ip: clientIp(request, trustedHeader),
});

export const dollars = (c: number) => c / 100;
export const iso = (ms: number | null) => (ms == null ? null : new Date(ms).toISOString());

/** A date alone (`2030-01-31`, a console date field), as opposed to a date-time: it stands for the whole day, UTC. */
export const isDateOnly = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v);
