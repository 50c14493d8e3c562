// What the service worker does with each request (docs/decisions/service-worker.md), as a plain function the
// worker and its tests share. Whatever is not named here goes to the network untouched and is never stored.

/** A GET navigation waits this long for the network's answer, then the offline page is shown instead. */
export const NAVIGATION_TIMEOUT_MS = 3_000;
/** The page shown for a navigation the network cannot answer (src/pwa/pwa.routes.ts serves it). */
export const OFFLINE_URL = '/offline.html';
/** The worker's own file, at the root so its scope is the whole site. */
export const WORKER_URL = '/sw.js';
/** The answers the worker stores: the build's content-hashed scripts and stylesheets, which never change. */
export const HASHED_ASSET = /^\/build\/[\w.-]+-[a-z0-9]{8}\.(?:js|css)$/;
/** Sign-out, as the header's form and as the API: the worker empties its caches when one is sent. */
export const SIGN_OUT_PATHS: readonly string[] = ['/logout', '/api/v1/logout'];

export type Rule =
  /** Network first, the offline page after NAVIGATION_TIMEOUT_MS or with no network; never stored. */
  | 'navigate'
  /** From the cache, else the network (then stored). */
  | 'asset'
  /** Sent to the network as it is; the caches are emptied meanwhile. */
  | 'sign-out'
  /** Not the worker's business: the browser sends it as it would without a worker. */
  | 'pass';

export function ruleFor(req: { method: string; url: string; mode: string }, origin: string): Rule {
  const url = new URL(req.url);
  if (url.origin !== origin) return 'pass';
  // A request that changes something (money above all) is never answered, held or sent again by the worker.
  if (req.method !== 'GET') return req.method === 'POST' && SIGN_OUT_PATHS.includes(url.pathname) ? 'sign-out' : 'pass';
  if (req.mode === 'navigate') return url.pathname.startsWith('/api/') || url.pathname === '/ws' || url.pathname === WORKER_URL ? 'pass' : 'navigate';
  return HASHED_ASSET.test(url.pathname) && !url.search ? 'asset' : 'pass';
}
