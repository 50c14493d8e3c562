import { brotliCompressSync, constants } from 'node:zlib';
import type { Client } from '@libsql/client';
import type { Logger } from '../lib/logger';
import { health } from '../api/health/health.routes';
import { recordPeer } from './client-ip';
import { logRequest, newRequestId, securityHeaders, type SecurityOptions } from './finish';

type Peer = { requestIP(req: Request): { address: string } | null };
type Handler = (req: Request, server?: Peer) => Response | Promise<Response>;
/** Bun.serve `routes`: matched natively by path before the `fetch` handler; other methods fall through to it. */
export type FastRoutes = Record<string, { GET: Handler }>;

/** A visitor page as prepared bytes: each encoding made once, with its validator and finished headers. */
export type PreparedPage = { identity: Uint8Array; gzip: Uint8Array; br: Uint8Array; etag: string; headers: Record<string, string>; wire: Wire };
// Blobs and Headers built once: a Response made from them copies neither the bytes nor a header object.
type Form = { body: Blob; headers: Headers };
type Wire = { identity: Form; gzip: Form; br: Form; notModified: Headers };

type Options = {
  /** The app's whole pipeline; the source of every prepared page and the way for anything not ours. */
  handle: (req: Request) => Promise<Response>;
  /** Paths of the pages that are the same for every visitor (`static` pages without parameters). */
  staticPaths: string[];
  client: Client;
  logger: Logger;
  security: SecurityOptions;
};

// Same test as pages.plugin.ts: only a request carrying a credential can be a signed-in player.
function hasCredential(h: Headers): boolean {
  const cookie = h.get('cookie');
  return (cookie !== null && /(?:^|;\s*)token=/.test(cookie)) || h.has('authorization');
}

/**
 * The requests that are the same for everyone, answered without the framework's per-request pipeline: the
 * visitor pages (rendered once through the app itself, so their HTML and headers are exactly what it would
 * send) and /healthz. A request with a credential or a query string still goes through the app, which knows
 * the signed-in page and the redirects of public-only pages. Each answer is logged like any other.
 */
export function fastRoutes(o: Options): FastRoutes {
  const routes: FastRoutes = {};
  const security = Object.fromEntries(securityHeaders(o.security));
  for (const path of o.staticPaths) {
    let ready: PreparedPage | null = null;
    let preparing: Promise<PreparedPage> | null = null;
    const prepare = () => (preparing ??= preparePage(o.handle, path).then((p) => (ready = p)));
    routes[path] = {
      GET: (req, server) => {
        if (hasCredential(req.headers) || req.url.includes('?')) {
          if (server) recordPeer(req, server);
          return o.handle(req);
        }
        if (ready) return answer(req, ready, path, o.logger);
        return prepare().then((p) => answer(req, p, path, o.logger));
      },
    };
  }
  routes['/healthz'] = {
    GET: async (req) => {
      const started = performance.now();
      const requestId = newRequestId();
      const h = await health(o.client);
      const res = new Response(JSON.stringify(h.body), { status: h.status, headers: { 'content-type': 'application/json;charset=utf-8', ...security, 'x-request-id': requestId } });
      logRequest(o.logger, req, h.status, started, requestId, '/healthz');
      return res;
    },
  };
  return routes;
}

/** Renders a page once as a visitor with no preferences and keeps its bytes in every encoding. */
export async function preparePage(handle: (req: Request) => Promise<Response>, path: string): Promise<PreparedPage> {
  const res = await handle(new Request(`http://localhost${path}`));
  if (res.status !== 200) throw new Error(`prepared page ${path} answered ${res.status}`);
  const identity = new Uint8Array(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!['x-request-id', 'content-length', 'content-encoding', 'date'].includes(k)) headers[k] = v;
  });
  const etag = `W/"${Bun.hash(identity).toString(36)}"`;
  headers.etag = etag;
  const gzip = Bun.gzipSync(identity, { level: 9 });
  const br = new Uint8Array(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }));
  const form = (body: Uint8Array, encoding?: string): Form => ({
    body: new Blob([body as BlobPart]),
    headers: new Headers(encoding ? { ...headers, 'content-encoding': encoding } : headers),
  });
  const wire = { identity: form(identity), gzip: form(gzip, 'gzip'), br: form(br, 'br'), notModified: new Headers(headers) };
  return { identity, gzip, br, etag, headers, wire };
}

function answer(req: Request, p: PreparedPage, path: string, logger: Logger): Response {
  const started = performance.now();
  const requestId = newRequestId();
  const inm = req.headers.get('if-none-match');
  let res: Response;
  if (inm && matches(inm, p.etag)) res = new Response(null, { status: 304, headers: p.wire.notModified });
  else {
    const accept = req.headers.get('accept-encoding') ?? '';
    const form = accept.includes('br') && /\bbr\b/.test(accept) ? p.wire.br : accept.includes('gzip') && /\bgzip\b/.test(accept) ? p.wire.gzip : p.wire.identity;
    res = new Response(form.body, { headers: form.headers });
  }
  res.headers.set('x-request-id', requestId);
  logRequest(logger, req, res.status, started, requestId, path);
  return res;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2): any listed tag, weak or not, or `*`. */
function matches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === etag || tag === opaque;
  });
}
