// Which language a page is in, how it is chosen and kept, and the prepared visitor pages in both languages.
import { describe, expect, test } from 'bun:test';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer } from '../../tests/helpers/players';

const htmlLang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
const setLang = (app: TestApp, userId: string, lang: string | null) =>
  app.deps.database.client.execute({ sql: 'UPDATE users SET language = ? WHERE id = ?', args: [lang, userId] });

describe('a visitor page in the chosen language', () => {
  test('Accept-Language es-US: <html lang="es">, the layout and the page in Spanish', async () => {
    const app = await makeApp();
    const res = await page(app, '/about-us', { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' });
    const html = await res.text();
    expect(htmlLang(html)).toBe('es');
    expect(html).toContain('Quiénes somos');
    expect(html).toContain('Todos los derechos reservados');
    expect(html).not.toContain('All rights reserved');
    expect(res.headers.get('vary')).toContain('accept-language');
  });

  test('no Accept-Language, or another language: English', async () => {
    const app = await makeApp();
    const asked: Record<string, string>[] = [{}, { 'accept-language': 'fr-FR' }, { 'accept-language': 'en-US,es;q=0.5' }];
    for (const h of asked) {
      const html = await (await page(app, '/about-us', h)).text();
      expect(htmlLang(html)).toBe('en');
      expect(html).toContain('All rights reserved');
    }
  });

  test('?lang=es sets the lang cookie for a year and beats Accept-Language; the cookie then beats it alone', async () => {
    const app = await makeApp();
    const res = await page(app, '/support?lang=es', { 'accept-language': 'en-US' });
    expect(htmlLang(await res.text())).toBe('es');
    expect(res.headers.getSetCookie()).toContain('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    const next = await page(app, '/support', { cookie: 'lang=es', 'accept-language': 'en-US' });
    expect(htmlLang(await next.text())).toBe('es');
    expect(next.headers.getSetCookie()).toEqual([]);
    // And back: ?lang=en beats the cookie and replaces it.
    const back = await page(app, '/support?lang=en', { cookie: 'lang=es' });
    expect(htmlLang(await back.text())).toBe('en');
    expect(back.headers.getSetCookie()).toContain('lang=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  test('?lang= on a page that reads its query keeps the rest of it, and a bad value is ignored', async () => {
    const app = await makeApp();
    const html = await (await page(app, '/login?start=1&lang=es')).text();
    expect(htmlLang(html)).toBe('es');
    expect(html).toContain('¡Inicia sesión o regístrate para comenzar!');
    const bad = await page(app, '/login?lang=xx', { 'accept-language': 'es' });
    expect(htmlLang(await bad.text())).toBe('es');
    expect(bad.headers.getSetCookie()).toEqual([]);
  });
});

describe("a signed-in player's saved language", () => {
  test('comes after ?lang and the cookie, before Accept-Language', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    const cookie = `token=${p.token}`;
    const langOf = async (path: string, headers: Record<string, string>) => htmlLang(await (await page(app, path, headers)).text());
    expect(await langOf('/profile-setting', { cookie, 'accept-language': 'es' })).toBe('es');
    await setLang(app, p.userId, 'en');
    expect(await langOf('/profile-setting', { cookie, 'accept-language': 'es' })).toBe('en');
    await setLang(app, p.userId, 'es');
    expect(await langOf('/profile-setting', { cookie, 'accept-language': 'en' })).toBe('es');
    expect(await langOf('/about-us', { cookie, 'accept-language': 'en' })).toBe('es');
    expect(await langOf('/profile-setting', { cookie: `${cookie}; lang=en`, 'accept-language': 'es' })).toBe('en');
    expect(await langOf('/profile-setting?lang=en', { cookie })).toBe('en');
  });
});

describe('the prepared visitor pages, in both languages', () => {
  const fast = async (app: TestApp, path: string, headers: Record<string, string>) => {
    const route = app.routes[path]!.GET as (req: Request) => Response | Promise<Response>;
    return route(new Request(`http://localhost:3000${path}`, { headers }));
  };

  test('Accept-Language or the cookie picks the prepared page, each the app\'s own bytes for that language', async () => {
    const app = await makeApp();
    for (const path of ['/', '/about-us', '/terms-condition', '/login', '/register', '/forgot-password']) {
      const es = await (await fast(app, path, { 'accept-language': 'es-US' })).text();
      const byCookie = await (await fast(app, path, { cookie: 'lang=es', 'accept-language': 'en' })).text();
      const en = await (await fast(app, path, { 'accept-language': 'en-US' })).text();
      expect(htmlLang(es)).toBe('es');
      expect(byCookie).toBe(es);
      expect(htmlLang(en)).toBe('en');
      expect(es).toBe(await (await page(app, path, { 'accept-language': 'es' })).text());
    }
  });

  test('each language has its own validator; ?lang= goes to the app, which sets the cookie', async () => {
    const app = await makeApp();
    const es = await fast(app, '/about-us', { 'accept-language': 'es' });
    const en = await fast(app, '/about-us', {});
    expect(es.headers.get('etag')).not.toBe(en.headers.get('etag'));
    expect((await fast(app, '/about-us', { 'accept-language': 'es', 'if-none-match': en.headers.get('etag')! })).status).toBe(200);
    expect((await fast(app, '/about-us', { 'accept-language': 'es', 'if-none-match': es.headers.get('etag')! })).status).toBe(304);
    const viaQuery = await (app.routes['/about-us']!.GET as (r: Request) => Promise<Response>)(new Request('http://localhost:3000/about-us?lang=es'));
    expect(viaQuery.headers.getSetCookie()).toContain('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(htmlLang(await viaQuery.text())).toBe('es');
  });
});
