import { renderToReadableStream } from 'react-dom/server';
import type { AssetStore } from '../assets/store';
import { FormTokenContext } from './form-token-field';
import { IslandsUsed } from './island';
import { Document } from './layout/document';
import type { Page, PageContext } from './page';

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

/** Streams a page: the shell goes out first, islands used on the page get their chunks at the end. */
export async function renderPage(page: Page, ctx: PageContext, assets: AssetStore, status = 200): Promise<Response> {
  const used = new Set<string>();
  const stream = await renderToReadableStream(
    <IslandsUsed.Provider value={used}>
      <FormTokenContext.Provider value={ctx.formToken}>
        <Document page={page} ctx={ctx} manifest={assets.manifest} used={used} />
      </FormTokenContext.Provider>
    </IslandsUsed.Provider>,
  );
  return new Response(stream, { status, headers: HTML_HEADERS });
}

/** A page that is the same for every visitor, rendered once and kept gzipped in memory. */
export type CachedPage = { html: Uint8Array; gzip: Uint8Array };

export async function renderStatic(page: Page, ctx: PageContext, assets: AssetStore): Promise<CachedPage> {
  const html = new Uint8Array(await (await renderPage(page, ctx, assets)).arrayBuffer());
  return { html, gzip: Bun.gzipSync(html, { level: 9 }) };
}

export function cachedResponse(cached: CachedPage, req: Request): Response {
  const gz = /\bgzip\b/.test(req.headers.get('accept-encoding') ?? '');
  const headers: Record<string, string> = { ...HTML_HEADERS, 'cache-control': 'no-cache', vary: 'accept-encoding, cookie' };
  if (gz) headers['content-encoding'] = 'gzip';
  return new Response((gz ? cached.gzip : cached.html) as BodyInit, { headers });
}
