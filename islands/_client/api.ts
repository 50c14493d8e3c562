// The shared client of spec §7/§8: JSON to /api/v1, the session rides in the httpOnly cookie (DESIGN §8),
// and every answer carries the HTTP status. Failures are toasted here so each form need not repeat it.
import type { FieldErrors } from '../../src/shared/schemas/fields';
import { TOTP_ERROR_TYPES } from '../../src/shared/schemas/two-step';
import { navigation } from './navigate';
import { word } from './page-words';
import { toast } from './toast';

export const API_BASE = '/api/v1';
// The English of the client's own messages; a page says them in its language (page-words.ts).
export const SESSION_EXPIRED = 'Session expired. Please log in again.';
export const UNEXPECTED = 'Unexpected server response.';
export const NETWORK_ERROR = 'Network error or server unavailable.';
export const REQUEST_FAILED = 'Request failed.';
const LOGIN_REDIRECT_MS = 1000;

export type FieldError = { field: string; message: string };

/** What the server said, with `status` from HTTP and the field errors keyed by field. */
export type ApiAnswer<T = Record<string, unknown>> = Partial<T> & {
  success: boolean;
  status: number;
  message?: string;
  errorType?: string;
  errors?: FieldError[];
  fieldErrors: FieldErrors;
};

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Calls made without a session (login, register, …): a 401 there is a plain failure, not an expired session. */
  anonymous?: boolean;
  /** Fields the calling form shows inline; a failure made only of those is not toasted as well. */
  inlineFields?: readonly string[];
  /** Failures of these types are handled by the caller (e.g. a modal) and not toasted. */
  quietErrorTypes?: readonly string[];
  /** The caller's own screen explains every failure (e.g. 'Verification Failed'); nothing is toasted for it. */
  quiet?: boolean;
  /** Extra request headers, e.g. a fresh Idempotency-Key for a call that moves money. */
  headers?: Record<string, string>;
  /** Cancels the call (a superseded list load); an aborted call rejects without a toast. */
  signal?: AbortSignal;
};

let leaving = false;

/** The 401 path of spec §8: one toast, one redirect to /login a second later, however many calls fail. */
function sessionExpired() {
  toast.error(word('sessionExpired', SESSION_EXPIRED), { id: 'session-expired' });
  if (leaving) return;
  leaving = true;
  // Back to this page after signing in again (the login page keeps only a path on this site).
  const here = location.pathname + location.search + location.hash;
  const to = here === '/' || here.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(here)}`;
  setTimeout(() => navigation.assign(to), LOGIN_REDIRECT_MS);
}

/** Tests reset the once-per-page flag between cases. */
export function resetSessionRedirect() {
  leaving = false;
}

function fieldErrorsOf(errors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(errors)) return out;
  for (const e of errors) {
    if (e && typeof e.field === 'string' && typeof e.message === 'string' && !out[e.field]) out[e.field] = e.message;
  }
  return out;
}

export async function api<T = Record<string, unknown>>(path: string, opts: ApiOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(API_BASE + path, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    toast.error(word('networkError', NETWORK_ERROR), { id: 'network-error' });
    throw e;
  }
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = await res.json();
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TypeError('not an object');
    data = parsed as Record<string, unknown>;
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const unexpected = word('unexpected', UNEXPECTED);
    toast.error(unexpected, { id: 'unexpected-response' });
    return { success: false, status: res.status, message: unexpected, fieldErrors: {} } as ApiAnswer<T>;
  }
  const answer = { ...data, status: res.status, fieldErrors: fieldErrorsOf(data.errors) } as ApiAnswer<T>;
  answer.success = res.ok && data.success !== false;
  if (answer.success) return answer;
  // A 401 asking for a two-step code is the form's to show, not an ended session.
  if (res.status === 401 && !opts.anonymous && !TOTP_ERROR_TYPES.includes(String(answer.errorType))) {
    sessionExpired();
    return answer;
  }
  if (!answer.message) answer.message = word('requestFailed', REQUEST_FAILED);
  if (!handledInline(answer, opts)) toast.error(answer.message, { id: 'request-failed' });
  return answer;
}

function handledInline(a: ApiAnswer<unknown>, opts: ApiOptions): boolean {
  if (opts.quiet) return true;
  if (a.errorType && opts.quietErrorTypes?.includes(a.errorType)) return true;
  const fields = Object.keys(a.fieldErrors);
  return fields.length > 0 && !!opts.inlineFields && fields.every((f) => opts.inlineFields!.includes(f));
}
