import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

// What the first paint waits for on a slow phone: the stylesheet, and nothing ahead of it.
let app: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
});

const headOf = (html: string) => /<head>(.*)<\/head>/s.exec(html)![1]!;

describe('document head', () => {
  test.each([
    ['/', null],
    ['/login', null],
    ['/about-us', null],
    ['/home', 'player'],
    ['/transactions', 'player'],
  ])('%s: the stylesheet is the first resource in the head, before any script; no modulepreload', async (path, who) => {
    const html = await (await page(app, path, who ? { cookie: `token=${player.token}` } : {})).text();
    const head = headOf(html);
    const { css, publicCss } = app.deps.assets.manifest;
    const link = head.indexOf(`<link rel="stylesheet" href="${who ? css : publicCss}"`);
    expect(link).toBeGreaterThan(-1);
    expect(link).toBeLessThan(head.indexOf('<script'));
    expect(head.slice(0, link)).not.toMatch(/<script|rel="(module)?preload"[^>]*as="(script|style)"/);
    expect(html).not.toContain('modulepreload');
  });

  test("an island's page script only adds the island's module, when the page's policy says: React is not in it", async () => {
    const html = await (await page(app, '/login')).text();
    const src = /<script type="module" src="(\/build\/LoginForm-[a-z0-9]+\.js)"><\/script>/.exec(html)![1]!;
    const starter = new TextDecoder().decode(app.deps.assets.get(src)!.body);
    const island = app.deps.assets.manifest.islands.LoginForm!.imports[0]!;
    expect(starter).toContain(`"${island}"`);
    expect(starter).not.toContain('import');
    expect(starter.length).toBeLessThan(1000);
    // The visitor's form waits for a first use; a signed-in page's data-driven island loads at once.
    expect(html).toContain('data-island="LoginForm" data-prefix="i0-" data-load="interaction"');
  });

  test('the enhancement script is fetched once the stylesheet is in: the head names only its starter', async () => {
    const { enhance, enhanceModule } = app.deps.assets.manifest;
    const head = headOf(await (await page(app, '/about-us')).text());
    expect(head).toContain(`<script type="module" src="${enhance}"></script>`);
    expect(head).not.toContain(enhanceModule);
    const starter = new TextDecoder().decode(app.deps.assets.get(enhance)!.body);
    expect(starter).toContain(`"${enhanceModule}"`);
    expect(starter.length).toBeLessThan(200);
  });
});

describe("the words the page's plain scripts say (islands/_client/page-words.ts)", () => {
  const words = (html: string) => /<span hidden="" data-page-words=""([^>]*)>/.exec(html)?.[1] ?? null;

  test("a Spanish visitor's page carries the two its scripts say before any island: a toast's and the menu's close", async () => {
    for (const path of ['/', '/login', '/about-us']) {
      const html = await (await page(app, path, { 'accept-language': 'es-US' })).text();
      expect(words(html), path).toBe(' data-close="Cerrar" data-menu-close="Cerrar menú"');
    }
  });

  test("an English visitor's page carries none: the scripts say English by themselves", async () => {
    expect(words(await (await page(app, '/', { 'accept-language': 'en-US' })).text())).toBeNull();
  });

  test("a player's page carries every word the boot script says, once, in the page's language", async () => {
    const html = await (await page(app, '/home', { cookie: `token=${player.token}; lang=es` })).text();
    expect(html.match(/data-page-words/g)!.length).toBe(1);
    const said = words(html)!;
    for (const attr of ['data-close="Cerrar"', 'data-menu-close="Cerrar menú"', 'data-received="Recibiste {amount} de {from}"', 'data-session-expired=', 'data-update-ready=', 'data-network-error=', 'data-request-failed=', 'data-unexpected='])
      expect(said).toContain(attr);
  });
});
