import { brotliCompressSync, constants } from 'node:zlib';
import type { Client } from '@libsql/client';
import { health } from '../services/ops/health';
import { recordPeer } from './client-ip';
import { securityHeaders, type SecurityOptions } from './finish';
import { langFromCookie, LANGS, type Lang } from '../i18n/lang';
import { headerLang } from '../i18n/header-lang';

type Peer = { requestIP(req: Request): { address: string } | null };
type Handler = (req: Request, server?: Peer) => Response | Promise<Response>;
/** Bun.serve `routes`: matched natively by path before the `fetch` handler; other methods fall through to it. */
export type FastRoutes = Record<string, { GET: Handler }>;
/** The same, where a route may also be a prepared Response that Bun sends by itself (HEAD and 304 included). */
export type ServedRoutes = Record<string, { GET: Handler | Response }>;

/** A visitor page as prepared bytes: each encoding made once, with its validator and finished headers. */
export type PreparedPage = { identity: Uint8Array; gzip: Uint8Array; br: Uint8Array; etag: string; headers: Record<string, string>; wire: Wire };
// Each answer made once as a Response: a clone of it shares the bytes and copies the headers natively, cheaper
// than a new Response from a Blob and a Headers object (docs/decisions/page-speed.md).
type Wire = { identity: Response; gzip: Response; br: Response; notModified: Response };

type Options = {
  /** The app's whole pipeline; the source of every prepared page and the way for anything not ours. */
  handle: (req: Request) => Promise<Response>;
  /** Paths of the pages that are the same for every visitor (`static` pages without parameters). */
  staticPaths: string[];
  /** Those of them whose HTML depends on the query string (`readsQuery`): a visit with a query goes to the app. */
  queryPaths?: string[];
};

// Same test as pages.plugin.ts: only a request carrying a credential can be a signed-in player. A one-time flash
// (after a plain form post) also needs the page rendered for this request, so it goes through the app too.
const CREDENTIAL_COOKIE = /(?:^|;\s*)(?:token|flash)=/;
function hasCredential(h: Headers, cookie: string | null): boolean {
  return (cookie !== null && CREDENTIAL_COOKIE.test(cookie)) || h.get('authorization') !== null;
}

/**
 * The visitor pages, answered from Bun's router without the framework's per-request pipeline: each is rendered
 * once through the app itself, so its HTML and headers are exactly what it sends. A request with a credential or
 * a query string still goes through the app, which knows the signed-in page and the redirects of public-only
 * pages. These answers are served like static files: no request id and no log line, which together cost more
 * than the rest of the answer.
 */
export function fastRoutes(o: Options): FastRoutes {
  const routes: FastRoutes = {};
  for (const path of o.staticPaths) {
    // The page in each language, prepared on first use: the visitor's `lang` cookie, else Accept-Language, picks.
    const ready: Partial<Record<Lang, PreparedPage>> = {};
    const preparing: Partial<Record<Lang, Promise<PreparedPage>>> = {};
    const prepare = (lang: Lang) => (preparing[lang] ??= preparePage(o.handle, path, lang).then((p) => (ready[lang] = p)));
    // Reading the URL is a tenth of this answer's cost: a page that reads its query sends any query to the app, the
    // others only `?lang=` (which sets the cookie there).
    const readsQuery = o.queryPaths?.includes(path) ?? true;
    routes[path] = {
      GET: (req, server) => {
        const h = req.headers;
        // Each header read crosses into the runtime: the cookie is read once, for the credential and the language.
        const cookie = h.get('cookie');
        if (hasCredential(h, cookie) || (readsQuery ? req.url.includes('?') : req.url.includes('lang='))) {
          if (server) recordPeer(req, server);
          return o.handle(req);
        }
        const lang = visitorLang(h, cookie);
        const page = ready[lang];
        if (page) return answer(h, page);
        return prepare(lang).then((p) => answer(h, p));
      },
    };
  }
  return routes;
}

/** A visitor's language as the app would choose it without `?lang` or a player: the cookie, else Accept-Language. */
function visitorLang(h: Headers, cookie: string | null): Lang {
  return (cookie === null ? null : langFromCookie(cookie)) ?? headerLang(h.get('accept-language'));
}

/** Every language a prepared page is kept in. */
export const PREPARED_LANGS: readonly Lang[] = LANGS;

// How often the database is probed for /healthz: its answer is at most this old.
const HEALTH_PROBE_MS = 1000;

/** /healthz as Bun serves it, and the probe that keeps it current. */
export type HealthWatch = {
  /** The route: a prepared answer Bun sends natively once the first probe is in, a handler until then. */
  route: { GET: Handler | Response };
  /** Probes the database now and every second; `changed` runs after `route` took the other answer. */
  watch(changed: () => void): () => void;
};

/**
 * /healthz answers the last probe of the database (a `SELECT 1`, as the framework route does), taken once a
 * second whoever asks: a load balancer polling many times a second costs no query each time, and between two
 * changes of the result the answer is a prepared Response that Bun's router sends without running any of our
 * JavaScript. The server hands the routes to Bun again when it changes (serve.ts).
 */
export function healthWatch(client: Client, security: SecurityOptions): HealthWatch {
  const headers = { 'content-type': 'application/json;charset=utf-8', ...Object.fromEntries(securityHeaders(security)) };
  const forms = {
    200: new Response(JSON.stringify({ status: 'ok' }), { status: 200, headers }),
    503: new Response(JSON.stringify({ status: 'unavailable' }), { status: 503, headers }),
  };
  let probing: Promise<200 | 503> | null = null;
  const probe = () => (probing ??= health(client).then((h) => {
    probing = null;
    return h.status;
  }));
  // Until the first probe is in, a request waits for it (one query however many ask).
  const route: HealthWatch['route'] = { GET: () => probe().then((status) => forms[status].clone()) };
  return {
    route,
    watch(changed) {
      // Each server served from this app hears of the first answer and of every turn.
      let shown: 200 | 503 | null = null;
      let stopped = false;
      const tick = () => probe().then((status) => {
        if (stopped || status === shown) return;
        shown = status;
        route.GET = forms[status];
        changed();
      });
      void tick();
      const timer = setInterval(tick, HEALTH_PROBE_MS);
      timer.unref?.();
      return () => {
        stopped = true;
        clearInterval(timer);
      };
    },
  };
}

/**
 * Renders a page once as a visitor and keeps its bytes in every encoding: compressed, the page with its critical
 * CSS inline, as the app sends it gzipped; uncompressed, the same page with its stylesheet linked, as the app
 * sends it then (src/pages/render.tsx, `linkedForm`). The two are the same page, hence one weak validator.
 */
export async function preparePage(handle: (req: Request) => Promise<Response>, path: string, lang: Lang = 'en'): Promise<PreparedPage> {
  // Asked as a visitor whose language is `lang` (a cookie would beat it; a visitor being prepared has none).
  const res = await handle(new Request(`http://localhost${path}`, { headers: { 'accept-language': lang } }));
  if (res.status !== 200) throw new Error(`prepared page ${path} answered ${res.status}`);
  const identity = new Uint8Array(await res.arrayBuffer());
  const zipped = await handle(new Request(`http://localhost${path}`, { headers: { 'accept-encoding': 'gzip', 'accept-language': lang } }));
  const inlined = zipped.headers.get('content-encoding') === 'gzip' ? Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())) : identity;
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!['x-request-id', 'content-length', 'content-encoding', 'date'].includes(k)) headers[k] = v;
  });
  const etag = `W/"${Bun.hash(inlined).toString(36)}"`;
  headers.etag = etag;
  const gzip = Bun.gzipSync(inlined, { level: 9 });
  const br = new Uint8Array(brotliCompressSync(inlined, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: inlined.length } }));
  const form = (body: Uint8Array, encoding?: string) =>
    new Response(new Blob([body as BlobPart]), { headers: encoding ? { ...headers, 'content-encoding': encoding } : headers });
  const wire = { identity: form(identity), gzip: form(gzip, 'gzip'), br: form(br, 'br'), notModified: new Response(null, { status: 304, headers }) };
  return { identity, gzip, br, etag, headers, wire };
}

const BR = /\bbr\b/;
const GZIP = /\bgzip\b/;

// Every call here is paid on each visitor request: the common case (no validator, one header read for the
// encoding) is kept to as few reads of the request as it can be.
function answer(h: Headers, p: PreparedPage): Response {
  const inm = h.get('if-none-match');
  if (inm !== null && matches(inm, p.etag)) return p.wire.notModified.clone();
  const accept = h.get('accept-encoding');
  const form = accept === null ? p.wire.identity : BR.test(accept) ? p.wire.br : GZIP.test(accept) ? p.wire.gzip : p.wire.identity;
  return form.clone();
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
