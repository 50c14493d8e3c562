// The site's service worker, built by scripts/build-client.ts with the build's version and the files to keep
// for offline (served at /sw.js, src/pwa/pwa.routes.ts). Its rules: docs/decisions/service-worker.md. It holds no
// request to send later: there is no background sync, and a post made offline simply fails in the page.
import { NAVIGATION_TIMEOUT_MS, OFFLINE_URL, ruleFor } from './sw-rules';

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

type ExtendableEvent = Event & { waitUntil(p: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; preloadResponse?: Promise<Response | undefined>; respondWith(r: Promise<Response> | Response): void };
type Worker = {
  location: Location;
  registration: { waiting: { postMessage(m: unknown): void } | null; navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, fn: (e: any) => void): void;
};

const sw = self as unknown as Worker;
const PREFIX = 'coinreel-';
const CACHE = `${PREFIX}${__SW_VERSION__}`;

async function keepOffline(): Promise<void> {
  const cache = await caches.open(CACHE);
  await cache.addAll(__SW_PRECACHE__.map((u) => new Request(u, { cache: 'reload' })));
}

sw.addEventListener('install', (e: ExtendableEvent) => e.waitUntil(keepOffline()));

sw.addEventListener('activate', (e: ExtendableEvent) =>
  e.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      // The page's request leaves while the worker starts, instead of after.
      await sw.registration.navigationPreload?.enable().catch(() => undefined);
      await sw.clients.claim();
    })(),
  ),
);

// A new version waits (the pages open now keep the files they started with) until a navigation: see `navigate`.
sw.addEventListener('message', (e: MessageEvent) => {
  if ((e.data as { type?: unknown } | null)?.type === 'skip-waiting') void sw.skipWaiting();
});

sw.addEventListener('fetch', (e: FetchEvent) => {
  const rule = ruleFor(e.request, sw.location.origin);
  if (rule === 'sign-out') return e.waitUntil(signedOut());
  if (rule === 'asset') return e.respondWith(fromCache(e));
  if (rule !== 'navigate') return;
  // The next navigation is the moment a waiting version takes over (it claims the page this one loads).
  sw.registration.waiting?.postMessage({ type: 'skip-waiting' });
  e.respondWith(networkFirst(e));
});

async function networkFirst(e: FetchEvent): Promise<Response> {
  const network = (async () => (await e.preloadResponse?.catch(() => undefined)) ?? fetch(e.request))();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), NAVIGATION_TIMEOUT_MS)));
  try {
    const first = await Promise.race([network, late]);
    if (first !== 'late') return first;
  } catch {
    // No network at all.
  } finally {
    clearTimeout(timer);
  }
  network.catch(() => undefined);
  const page = await caches.match(OFFLINE_URL, { cacheName: CACHE });
  if (!page) return Response.error();
  return page;
}

async function fromCache(e: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(e.request);
  if (hit) return hit;
  const res = await fetch(e.request);
  if (res.ok && res.type === 'basic' && !/text\/html/.test(res.headers.get('content-type') ?? '')) e.waitUntil(cache.put(e.request, res.clone()));
  return res;
}

/** Sign-out: nothing kept while signed in stays; the offline page is fetched again for the next time. */
async function signedOut(): Promise<void> {
  for (const key of await caches.keys()) if (key.startsWith(PREFIX)) await caches.delete(key);
  await keepOffline().catch(() => undefined);
}
