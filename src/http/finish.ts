import type { Logger } from '../lib/logger';
import type { SiteMetrics } from '../lib/site-metrics';
// The runtime's own stream class: under a test's DOM the global one is another, whose streams Bun's Request cannot read.
import { TransformStream as RuntimeTransform } from 'node:stream/web';
import { copyClientIp } from './client-ip';
import { redactPath } from './redact';
import { requestIdFor, requestIdOf, routeOf, setRequestId } from './request-context';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg)/;
const MAX_BODY_BYTES = 1_000_000;
/** Identity uploads (up to three files of 10 MB): the only requests allowed a larger body (serve.ts lets them through). */
export const UPLOAD_MAX_BYTES = 32 * 1024 * 1024;
const UPLOAD_PATHS = new Set(['/api/v1/identity/submission', '/verify-identity']);
const bodyLimit = (req: Request) => (req.method === 'POST' && UPLOAD_PATHS.has(new URL(req.url).pathname) ? UPLOAD_MAX_BYTES : MAX_BODY_BYTES);

// No inline script at all: islands boot from same-origin files and props travel as JSON data blocks, so cached
// pages need no per-request nonce. The one inline style, a page's critical CSS, is allowed by its hash, which
// the page's answer adds to style-src (src/pages/render.tsx).
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export type SecurityOptions = { hsts: boolean };

const tooLarge = () =>
  new Response(JSON.stringify({ success: false, message: 'Request body is too large', errorType: 'PAYLOAD_TOO_LARGE' }), {
    status: 413,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

/**
 * Wraps the Elysia handler with what every response needs: a request id (sent back as X-Request-Id), security
 * headers, gzip for text, a size cap on request bodies, one log line (method, route, redacted path, status, ms,
 * id; never bodies, queries or headers) and the request metrics.
 */
export function withFinish(handle: (req: Request) => Promise<Response>, opts: SecurityOptions & { logger: Logger; metrics?: SiteMetrics }) {
  const security = securityHeaders(opts);
  return async (req: Request): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFor(req);
    setRequestId(req, requestId);
    const declared = req.headers.get('content-length');
    let res: Response;
    let handled = req;
    if (declared !== null) res = Number(declared) > MAX_BODY_BYTES && Number(declared) > bodyLimit(req) ? tooLarge() : await handle(req);
    else if (req.method === 'GET' || req.method === 'HEAD' || req.body === null) res = await handle(req);
    else {
      handled = capped(req, bodyLimit(req));
      res = await handle(handled);
      // Whatever the route made of a body cut short, the answer is that it was too large.
      if (overLimit.has(handled)) res = tooLarge();
    }
    res = decorate(req, res, requestId, security);
    // A request no route matched is counted under one label: raw paths would make a series per scanner probe.
    const route = routeOf(handled) ?? 'unmatched';
    const seconds = (performance.now() - started) / 1000;
    opts.metrics?.request(route, req.method, res.status, seconds);
    logRequest(opts.logger, req, route, res.status, seconds, requestId);
    return res;
  };
}

/** Requests whose body (sent without a declared length) went past its limit while the route read it. */
const overLimit = new WeakSet<Request>();

/**
 * A body sent without a declared length (chunked) is counted as the route reads it and cut at the route's limit, so a
 * client cannot make the server hold more than any route accepts. It is not read ahead: the route's own order stays
 * (the same-origin check and the session before the body), and a body nobody reads is never held at all. The copy
 * is a request like the original (same address, same id); the route that read past the limit answers 413.
 */
function capped(req: Request, limit: number): Request {
  let seen = 0;
  // The request's own class, for the same reason as the stream's.
  const copy: Request = new (req.constructor as typeof Request)(req.url, {
    method: req.method, headers: req.headers, signal: req.signal, duplex: 'half',
    body: req.body!.pipeThrough(new RuntimeTransform<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        seen += chunk.byteLength;
        if (seen <= limit) return out.enqueue(chunk);
        overLimit.add(copy);
        out.error(new Error('request body over its limit'));
      },
    }) as unknown as TransformStream<Uint8Array, Uint8Array>),
  } as RequestInit);
  copyClientIp(req, copy);
  const id = requestIdOf(req);
  if (id !== undefined) setRequestId(copy, id);
  return copy;
}

/** Finishes one route's answers: `json` is the body, `started` the request's `performance.now()`. */
export type JsonFinish = (req: Request, json: string, started: number) => Response;

/**
 * Small JSON answers made outside the framework (http/fast-reads.ts), finished as withFinish finishes every
 * other: request id, security headers, the log line and the request metrics under the route's pattern. All
 * that is the same for every answer of a route (its headers, its metric series, the start of its log line) is
 * made once per route, so an answer costs a header set and a string (no gzip: under 1 KB).
 */
export function jsonFinisher(opts: SecurityOptions & { logger: Logger; metrics?: SiteMetrics }) {
  const security = securityHeaders(opts);
  // `path`: the path every request of the route has (a route without parameters), so its URL need not be read.
  return (route: string, headers: Record<string, string>, path?: string): JsonFinish => {
    const base = new Headers([...Object.entries(headers), ...security]);
    const meter = opts.metrics?.requestMeter(route, 'GET', 200);
    const line = requestLine(opts.logger, 'GET', route);
    return (req, json, started) => {
      const requestId = requestIdFor(req);
      // A Response takes a copy of the headers it is given, so the route's own stay as they are.
      const res = new Response(json, { headers: base });
      res.headers.set('x-request-id', requestId);
      const seconds = (performance.now() - started) / 1000;
      if (req.method === 'GET') {
        meter?.(seconds);
        line(path ?? redactPath(pathOf(req.url)), 200, seconds, requestId);
      } else {
        opts.metrics?.request(route, req.method, 200, seconds);
        logRequest(opts.logger, req, route, 200, seconds, requestId);
      }
      return res;
    };
  };
}

// The request log line with its fixed part written once: the same JSON as logRequest's, without serialising
// an object per request. A request id is either sane (SANE_ID) or eight hex digits, so it needs no escaping.
function requestLine(logger: Logger, method: string, route: string) {
  const write = logger.infoWriter?.('request');
  const head = `"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"path":`;
  return (path: string, status: number, seconds: number, requestId: string) => {
    const ms = msOf(seconds);
    if (write) write(`${head}${JSON.stringify(path)},"status":${status},"ms":${ms},"requestId":"${requestId}"`);
    else logger.info('request', { method, route, path, status, ms, requestId });
  };
}

/** The path of an absolute request URL without building a URL object (a request's URL is always absolute). */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.indexOf('?', start);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

/** A request's time in the log line: milliseconds to one decimal. */
const msOf = (seconds: number) => Math.round(seconds * 10_000) / 10;

/** The one log line of a request (never its body). */
function logRequest(logger: Logger, req: Request, route: string, status: number, seconds: number, requestId: string) {
  const path = redactPath(pathOf(req.url));
  logger.info('request', { method: req.method, route, path, status, ms: msOf(seconds), requestId });
}

/** The security headers every response carries, in the order they are set. */
export function securityHeaders(o: SecurityOptions): [string, string][] {
  const h: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['content-security-policy', CSP],
  ];
  if (o.hsts) h.push(['strict-transport-security', 'max-age=63072000; includeSubDomains']);
  return h;
}

const MIN_GZIP_BYTES = 1024;

function decorate(req: Request, res: Response, requestId: string, security: [string, string][]): Response {
  // Headers are set in place; a response whose headers are immutable is copied once.
  let h = res.headers;
  try {
    h.set('x-request-id', requestId);
  } catch {
    res = new Response(res.body, res);
    h = res.headers;
    h.set('x-request-id', requestId);
  }
  // A page that inlines its critical CSS sends this policy with that style's hash added (src/pages/render.tsx).
  for (const [k, v] of security) if (k !== 'content-security-policy' || !h.has(k)) h.set(k, v);
  const type = h.get('content-type');
  const length = h.get('content-length');
  // Small answers (most API JSON) gain nothing from gzip but its cost.
  const worthIt = length === null || Number(length) >= MIN_GZIP_BYTES;
  const gzip = /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '');
  if (!res.body || !gzip || !worthIt || h.has('content-encoding') || !type || !COMPRESSIBLE.test(type) || req.method === 'HEAD') return res;
  const out = new Headers(h);
  out.set('content-encoding', 'gzip');
  out.delete('content-length');
  out.append('vary', 'accept-encoding');
  return new Response(res.body.pipeThrough(new CompressionStream('gzip')), { status: res.status, statusText: res.statusText, headers: out });
}
