import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { brotliDecompressSync } from 'node:zlib';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import type { Client } from '@libsql/client';
import { serveApp } from '../serve';
import fc from 'fast-check';
import { healthWatch, type HealthWatch } from './fast-paths';
import { headerLang } from '../i18n/header-lang';
import { langFromAcceptLanguage } from '../i18n/lang';
import { pageRoutes } from '../pages/routes';
import { renderPage } from '../pages/render';

let app: TestApp;
let server: ReturnType<typeof serveApp>;
let base: string;
let player: TestPlayer;

beforeAll(async () => {
  app = await makeApp({ TICKER_MODE: 'live' });
  server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
  player = await createPlayer(app);
});
afterAll(() => server.stop(true));

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers, redirect: 'manual', decompress: false });
const SECURITY = ['x-content-type-options', 'referrer-policy', 'content-security-policy'];
/** What the whole pipeline answers a visitor with no preferences: the reference the prepared bytes must equal. */
const reference = async (path: string) => {
  const res = await app.handle(new Request('http://localhost:3000' + path));
  return { res, html: await res.text() };
};

describe('visitor pages from prepared bytes', () => {
  test('each static visitor page is served by the fast path, byte for byte what the app renders, with the same headers', async () => {
    // /forgot-password is among them: its captcha picture is its own request (/api/v1/captcha.svg).
    expect(Object.keys(app.routes).filter((p) => !p.startsWith('/api/')).sort()).toEqual(
      ['/', '/about-us', '/forgot-password', '/healthz', '/login', '/privacy-policy', '/readyz', '/register', '/responsible-gaming', '/support', '/terms-condition', '/ultra-panda', '/vb-link'].sort(),
    );
    for (const path of ['/', '/about-us', '/forgot-password', '/login', '/register', '/ultra-panda', '/vb-link']) {
      const ref = await reference(path);
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(ref.html);
      for (const h of [...SECURITY, 'content-type', 'cache-control', 'vary']) expect(res.headers.get(h)).toBe(ref.res.headers.get(h));
      expect(res.headers.get('etag')).toMatch(/^W\/"[0-9a-z]+"$/);
    }
  });

  test('brotli when the browser accepts it, gzip when only that, plain otherwise: the same page each time', async () => {
    const { html } = await reference('/about-us');
    // Compressed, the page carries its critical CSS inline, exactly as the app sends it gzipped.
    const appGz = await app.handle(new Request('http://localhost:3000/about-us', { headers: { 'accept-encoding': 'gzip' } }));
    const inlined = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await appGz.arrayBuffer())));
    expect(inlined).toContain('<style>');
    const br = await get('/about-us', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(new TextDecoder().decode(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())))).toBe(inlined);
    const gz = await get('/about-us', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toBe(inlined);
    // Uncompressed, its stylesheet linked (src/pages/render.tsx, linkedForm), as the app sends it then.
    const plain = await get('/about-us');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(html).not.toContain('<style>');
  });

  test('the language a remembered Accept-Language value picks is the one parsing it picks, past the memory\'s bound too', () => {
    const tag = fc.constantFrom('es', 'es-US', 'es-419', 'en', 'en-US', 'en-GB', 'fr', 'de-DE', '*', 'ES-mx');
    const part = fc.tuple(tag, fc.option(fc.constantFrom('0', '0.1', '0.5', '0.9', '1', 'x'), { nil: undefined })).map(([t, q]) => (q === undefined ? t : `${t};q=${q}`));
    const header = fc.array(part, { minLength: 1, maxLength: 4 }).map((ps) => ps.join(', '));
    // Asked twice each (the second from memory), over more distinct values than are kept.
    fc.assert(fc.property(header, (h) => headerLang(h) === langFromAcceptLanguage(h) && headerLang(h) === langFromAcceptLanguage(h)), { numRuns: 2000 });
    for (let i = 0; i < 600; i++) {
      const h = i % 2 ? `es-US;q=0.${(i % 9) + 1}, fr;q=${i}` : `en-US, es;q=0.${(i % 9) + 1}, x-${i}`;
      expect(headerLang(h)).toBe(i % 2 ? 'es' : 'en');
    }
    expect(headerLang(null)).toBe('en');
  });

  test('over a real port: the same Accept-Language asked again is answered in its language; a lang cookie beats it', async () => {
    const es = { 'accept-language': 'es-US,es;q=0.9', 'accept-encoding': 'br' };
    const html = async (headers: Record<string, string>) => brotliDecompressSync(Buffer.from(await (await get('/about-us', headers)).arrayBuffer())).toString();
    for (let i = 0; i < 3; i++) expect(await html(es)).toContain('<html lang="es');
    expect(await html({ ...es, cookie: 'lang=en' })).toContain('<html lang="en');
    expect(await html({ 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'br' })).toContain('<html lang="en');
  });

  test('a conditional request with the current ETag is a 304 with no body; a stale one gets the page', async () => {
    const etag = (await get('/login')).headers.get('etag')!;
    const again = await get('/login', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-security-policy')).toBe((await reference('/login')).res.headers.get('content-security-policy'));
    expect((await get('/login', { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await get('/login', { 'if-none-match': 'W/"stale"' })).status).toBe(200);
  });

  test('a signed-in player still gets the signed-in behaviour: public-only pages redirect, open pages show the wallet', async () => {
    const cookie = `token=${player.token}`;
    const login = await get('/login', { cookie });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/home');
    const bearer = await get('/', { authorization: `Bearer ${player.token}` });
    expect(bearer.status).toBe(303);
    const about = await get('/about-us', { cookie: `theme=dark; ${cookie}` });
    expect(about.status).toBe(200);
    expect(about.headers.get('etag')).toBeNull();
    expect(await about.text()).toContain('data-island="WalletMenu"');
  });

  test("a visitor with a form post's flash gets the page rendered with it, once", async () => {
    const { createFlashCookies } = await import('../pages/flash');
    const cookie = createFlashCookies(app.deps.flashKey, false).set({ kind: 'success', message: 'Password updated.' }).split(';')[0]!;
    const page = await get('/login', { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('etag')).toBeNull();
    expect(await page.text()).toContain('Password updated.');
    expect(page.headers.get('set-cookie')).toMatch(/^flash=; Max-Age=0/);
  });

  test('a query string reaches the app on a page that reads it, and changes nothing on one that does not; other methods fall through', async () => {
    for (const path of ['/login', '/register']) {
      const res = await get(`${path}?next=%2Fhome&start=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBeNull();
      // Rendered for the query: the page asked for after sign-in rides along, or the reason for coming here shows.
      expect(await res.text()).toContain(path === '/login' ? 'value="/home"' : 'Login or register to get started!');
    }
    // Every other static page ignores the query: with any query the app renders exactly the visitor page.
    const query = '?next=%2Fhome&start=1&captcha=question&type=DEPOSIT&page=2&receipt=CR-X';
    const readers = Object.entries(pageRoutes).filter(([p, pg]) => pg.static && !p.includes(':') && pg.readsQuery).map(([p]) => p);
    expect(readers.sort()).toEqual(['/forgot-password', '/login', '/register']);
    for (const [path, pg] of Object.entries(pageRoutes)) {
      if (!pg.static || path.includes(':') || pg.readsQuery) continue;
      const plain = await reference(path);
      // The page itself, rendered for a URL with the query and without it (not through any cache): the same HTML.
      const draw = async (url: string) => (await renderPage(pg, { url: new URL(url), params: {}, viewer: null, site: app.deps.site }, app.deps.assets)).text();
      expect({ path, html: await draw(`http://localhost:3000${path}${query}`) }).toEqual({ path, html: await draw(`http://localhost:3000${path}`) });
      const asked = await app.handle(new Request(`http://localhost:3000${path}${query}`));
      expect({ path, html: await asked.text() }).toEqual({ path, html: plain.html });
      const fast = await get(path + query);
      expect({ path, html: await fast.text() }).toEqual({ path, html: plain.html });
    }
    const post = await fetch(base + '/login', { method: 'POST', redirect: 'manual' });
    const ref = await app.handle(new Request('http://localhost:3000/login', { method: 'POST' }));
    expect(post.status).toBe(ref.status);
  });
});

describe('/healthz on the fast path', () => {
  test('answers as the framework route does, with the security headers', async () => {
    const res = await get('/healthz');
    const ref = await app.handle(new Request('http://localhost:3000/healthz'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(await ref.json());
    for (const h of [...SECURITY, 'content-type']) expect(res.headers.get(h)).toBe(ref.headers.get(h));
  });
});

describe('/healthz probes', () => {
  const fakeDatabase = () => {
    const db = { queries: 0, up: true };
    const client = { execute: async () => { db.queries++; if (!db.up) throw new Error('gone'); return {}; } } as unknown as Client;
    return { db, client };
  };
  const statusOf = async (get: HealthWatch['route']['GET']) =>
    get instanceof Response ? get.status : (await get(new Request('http://localhost/healthz'))).status;

  test('before the server watches, a burst of requests waits for one probe', async () => {
    const { db, client } = fakeDatabase();
    const { route } = healthWatch(client, { hsts: false });
    expect(await Promise.all(Array.from({ length: 50 }, () => statusOf(route.GET)))).toEqual(Array(50).fill(200));
    expect(db.queries).toBe(1);
  });

  test('watched: one query a second whoever asks; the route becomes the prepared answer and turns with the database', async () => {
    const { db, client } = fakeDatabase();
    const { route, watch } = healthWatch(client, { hsts: false });
    let changes = 0;
    const stop = watch(() => changes++);
    await Bun.sleep(20);
    expect(changes).toBe(1);
    expect(route.GET).toBeInstanceOf(Response);
    expect(await statusOf(route.GET)).toBe(200);
    db.up = false;
    await Bun.sleep(1_050);
    expect(changes).toBe(2);
    expect(await statusOf(route.GET)).toBe(503);
    expect(await (route.GET as Response).clone().json()).toEqual({ status: 'unavailable' });
    db.up = true;
    await Bun.sleep(1_000);
    expect(changes).toBe(3);
    expect(await statusOf(route.GET)).toBe(200);
    // A probe a second while watched, not one per request; none once stopped.
    expect(db.queries).toBe(3);
    stop();
    await Bun.sleep(1_100);
    expect(db.queries).toBe(3);
  });

  test('over a real port: Bun sends the prepared answer (no query per request), and 503 within the second of the database stopping', async () => {
    const own = await makeApp();
    const client = own.deps.database.client;
    let probes = 0;
    const execute = client.execute.bind(client);
    client.execute = ((stmt: Parameters<Client['execute']>[0]) => {
      if (stmt === 'SELECT 1') probes++;
      return execute(stmt);
    }) as Client['execute'];
    const served = serveApp(own, { port: 0, hostname: '127.0.0.1' });
    try {
      const at = `http://127.0.0.1:${served.port}/healthz`;
      expect((await fetch(at)).status).toBe(200);
      await Bun.sleep(20);
      const before = probes;
      for (let i = 0; i < 20; i++) expect((await fetch(at)).status).toBe(200);
      expect(probes - before).toBeLessThanOrEqual(1); // the timer's, if its second came round; none per request
      const head = await fetch(at, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-security-policy')).toBe((await own.handle(new Request('http://localhost:3000/healthz'))).headers.get('content-security-policy'));
      own.deps.database.client.close();
      await Bun.sleep(1_100);
      const down = await fetch(at);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'unavailable' });
    } finally {
      await served.stop(true);
    }
  });
});
