import { Elysia } from 'elysia';
import { assetResponse, type AssetStore } from '../assets/store';
import { CSP } from '../http/finish';
import type { SiteInfo } from '../pages/page';
import { styleHash } from '../pages/layout/critical-css';
import { manifestUrl, webManifest } from './manifest';
import { OFFLINE_CSS, offlineHtml } from './offline-page';
import { OFFLINE_URL, WORKER_URL } from './sw-rules';

/** Where the build puts the worker (scripts/build-client.ts); it is served at the root, never from there. */
export const BUILT_WORKER = '/build/sw.js';

/**
 * The installable app's files (docs/decisions/service-worker.md): the worker at the root, so its scope is the whole
 * site, revalidated on every check (no-cache, its version as the validator), so a new build reaches players at once;
 * the web app manifest; and the offline page the worker keeps.
 */
export function pwaRoutes(o: { assets: AssetStore; site: SiteInfo }) {
  const logo = o.assets.get('/images/logo.svg');
  const offline = offlineHtml({ siteName: o.site.siteName, logoSvg: logo ? new TextDecoder().decode(logo.body) : '', script: o.assets.manifest.offline ?? '' });
  const offlineCsp = CSP.replace("style-src 'self'", `style-src 'self' ${styleHash(OFFLINE_CSS)}`);
  const manifest = (lang: 'en' | 'es') => JSON.stringify(webManifest(o.site, lang));
  const manifestHeaders = { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=3600' };
  const [en, es] = [manifest('en'), manifest('es')];
  return new Elysia({ name: 'pwa' })
    .get(WORKER_URL, ({ request }) => {
      // Read per request (a map lookup): the worker is the build's, whatever the store holds now.
      const worker = o.assets.get(BUILT_WORKER);
      if (!worker) return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
      const headers = { 'cache-control': 'no-cache', etag: `"${o.assets.manifest.swVersion ?? ''}"` };
      if (request.headers.get('if-none-match') === headers.etag) return new Response(null, { status: 304, headers });
      const res = assetResponse(worker, request);
      for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
      return res;
    })
    .get(manifestUrl('en'), () => new Response(en, { headers: manifestHeaders }))
    .get(manifestUrl('es'), () => new Response(es, { headers: manifestHeaders }))
    .get(OFFLINE_URL, () => new Response(offline, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': offlineCsp } }));
}
