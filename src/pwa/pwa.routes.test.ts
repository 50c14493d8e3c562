import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { styleHash } from '../pages/layout/critical-css';
import { MANIFEST_URL } from './manifest';
import { OFFLINE_URL, WORKER_URL } from './sw-rules';

let app: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  app = await makeApp({ SITE_NAME: 'Coinreel Casino Wallet' });
  player = await createPlayer(app);
});
afterAll(() => {
  app.deps.database.client.close();
  rmSync(app.dir, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Uint8Array) => {
  const v = new DataView(b.buffer, b.byteOffset);
  expect([...b.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  return [v.getUint32(16), v.getUint32(20)];
};

describe('the installable app\'s files', () => {
  test('the worker is served from the root, revalidated on every check, with the build\'s version as its validator', async () => {
    const res = await page(app, WORKER_URL, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const version = app.deps.assets.manifest.swVersion!;
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get('etag')).toBe(`"${version}"`);
    expect(res.headers.get('content-encoding')).toBe('br');
    const again = await page(app, WORKER_URL, { 'if-none-match': `"${version}"` });
    expect(again.status).toBe(304);
    expect((await page(app, WORKER_URL, { 'if-none-match': '"older"' })).status).toBe(200);
    const plain = await (await page(app, WORKER_URL)).text();
    expect(plain).toContain(`coinreel-`);
    expect(plain).toContain(version);
    expect(plain).toContain(JSON.stringify([OFFLINE_URL, app.deps.assets.manifest.offline]));
    // Its built copy is not a file kept for a year: only names that carry a content hash are.
    expect((await page(app, '/build/sw.js')).headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await page(app, app.deps.assets.manifest.app!)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('the manifest: name, short name, standalone from /home, colours, and real 192 and 512 px icons, one maskable', async () => {
    const res = await page(app, MANIFEST_URL);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const m = await res.json();
    expect(m).toMatchObject({ name: 'Coinreel Casino Wallet', short_name: 'Coinreel Cas', start_url: '/home', display: 'standalone', theme_color: '#120b2e', background_color: '#110a2b' });
    const sizes = new Set<string>();
    for (const icon of m.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
      const r = await page(app, icon.src);
      expect([r.status, r.headers.get('content-type')]).toEqual([200, 'image/png']);
      const [w, h] = pngSize(new Uint8Array(await r.arrayBuffer()));
      expect(`${w}x${h}`).toBe(icon.sizes);
      sizes.add(`${icon.sizes} ${icon.purpose}`);
    }
    expect([...sizes].sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  });

  test('a Spanish page names the Spanish manifest: the same app, its description in Spanish', async () => {
    const visitor = await (await page(app, '/about-us', { 'accept-language': 'es-US' })).text();
    expect(visitor).toContain('<link rel="manifest" href="/manifest.es.webmanifest"/>');
    const [en, es] = await Promise.all([MANIFEST_URL, '/manifest.es.webmanifest'].map(async (u) => (await page(app, u)).json()));
    expect(es).toMatchObject({ id: en.id, start_url: en.start_url, name: en.name, lang: 'es-US', description: 'Coinreel Casino Wallet: tu billetera para los créditos de Ultra Panda y VBlink.' });
    expect(en).toMatchObject({ lang: 'en-US', description: 'Coinreel Casino Wallet: your wallet for Ultra Panda and VBlink credits.' });
    expect({ ...es, lang: 0, description: 0 }).toEqual({ ...en, lang: 0, description: 0 });
  });

  test('every page names the manifest; a player\'s page boots from one script, a visitor\'s as before', async () => {
    const visitor = await (await page(app, '/about-us')).text();
    expect(visitor).toContain(`<link rel="manifest" href="${MANIFEST_URL}"/>`);
    expect(visitor).not.toContain(app.deps.assets.manifest.app!);
    const home = await (await page(app, '/home', { cookie: `token=${player.token}` })).text();
    expect(home).toContain(`<link rel="manifest" href="${MANIFEST_URL}"/>`);
    expect([...home.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1])).toEqual([app.deps.assets.manifest.app!]);
  });

  test('the offline page: offline, nothing sent, no balance; its one style allowed by its hash, its script a kept build file', async () => {
    const res = await page(app, OFFLINE_URL);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('<h1>You are offline</h1>');
    expect(html).toContain('<strong>Nothing was sent.</strong>');
    expect(html).toContain('Coinreel Casino Wallet');
    expect(html).not.toMatch(/\$\d/);
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' ${styleHash(style)}`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    const script = /<script type="module" src="([^"]+)"/.exec(html)![1]!;
    expect(script).toBe(app.deps.assets.manifest.offline!);
    expect((await page(app, script)).status).toBe(200);
  });
});
