import { renderToReadableStream } from 'react-dom/server';
import type { AssetStore } from '../assets/store';
import { CSP } from '../http/finish';
import { FormTokenContext } from './form-token-field';
import { IslandLoadDefault, IslandsUsed } from './island';
import { criticalCss, styleHash } from './layout/critical-css';
import { Document, playerBoot } from './layout/document';
import type { Page, PageContext } from './page';

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/** The site's policy, with the one inline style this page carries allowed by its hash. */
const cspWith = (hash: string) => CSP.replace("style-src 'self'", `style-src 'self' ${hash}`);

/**
 * The page's stylesheet link (first in the head, React's `precedence`) becomes its critical CSS inline, then the
 * whole stylesheet as `media="print"`, which neither blocks the first paint nor waits for it; the enhancement
 * script's starter turns it to `all` (scripts/build-client.ts), and without script the <noscript> link loads it.
 */
export function inlineCritical(html: string, assets: AssetStore, afterLoad = false): { html: string; csp: string } | null {
  const m = /<link rel="stylesheet" href="(\/build\/[\w.-]+\.css)" data-precedence="site"\/>/.exec(html);
  const sheet = m && assets.get(m[1]!);
  if (!m || !sheet) return null;
  const critical = criticalCss(new TextDecoder().decode(sheet.body), html);
  const href = m[1]!;
  // A player's page (afterLoad) names the whole stylesheet only in <noscript>: its boot script adds it after the load
  // event, which it would otherwise hold (docs/decisions/signed-in-loading.md).
  const head = afterLoad
    ? `<style>${critical}</style><noscript data-full-css=""><link rel="stylesheet" href="${href}"/></noscript>`
    : `<style>${critical}</style><link rel="stylesheet" href="${href}" media="print" data-full-css=""/><noscript><link rel="stylesheet" href="${href}"/></noscript>`;
  return { html: html.slice(0, m.index) + head + html.slice(m.index + m[0].length), csp: cspWith(styleHash(critical)) };
}

// The largest paint's image (the one marked fetchPriority="high") travels inside the page when it is a small
// picture: with the critical CSS inline, its own request would be the one round trip left before that paint.
const INLINE_IMAGE_MAX = 4096;
const dataUrls = new Map<string, string | null>();

/** An SVG as a data: URL that fits a double-quoted attribute and compresses with the page. */
function svgDataUrl(svg: string): string {
  const text = svg.replace(/"/g, "'").replace(/\s+/g, ' ').trim();
  const safe = encodeURIComponent(text).replace(/%20/g, ' ').replace(/%3D/g, '=').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%27/g, "'");
  return `data:image/svg+xml,${safe}`;
}

export function inlineLcpImage(html: string, assets: AssetStore): string {
  const m = /<img src="(\/images\/[\w-]+\.svg)"[^>]* fetchPriority="high"\/>/.exec(html);
  if (!m) return html;
  const src = m[1]!;
  let url = dataUrls.get(src);
  if (url === undefined) {
    const a = assets.get(src);
    url = a && a.body.length <= INLINE_IMAGE_MAX ? svgDataUrl(new TextDecoder().decode(a.body)) : null;
    dataUrls.set(src, url);
  }
  if (!url) return html;
  const img = m[0].replace(`src="${src}"`, `src="${url}"`);
  return html.replace(`<link rel="preload" as="image" href="${src}" fetchPriority="high"/>`, '').replace(m[0], img);
}

const INLINED = /<style>[^<]*<\/style><link rel="stylesheet" href="(\/build\/[\w.-]+\.css)" media="print" data-full-css=""\/><noscript><link rel="stylesheet" href="\1"\/><\/noscript>/;

/**
 * The same page with its stylesheet linked instead of inlined, for a client that takes no compression (no browser
 * does that): inlined, the critical CSS pays for itself only compressed, and would double such an answer's bytes.
 */
export function linkedForm(html: string): string {
  let out = html.replace(INLINED, (_, href: string) => `<link rel="stylesheet" href="${href}" data-precedence="site"/>`);
  // Its largest paint's picture by its address too.
  for (const [src, url] of dataUrls) if (url && out.includes(url)) out = out.replace(`src="${url}"`, `src="${src}"`);
  return out;
}

/** Renders a page: the whole HTML at once, so its critical CSS can be inlined in the head. */
export async function renderPage(page: Page, ctx: PageContext, assets: AssetStore, status = 200): Promise<Response> {
  const used = new Set<string>();
  const player = playerBoot(page, ctx, assets.manifest);
  const stream = await renderToReadableStream(
    <IslandsUsed.Provider value={used}>
      {/* A player's islands wake on their first use; their live parts are kept by the boot script until then. */}
      <IslandLoadDefault.Provider value={player ? 'interaction' : 'load'}>
        <FormTokenContext.Provider value={ctx.formToken}>
          <Document page={page} ctx={ctx} manifest={assets.manifest} used={used} />
        </FormTokenContext.Provider>
      </IslandLoadDefault.Provider>
    </IslandsUsed.Provider>,
  );
  const html = inlineLcpImage(await new Response(stream).text(), assets);
  const inlined = inlineCritical(html, assets, player);
  if (!inlined) return new Response(html, { status, headers: HTML_HEADERS });
  return new Response(inlined.html, { status, headers: { ...HTML_HEADERS, 'content-security-policy': inlined.csp } });
}

/**
 * A page that is the same for every visitor, rendered once: gzipped with its critical CSS inline, and uncompressed
 * with its stylesheet linked (`linkedForm`).
 */
export type CachedPage = { html: Uint8Array; gzip: Uint8Array; csp: string | null };

export async function renderStatic(page: Page, ctx: PageContext, assets: AssetStore): Promise<CachedPage> {
  const res = await renderPage(page, ctx, assets);
  const inlined = await res.text();
  const enc = new TextEncoder();
  return { html: enc.encode(linkedForm(inlined)), gzip: Bun.gzipSync(enc.encode(inlined), { level: 9 }), csp: res.headers.get('content-security-policy') };
}

export function cachedResponse(cached: CachedPage, req: Request): Response {
  const gz = /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '');
  const headers: Record<string, string> = { ...HTML_HEADERS, 'cache-control': 'no-cache', vary: 'accept-encoding, accept-language, cookie' };
  if (cached.csp) headers['content-security-policy'] = cached.csp;
  if (gz) headers['content-encoding'] = 'gzip';
  return new Response((gz ? cached.gzip : cached.html) as BodyInit, { headers });
}
