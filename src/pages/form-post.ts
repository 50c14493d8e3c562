import { copyClientIp } from '../http/client-ip';
import { boundaryOf, formHead } from '../http/multipart';
import type { FlashCookies } from './flash';
import type { FormTokens } from '../http/form-token';
import { sameSitePath } from '../shared/paths';
import { m } from '../i18n/paraglide/messages.js';
import type { ActionContext, ActionResult, ApiAnswer, FormState, Page, PageContext, Upload } from './page';

const see = (location: string, cookies: (string | undefined)[] = []) => {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const c of cookies) if (c) headers.append('set-cookie', c);
  return new Response(null, { status: 303, headers });
};

// Headers of the post that the in-process API call must not inherit: the body's own, and what it sets itself.
const NOT_FORWARDED = new Set(['content-type', 'content-length', 'transfer-encoding', 'accept', 'accept-encoding', 'idempotency-key', 'origin', 'sec-fetch-site']);

/**
 * The posted fields as text (repeated names keep their first value); null when the body is not a form. A multipart
 * post is read only up to its first file: its fields before it, and its whole body, unread from there, as `upload`
 * for the action to pass on (an identity upload is never held whole here).
 */
export async function formFields(req: Request): Promise<{ fields: Record<string, string>; upload?: Upload } | null> {
  const type = req.headers.get('content-type') ?? '';
  const boundary = boundaryOf(type);
  if (boundary) {
    const head = await formHead(req, boundary);
    return { fields: head.fields, upload: { kind: 'upload', body: head.body, contentType: type } };
  }
  if (!/^application\/x-www-form-urlencoded/i.test(type)) return null;
  const fields: Record<string, string> = {};
  try {
    for (const [k, v] of await req.formData()) if (typeof v === 'string' && !(k in fields)) fields[k] = v.slice(0, 10_000);
  } catch {
    return null;
  }
  return { fields };
}

const isUpload = (b: unknown): b is Upload => !!b && typeof b === 'object' && (b as Upload).kind === 'upload';

/** In-process calls to /api/v1 carrying the form post's credentials, so the API's own checks and scoping apply. */
export function apiSender(handle: (req: Request) => Promise<Response>, post: Request): ActionContext['send'] {
  return async (method, path, body, opts = {}) => {
    // Credentials and the proxy's client-address header ride along, so the API's sessions and rate limits apply.
    const headers: Record<string, string> = { accept: 'application/json', 'sec-fetch-site': 'same-origin' };
    post.headers.forEach((v, h) => {
      if (!NOT_FORWARDED.has(h)) headers[h] = v;
    });
    // An upload goes on as the multipart stream it arrived as, a FormData as multipart (its boundary set by the
    // Request itself), anything else as JSON.
    const upload = isUpload(body);
    const multipart = body instanceof FormData;
    if (upload) headers['content-type'] = body.contentType;
    else if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    const payload = body === undefined ? undefined : upload ? body.body : multipart ? body : JSON.stringify(body);
    const init = { method, headers, body: payload, ...(upload && { duplex: 'half' }) } as RequestInit;
    const req = new Request(new URL('/api/v1' + path, post.url), init);
    copyClientIp(post, req);
    const res = await handle(req);
    const json: unknown = await res.json().catch(() => null);
    return { status: res.status, json: json && typeof json === 'object' ? (json as Record<string, any>) : null, cookies: res.headers.getSetCookie(), retryAfter: res.headers.get('retry-after') ?? undefined };
  };
}

/**
 * Maps an API answer to what the form post does next: on success `onSuccess`; on a refusal the page again with the
 * values and the API's own field messages (its words are the spec's), or its message when no field is named.
 */
export function answerToResult(a: ApiAnswer, form: Omit<FormState, 'errors'>, onSuccess: (json: Record<string, any>) => ActionResult): ActionResult {
  if (a.json?.success === true) return onSuccess(a.json);
  const list: { field?: unknown; message?: unknown }[] = Array.isArray(a.json?.errors) ? a.json!.errors : [];
  const errors: Record<string, string> = {};
  for (const e of list) if (typeof e.field === 'string' && typeof e.message === 'string' && !(e.field in errors)) errors[e.field] = e.message;
  const message = Object.keys(errors).length ? undefined : typeof a.json?.message === 'string' ? a.json.message : m.pages_request_failed();
  const link = message === undefined ? null : sameSitePath(typeof a.json?.link === 'string' ? a.json.link : null);
  // A 503 (Redis away) stays one, with its Retry-After: the page says try again, and nothing is wrong upstream.
  return { status: (a.status >= 400 && a.status < 500) || a.status === 503 ? a.status : 502, form: { ...form, errors, message, ...(link && { link }) }, retryAfter: a.retryAfter };
}

type PostDeps = {
  flash: FlashCookies;
  formTokens: FormTokens;
  handle?: (req: Request) => Promise<Response>;
  render: (ctx: PageContext, status: number) => Promise<Response>;
};

/** The English of what a post without the session's form token shows (the page says it in its own language). */
export const STALE_FORM = 'This form has expired. Please check it and submit it again.';

/** What a refused post shows again: what was typed, never a password or a tax number, never the form's own hidden fields. */
export function keptValues(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !k.startsWith('_') && !/password/i.test(k) && k !== 'tin'));
}

/**
 * A plain form post to a page: signed in, checked to carry the session's form token (that it comes from this site
 * is checked for every post before routing, http/same-origin.ts), run through the page's named action, answered by
 * a redirect with a flash or by the page re-rendered with the form's state. A post without the token changes nothing.
 */
export async function handleFormPost(page: Page, ctx: PageContext, request: Request, d: PostDeps): Promise<Response> {
  const here = ctx.url.pathname + ctx.url.search;
  if (!d.handle) return see(here);
  const form = await formFields(request);
  const fields = form?.fields;
  const name = fields?._action || 'default';
  const action = fields && page.actions?.[name];
  if (!fields || !action) return see(here);
  const sessionId = ctx.viewer?.sessionId;
  if (ctx.viewer && (!sessionId || !d.formTokens.check(sessionId, fields._token)))
    return d.render({ ...ctx, form: { action: name, values: keptValues(fields), errors: {}, message: m.pages_form_stale() } }, 403);
  const result = await action({ ...ctx, fields, upload: form?.upload, send: apiSender(d.handle, request) });
  if ('redirect' in result) return see(result.redirect, [...(result.cookies ?? []), result.flash ? d.flash.set(result.flash) : undefined]);
  const again = await d.render({ ...ctx, form: result.form }, result.status ?? 400);
  if (result.retryAfter) again.headers.set('retry-after', result.retryAfter);
  return again;
}
