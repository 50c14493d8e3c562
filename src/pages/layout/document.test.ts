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
const sha256 = (text: string) => `sha256-${new Bun.CryptoHasher('sha256').update(text).digest('base64')}`;

describe('document head', () => {
  test.each(['/', '/login', '/about-us'])('%s for a visitor: the stylesheet inline, allowed by its CSP hash, before any script; no modulepreload', async (path) => {
    const res = await page(app, path);
    const html = await res.text();
    const head = headOf(html);
    const css = app.deps.assets.css;
    expect(head).toContain(`<style>${css.text}</style>`);
    expect(head.indexOf('<style>')).toBeLessThan(head.indexOf('<script'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('modulepreload');
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' '${sha256(css.text)}'`);
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });

  test.each(['/home', '/transactions'])('%s for a player: the cached stylesheet linked first among the resources, before any script; no modulepreload', async (path) => {
    const html = await (await page(app, path, { cookie: `token=${player.token}` })).text();
    const head = headOf(html);
    const link = head.indexOf(`<link rel="stylesheet" href="${app.deps.assets.css.href}"`);
    expect(link).toBeGreaterThan(-1);
    expect(link).toBeLessThan(head.indexOf('<script'));
    expect(head).not.toContain('<style>');
    expect(html).not.toContain('modulepreload');
  });

  test("an island's page script only adds the island's module: React is fetched once the stylesheet is in", async () => {
    const html = await (await page(app, '/login')).text();
    const src = /<script type="module" src="(\/build\/LoginForm-[a-z0-9]+\.js)"><\/script>/.exec(html)![1]!;
    const starter = new TextDecoder().decode(app.deps.assets.get(src)!.body);
    const island = app.deps.assets.manifest.islands.LoginForm!.imports[0]!;
    expect(starter).toContain(`"${island}"`);
    expect(starter).not.toContain('import');
    expect(starter.length).toBeLessThan(200);
  });
});
