import { beforeAll, describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAVIGATION_TIMEOUT_MS, OFFLINE_URL, ruleFor } from './sw-rules';

// The built worker (public/build/sw.js, `bun run build:client`), run in a stand-in for a worker's global scope:
// its caches, the network and its timers are the test's, so every rule is seen doing what it says.
const ORIGIN = 'https://coinreel.test';
const built = readFileSync(join(import.meta.dir, '../../public/build/sw.js'), 'utf8');
const manifest = JSON.parse(readFileSync(join(import.meta.dir, '../../public/build/manifest.json'), 'utf8')) as { swVersion: string; offline: string };
const CACHE = `coinreel-${manifest.swVersion}`;

type Handler = (e: any) => void;

function fakeCaches() {
  const store = new Map<string, Map<string, Response>>();
  const key = (r: Request | string) => new URL(typeof r === 'string' ? r : r.url, ORIGIN).href;
  const open = async (name: string) => {
    let c = store.get(name);
    if (!c) store.set(name, (c = new Map()));
    const cache = c;
    return {
      match: async (r: Request | string) => cache.get(key(r))?.clone(),
      put: async (r: Request | string, res: Response) => void cache.set(key(r), res),
      addAll: async (rs: Request[]) => {
        for (const r of rs) {
          const res = await net(r);
          if (!res.ok) throw new TypeError('addAll: ' + res.status);
          cache.set(key(r), res);
        }
      },
      keys: async () => [...cache.keys()].map((u) => new Request(u)),
    };
  };
  let net: (r: Request) => Promise<Response> = async () => new Response('');
  return {
    store,
    setNetwork: (n: typeof net) => void (net = n),
    api: {
      open,
      keys: async () => [...store.keys()],
      delete: async (name: string) => store.delete(name),
      match: async (r: Request | string, o: { cacheName?: string } = {}) => {
        for (const [name, c] of store) if (!o.cacheName || o.cacheName === name) {
          const hit = c.get(key(r));
          if (hit) return hit.clone();
        }
        return undefined;
      },
    },
  };
}

/** The worker, loaded once per test: its listeners, and what it did. */
function loadWorker(opts: { waiting?: boolean } = {}) {
  const listeners = new Map<string, Handler[]>();
  const caches = fakeCaches();
  const sent: { method: string; url: string }[] = [];
  let network: (r: Request) => Promise<Response> = async (r) => new Response(`network ${r.url}`, { headers: { 'content-type': r.url.endsWith('.html') ? 'text/html' : 'text/javascript' } });
  const fetchFn = async (input: Request | string) => {
    const r = typeof input === 'string' ? new Request(new URL(input, ORIGIN)) : input;
    sent.push({ method: r.method, url: r.url });
    const res = await network(r);
    Object.defineProperty(res, 'type', { value: 'basic' });
    return res;
  };
  caches.setNetwork(fetchFn);
  const told: unknown[] = [];
  const state = { skipped: 0, claimed: 0 };
  const self = {
    location: new URL(ORIGIN + '/sw.js'),
    registration: { waiting: opts.waiting ? { postMessage: (m: unknown) => told.push(m) } : null, navigationPreload: { enable: async () => undefined } },
    clients: { claim: async () => void state.claimed++ },
    skipWaiting: async () => void state.skipped++,
    addEventListener: (type: string, fn: Handler) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
  };
  // Its timers: the navigation's 3 s wait runs out at once when the test says the network is slow.
  let slow = false;
  const timers = {
    setTimeout: (fn: () => void, ms: number) => (slow && ms === NAVIGATION_TIMEOUT_MS ? (queueMicrotask(fn), 1) : setTimeout(fn, ms)),
    clearTimeout: (t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>),
  };
  // A worker's relative addresses are its origin's.
  const WorkerRequest = class extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
    }
  };
  new Function('self', 'caches', 'fetch', 'setTimeout', 'clearTimeout', 'Request', built)(self, caches.api, fetchFn, timers.setTimeout, timers.clearTimeout, WorkerRequest);

  /** Dispatches one event; resolves with what the worker answered (if it did) once its extended work is done. */
  async function dispatch(type: string, init: Record<string, unknown> = {}) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | undefined;
    const e = { ...init, waitUntil: (p: Promise<unknown>) => void waits.push(p), respondWith: (r: Promise<Response> | Response) => void (answer = Promise.resolve(r)) };
    for (const l of listeners.get(type) ?? []) l(e);
    const res = await answer;
    await Promise.all(waits);
    return { res, responded: answer !== undefined };
  }
  const request = (path: string, o: { method?: string; mode?: string; body?: string } = {}) => {
    const r = new Request(ORIGIN + path, { method: o.method ?? 'GET', body: o.body });
    Object.defineProperty(r, 'mode', { value: o.mode ?? 'cors' });
    return r;
  };
  return {
    listeners, caches, sent, told, state, dispatch, request,
    setNetwork: (n: typeof network) => void (network = n),
    slowNetwork: () => void (slow = true),
    cached: (name = CACHE) => [...(caches.store.get(name)?.keys() ?? [])].map((u) => u.slice(ORIGIN.length)),
  };
}

const offlinePage = () => new Response('<h1>You are offline</h1>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
const answerOffline = (w: ReturnType<typeof loadWorker>, rest: (r: Request) => Promise<Response>) =>
  w.setNetwork(async (r) => (new URL(r.url).pathname === OFFLINE_URL ? offlinePage() : rest(r)));

let installed: ReturnType<typeof loadWorker>;
beforeAll(async () => {
  installed = loadWorker();
  answerOffline(installed, async () => new Response('x', { headers: { 'content-type': 'text/javascript' } }));
  await installed.dispatch('install');
});

describe('the service worker', () => {
  test('listens for install, activate, message and fetch only: no background sync, nothing it could send later', () => {
    expect([...installed.listeners.keys()].sort()).toEqual(['activate', 'fetch', 'install', 'message']);
    for (const use of [/["'](?:sync|periodicsync|backgroundfetch\w*)["']/, /\.sync\b/, /\bindexedDB\b/, /\blocalStorage\b/]) expect(built).not.toMatch(use);
  });

  test('installing keeps the offline page and its script under this build\'s version', () => {
    expect(installed.cached().sort()).toEqual([manifest.offline, OFFLINE_URL].sort());
  });

  test('activating drops the caches of older versions (and no one else\'s), then takes the open pages', async () => {
    const w = loadWorker();
    answerOffline(w, async () => new Response('x'));
    await w.dispatch('install');
    await (await w.caches.api.open('coinreel-0ld')).put('/build/app-aaaaaaaa.js', new Response('old'));
    await (await w.caches.api.open('another-app')).put('/x', new Response('x'));
    await w.dispatch('activate');
    expect((await w.caches.api.keys()).sort()).toEqual(['another-app', CACHE].sort());
    expect(w.state.claimed).toBe(1);
  });

  test('a navigation goes to the network first, and its answer (a signed-in page) is not stored', async () => {
    const w = loadWorker();
    answerOffline(w, async (r) => new Response(`<p>page ${new URL(r.url).pathname}</p>`, { headers: { 'content-type': 'text/html' } }));
    await w.dispatch('install');
    const { res } = await w.dispatch('fetch', { request: w.request('/home', { mode: 'navigate' }) });
    expect(await res!.text()).toBe('<p>page /home</p>');
    expect(w.cached()).not.toContain('/home');
    expect(w.cached().every((u) => u === OFFLINE_URL || u.startsWith('/build/'))).toBe(true);
  });

  test('with no network a navigation gets the offline page', async () => {
    const w = loadWorker();
    answerOffline(w, async () => new Response('x'));
    await w.dispatch('install');
    w.setNetwork(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { res } = await w.dispatch('fetch', { request: w.request('/transactions', { mode: 'navigate' }) });
    expect(await res!.text()).toContain('You are offline');
  });

  test('a navigation the network has not answered within 3 s gets the offline page', async () => {
    const w = loadWorker();
    answerOffline(w, async () => new Response('x'));
    await w.dispatch('install');
    w.slowNetwork();
    w.setNetwork(() => new Promise(() => {}));
    const { res } = await w.dispatch('fetch', { request: w.request('/home', { mode: 'navigate' }) });
    expect(await res!.text()).toContain('You are offline');
  });

  test('hashed build files are kept on first use and then served from the cache', async () => {
    const w = loadWorker();
    answerOffline(w, async () => new Response('code', { headers: { 'content-type': 'text/javascript' } }));
    await w.dispatch('install');
    const first = await w.dispatch('fetch', { request: w.request('/build/WalletMenu.island-abcd1234.js') });
    expect(await first.res!.text()).toBe('code');
    expect(w.cached()).toContain('/build/WalletMenu.island-abcd1234.js');
    const before = w.sent.length;
    const again = await w.dispatch('fetch', { request: w.request('/build/WalletMenu.island-abcd1234.js') });
    expect(await again.res!.text()).toBe('code');
    expect(w.sent.length).toBe(before);
  });

  test('API answers, images and other pages\' files are not the worker\'s: the browser fetches them, nothing is stored', async () => {
    const w = loadWorker();
    answerOffline(w, async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    await w.dispatch('install');
    for (const path of ['/api/v1/user/wallet-balance', '/api/v1/ticker', '/images/logo.svg', '/build/manifest.json', '/sw.js', '/build/app-abcd1234.js?x=1'])
      expect((await w.dispatch('fetch', { request: w.request(path) })).responded).toBe(false);
    // A navigation to an API address (a CSV download) is not held back by the 3 s rule either.
    expect((await w.dispatch('fetch', { request: w.request('/api/v1/transaction/export', { mode: 'navigate' }) })).responded).toBe(false);
    expect(w.cached().sort()).toEqual([manifest.offline, OFFLINE_URL].sort());
  });

  test('a post that moves money is never answered, held or sent by the worker: the browser sends it once, or it fails', async () => {
    const w = loadWorker();
    answerOffline(w, async () => new Response('x'));
    await w.dispatch('install');
    const sentBefore = w.sent.length;
    for (const [path, mode] of [['/api/v1/transfer/p2p-transfer', 'cors'], ['/p2p-transfer', 'navigate'], ['/home', 'navigate'], ['/api/v1/withdraw', 'cors']] as const) {
      const out = await w.dispatch('fetch', { request: w.request(path, { method: 'POST', mode, body: '{"amount":5}' }) });
      expect(out.responded).toBe(false);
    }
    expect(w.sent.length).toBe(sentBefore);
  });

  test('sign-out, by the header\'s form or the API, empties the caches and keeps only a fresh offline page', async () => {
    for (const path of ['/logout', '/api/v1/logout']) {
      const w = loadWorker();
      answerOffline(w, async () => new Response('code', { headers: { 'content-type': 'text/javascript' } }));
      await w.dispatch('install');
      await w.dispatch('fetch', { request: w.request('/build/app-abcd1234.js') });
      await (await w.caches.api.open('coinreel-0ld')).put('/build/site-abcd1234.css', new Response('old'));
      const out = await w.dispatch('fetch', { request: w.request(path, { method: 'POST', mode: path === '/logout' ? 'navigate' : 'cors' }) });
      // The post itself goes to the network as the browser sends it.
      expect(out.responded).toBe(false);
      expect(await w.caches.api.keys()).toEqual([CACHE]);
      expect(w.cached().sort()).toEqual([manifest.offline, OFFLINE_URL].sort());
    }
  });

  test('a new version waits until the next navigation, which tells it to take over', async () => {
    const w = loadWorker({ waiting: true });
    answerOffline(w, async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } }));
    await w.dispatch('install');
    await w.dispatch('fetch', { request: w.request('/build/app-abcd1234.js') });
    expect(w.told).toEqual([]);
    await w.dispatch('fetch', { request: w.request('/transactions', { mode: 'navigate' }) });
    expect(w.told).toEqual([{ type: 'skip-waiting' }]);
    // The waiting worker, told so, takes over.
    await w.dispatch('message', { data: { type: 'skip-waiting' } });
    expect(w.state.skipped).toBe(1);
    await w.dispatch('message', { data: { type: 'something else' } });
    expect(w.state.skipped).toBe(1);
  });
});

describe('which requests the worker touches (ruleFor)', () => {
  const rule = (method: string, path: string, mode = 'cors', origin = ORIGIN) => ruleFor({ method, url: origin + path, mode }, ORIGIN);
  test('each case', () => {
    expect(rule('GET', '/home', 'navigate')).toBe('navigate');
    expect(rule('GET', '/deposit-bitcoin?deposit=1', 'navigate')).toBe('navigate');
    expect(rule('GET', '/api/v1/transaction/export', 'navigate')).toBe('pass');
    expect(rule('GET', '/build/chunk-abcd1234.js')).toBe('asset');
    expect(rule('GET', '/build/site-abcd1234.css')).toBe('asset');
    expect(rule('GET', '/build/sw.js')).toBe('pass');
    expect(rule('GET', '/build/manifest.json')).toBe('pass');
    expect(rule('GET', '/api/v1/user/wallet-balance')).toBe('pass');
    expect(rule('GET', '/home')).toBe('pass');
    expect(rule('POST', '/logout', 'navigate')).toBe('sign-out');
    expect(rule('POST', '/api/v1/logout')).toBe('sign-out');
    expect(rule('POST', '/p2p-transfer', 'navigate')).toBe('pass');
    expect(rule('PUT', '/logout')).toBe('pass');
    expect(rule('GET', '/build/chunk-abcd1234.js', 'cors', 'https://elsewhere.test')).toBe('pass');
  });
});
