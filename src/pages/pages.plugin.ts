import { Elysia } from 'elysia';
import type { AssetStore } from '../assets/store';
import { cachedResponse, renderPage, renderStatic, type CachedPage } from './render';
import type { FlashCookies } from './flash';
import { handleFormPost } from './form-post';
import type { FormTokens } from '../http/form-token';
import { copyClientIp } from '../http/client-ip';
import type { Page, PageContext, SiteInfo, Viewer } from './page';
import { landingOf } from '../shared/paths';
import { langCookieFor } from '../http/lang';
import { currentLang } from '../i18n/request-lang';
import { CONSOLE_REFUSALS, consoleRefusal } from '../services/auth/console-access';

type Options = {
  routes: Record<string, Page>;
  assets: AssetStore;
  site: SiteInfo;
  viewer: (req: Request) => Promise<Viewer | null>;
  /** The app's own request handler, so a page's load can read the API the islands use. */
  handle?: (req: Request) => Promise<Response>;
  flash: FlashCookies;
  formTokens: FormTokens;
  /** May this request use the sandbox's controls (src/http/loopback.ts)? Absent: nobody may. */
  sandboxControls?: (req: Request) => boolean;
  /** The console needs a session that passed the operator's second factor: without it, its pages send them to turn it on or sign in again. */
  operatorTwoStep?: boolean;
  /** Cookies this site sets carry Secure (the `lang` cookie that `?lang=` sets). */
  secureCookies?: boolean;
};

const forbidden = () => new Response('Forbidden', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
const redirect = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** In-process GETs on /api/v1 carrying the page request's credentials, so the API's own scoping applies. */
function ownApi(handle: (req: Request) => Promise<Response>, page: Request) {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const h of ['cookie', 'authorization']) {
    const v = page.headers.get(h);
    if (v) headers[h] = v;
  }
  return async (path: string) => {
    const req = new Request(new URL('/api/v1' + path, page.url), { headers });
    copyClientIp(page, req);
    const res = await handle(req);
    const body: unknown = await res.json().catch(() => null);
    return res.ok && body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  };
}

/** Serves every page with the server-side guard of spec §2 as changed by DESIGN §6. */
export function pagesPlugin(o: Options) {
  const cache = new Map<string, Promise<CachedPage>>();
  const app = new Elysia({ name: 'pages' });
  /** The guard of spec §2 as changed by DESIGN §6: a Response to send instead, or the page's context. */
  async function guard(page: Page, request: Request, params: unknown): Promise<Response | PageContext> {
    const url = new URL(request.url);
    // Only a request that carries a credential can be a signed-in player; visitors skip the lookup.
    const hasCredential = /(?:^|;\s*)token=/.test(request.headers.get('cookie') ?? '') || request.headers.has('authorization');
    const viewer = hasCredential ? await o.viewer(request) : null;
    if (page.access === 'public-only' && viewer) return redirect(landingOf(viewer.role));
    if (page.access === 'private' && !viewer) return redirect('/login?next=' + encodeURIComponent(url.pathname + url.search));
    if (page.access === 'admin' && !viewer) return redirect('/login?next=' + encodeURIComponent(url.pathname + url.search));
    if (page.access === 'admin' && viewer?.role !== 'ADMIN') return forbidden();
    const refused = page.access === 'admin' && consoleRefusal(viewer!, o.operatorTwoStep === true);
    if (refused) return redirect(CONSOLE_REFUSALS[refused].path);
    const ctx: PageContext = { url, params: (params ?? {}) as Record<string, string>, viewer, site: o.site };
    if (viewer?.sessionId) ctx.formToken = o.formTokens.for(viewer.sessionId);
    ctx.sandboxControls = o.sandboxControls?.(request) === true;
    if (o.handle) ctx.api = ownApi(o.handle, request);
    return ctx;
  }

  async function render(page: Page, ctx: PageContext, status = 200, clearFlash = false): Promise<Response> {
    try {
      if (page.load) ctx.data = await page.load(ctx);
    } catch (e) {
      if (e instanceof Response) return e;
      throw e;
    }
    const res = await renderPage(page, ctx, o.assets, status === 200 ? page.status?.(ctx) ?? 200 : status);
    if (clearFlash) res.headers.append('set-cookie', o.flash.clear());
    return res;
  }

  async function get(page: Page, path: string, request: Request, params: unknown): Promise<Response> {
    const ctx = await guard(page, request, params);
    if (ctx instanceof Response) return ctx;
    const hasFlash = o.flash.present(request);
    // A readsQuery page reads its own query; `?lang=` alone is every page's and keeps it the prepared page.
    const query = ctx.url.search.replace(/^\?lang=(en|es)$/, '');
    if (page.static && !ctx.viewer && !(page.readsQuery && query) && !hasFlash) {
      // One prepared page per language (src/i18n): a Spanish visitor page is as fast as an English one.
      const key = `${currentLang()} ${path}`;
      let hit = cache.get(key);
      if (!hit) cache.set(key, (hit = renderStatic(page, ctx, o.assets)));
      return cachedResponse(await hit, request);
    }
    if (hasFlash) ctx.flash = o.flash.read(request) ?? undefined;
    return render(page, ctx, 200, hasFlash);
  }

  for (const [path, page] of Object.entries(o.routes)) {
    app.get(path, async ({ request, params }) => {
      const res = await get(page, path, request, params);
      // `?lang=es` on any page: the choice is kept in the `lang` cookie for a year.
      const cookie = langCookieFor(new URL(request.url), o.secureCookies ?? false);
      if (cookie) res.headers.append('set-cookie', cookie);
      return res;
    });
    if (page.actions)
      app.post(path, async ({ request, params }) => {
        const ctx = await guard(page, request, params);
        if (ctx instanceof Response) return ctx;
        return handleFormPost(page, ctx, request, { flash: o.flash, formTokens: o.formTokens, handle: o.handle, render: (c, status) => render(page, c, status) });
      }, { parse: 'none' });
  }
  return app;
}
