import { Elysia } from 'elysia';
import type { AssetStore } from '../assets/store';
import { cachedResponse, renderPage, renderStatic, type CachedPage } from './render';
import type { Page, PageContext, SiteInfo, Viewer } from './page';

type Options = {
  routes: Record<string, Page>;
  assets: AssetStore;
  site: SiteInfo;
  viewer: (req: Request) => Promise<Viewer | null>;
  /** The app's own request handler, so a page's load can read the API the islands use. */
  handle?: (req: Request) => Promise<Response>;
};

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** A signed-in-only path remembered for after login; only same-site paths are ever honoured. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** In-process GETs on /api/v1 carrying the page request's credentials, so the API's own scoping applies. */
function ownApi(handle: (req: Request) => Promise<Response>, page: Request) {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const h of ['cookie', 'authorization']) {
    const v = page.headers.get(h);
    if (v) headers[h] = v;
  }
  return async (path: string) => {
    const res = await handle(new Request(new URL('/api/v1' + path, page.url), { headers }));
    const body: unknown = await res.json().catch(() => null);
    return res.ok && body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  };
}

/** Serves every page with the server-side guard of spec §2 as changed by DESIGN §6. */
export function pagesPlugin(o: Options) {
  const cache = new Map<string, Promise<CachedPage>>();
  const app = new Elysia({ name: 'pages' });
  for (const [path, page] of Object.entries(o.routes)) {
    app.get(path, async ({ request, params }) => {
      const url = new URL(request.url);
      // Only a request that carries a credential can be a signed-in player; visitors skip the lookup.
      const hasCredential = /(?:^|;\s*)token=/.test(request.headers.get('cookie') ?? '') || request.headers.has('authorization');
      const viewer = hasCredential ? await o.viewer(request) : null;
      if (page.access === 'public-only' && viewer) return redirect('/home');
      if (page.access === 'private' && !viewer) return redirect('/?next=' + encodeURIComponent(url.pathname + url.search + url.hash));
      const ctx: PageContext = { url, params: (params ?? {}) as Record<string, string>, viewer, site: o.site };
      if (o.handle && viewer) ctx.api = ownApi(o.handle, request);
      if (page.static && !viewer && !url.search) {
        let hit = cache.get(path);
        if (!hit) cache.set(path, (hit = renderStatic(page, ctx, o.assets)));
        return cachedResponse(await hit, request);
      }
      try {
        if (page.load) ctx.data = await page.load(ctx);
      } catch (e) {
        if (e instanceof Response) return e;
        throw e;
      }
      return renderPage(page, ctx, o.assets);
    });
  }
  return app;
}
