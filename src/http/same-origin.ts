import { Elysia } from 'elysia';
import { AppError } from '../lib/app-error';
import { envelope } from './errors';
import { text } from '../i18n/text';
import { m } from '../i18n/paraglide/messages.js';

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a request comes from the site's own pages. A browser names where a request comes from in
 * `Sec-Fetch-Site` and `Origin`; any such word that points elsewhere refuses it, even when the other agrees.
 * `Sec-Fetch-Site: none` is the player's own act (a typed address, a bookmark). A request with neither header
 * is not from a modern browser: it passes only without a cookie, since a cookie is what a forged request would
 * ride on (login CSRF included: a stored device cookie, a session). Bearer clients send no cookie.
 *
 * Besides PUBLIC_URL's origin, the request's own origin counts as ours: a page on another site cannot choose the
 * Host its browser sends, and a site reached by another name (127.0.0.1 for localhost) must still work.
 */
export function fromOwnSite(req: Request, publicUrl: string | undefined): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  // `Origin: null` hides the origin (a page whose referrer policy is no-referrer sends it on its own posts); it
  // counts only where Sec-Fetch-Site vouches for the request, which no redirect or frame from elsewhere can fake.
  const origin = site !== null && req.headers.get('origin') === 'null' ? null : req.headers.get('origin');
  if (origin !== null && origin !== ownOrigin(req) && (!publicUrl || origin !== new URL(publicUrl).origin)) return false;
  if (site !== null || origin !== null) return true;
  return !req.headers.get('cookie');
}

const ownOrigin = (req: Request) => {
  try {
    return new URL(req.url).origin;
  } catch {
    return null;
  }
};

export const CROSS_SITE_MESSAGE = 'Request must come from the site itself.';

const refusedPage = () =>
  new Response(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Forbidden</title></head><body><h1>Forbidden</h1>' +
      `<p>${CROSS_SITE_MESSAGE} Please go back to the page and submit the form again.</p></body></html>`,
    { status: 403, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } },
  );

const refusedJson = () =>
  new Response(JSON.stringify(envelope(AppError.forbidden(text(m.errors_cross_site), 'CROSS_SITE'))), {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * The one same-origin check: every state-changing request to the site, signed in or not, API call or plain form
 * post, before any route runs. `exempt` lists the paths that are called server to server with their own proof
 * (the BTCPay webhook's HMAC signature).
 */
export function crossSiteRefusal(req: Request, publicUrl: string | undefined, exempt: ReadonlySet<string>): Response | null {
  if (!WRITE_METHODS.has(req.method)) return null;
  const path = new URL(req.url).pathname;
  if (exempt.has(path) || fromOwnSite(req, publicUrl)) return null;
  return path.startsWith('/api/') ? refusedJson() : refusedPage();
}

/**
 * The JSON API takes bodies as JSON only: a form-encoded or text body is what a cross-site `<form>` can send
 * without asking, and the API has no use for it. `exempt` are the raw-body routes (the webhook); `uploads` also
 * take multipart/form-data (identity documents), still only from the site's own pages (the check above).
 */
export function mediaTypeRefusal(req: Request, exempt: ReadonlySet<string>, uploads: ReadonlySet<string> = new Set()): Response | null {
  if (!WRITE_METHODS.has(req.method)) return null;
  const path = new URL(req.url).pathname;
  if (!path.startsWith('/api/') || exempt.has(path) || !hasBody(req)) return null;
  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || (type === 'multipart/form-data' && uploads.has(path))) return null;
  const e = new AppError(415, text(m.errors_body_json_type), 'UNSUPPORTED_MEDIA_TYPE');
  return new Response(JSON.stringify(envelope(e)), { status: 415, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

function hasBody(req: Request): boolean {
  if (req.headers.has('content-type') || req.headers.has('transfer-encoding')) return true;
  const length = Number(req.headers.get('content-length') ?? 0);
  return length > 0;
}

/** Both checks as one global hook, run before routing. */
export const sameOriginPlugin = (publicUrl: string | undefined, exempt: Iterable<string>, uploads: Iterable<string> = []) => {
  const paths = new Set(exempt);
  const multipart = new Set(uploads);
  return new Elysia({ name: 'same-origin' }).onRequest(({ request }) => crossSiteRefusal(request, publicUrl, paths) ?? mediaTypeRefusal(request, paths, multipart) ?? undefined);
};
