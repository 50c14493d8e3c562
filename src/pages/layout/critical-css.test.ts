import { beforeAll, describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { criticalCss, styleHash } from './critical-css';

// The first paint needs no second request: each page carries the rules that apply to its HTML inline, allowed by
// their hash in the page's own policy, and the whole stylesheet follows without blocking the paint.
const parser = new new Window().DOMParser();
let app: TestApp;
let player: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
});

/** Every plain rule of a built stylesheet (inside @media too): its selector list and its exact text. */
function rules(css: string): { prelude: string; text: string }[] {
  const out: { prelude: string; text: string }[] = [];
  const walk = (t: string) => {
    let i = 0;
    while (i < t.length) {
      const open = t.indexOf('{', i);
      if (open < 0) break;
      let depth = 1;
      let j = open + 1;
      for (; j < t.length && depth > 0; j++) depth += t[j] === '{' ? 1 : t[j] === '}' ? -1 : 0;
      const prelude = t.slice(i, open).trim();
      if (/^@(media|supports)/.test(prelude)) walk(t.slice(open + 1, j - 1));
      else if (!prelude.startsWith('@')) out.push({ prelude, text: t.slice(i, j).trim() });
      i = j;
    }
  };
  walk(css);
  return out;
}

describe('critical CSS', () => {
  test('keeps the rules whose selectors can match, in order, inside their @media; drops the others', () => {
    const css = ':root{--a:1}.hero{color:red}.toast{color:blue}@media (min-width:40em){.hero h1{margin:0}.menu-open .nav{display:block}}a:hover{color:#fff}[aria-label="Open menu"]{x:1}@keyframes spin{to{transform:rotate(1turn)}}';
    const html = '<main><section class="hero"><h1>Hi</h1><a href="/" aria-label="Open menu">x</a></section></main>';
    expect(criticalCss(css, html)).toBe(':root{--a:1}.hero{color:red}@media (min-width:40em){.hero h1{margin:0}}a:hover{color:#fff}[aria-label="Open menu"]{x:1}@keyframes spin{to{transform:rotate(1turn)}}');
    expect(criticalCss(css, '<p class="toast">t</p>')).toBe(':root{--a:1}.toast{color:blue}@keyframes spin{to{transform:rotate(1turn)}}');
  });

  test.each([
    ['/', null],
    ['/login', null],
    ['/forgot-password', null],
    ['/support', null],
    ['/home', 'player'],
    ['/transactions', 'player'],
  ])('%s: inline, hashed in its policy, holding every rule that applies to the page; the whole sheet does not block', async (path, who) => {
    // As a browser asks: compressed. (A client that takes no compression gets the stylesheet linked, below.)
    const res = await page(app, path, { 'accept-encoding': 'gzip', ...(who && { cookie: `token=${player.token}` }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())));
    const style = /<style>(.*?)<\/style>/s.exec(html)![1]!;
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' ${styleHash(style)}`);
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const href = who ? app.deps.assets.manifest.css : app.deps.assets.manifest.publicCss;
    // A player's page names it only for no script: its boot script adds it after the load event (signed-in-loading.md).
    if (who) expect(html).toContain(`<style>${style}</style><noscript data-full-css=""><link rel="stylesheet" href="${href}"/></noscript>`);
    else expect(html).toContain(`<link rel="stylesheet" href="${href}" media="print" data-full-css=""/><noscript><link rel="stylesheet" href="${href}"/></noscript>`);
    // No render-blocking stylesheet is left.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)!.filter((l) => !l.includes('media="print"'))).toHaveLength(1); // the <noscript> one
    const full = new TextDecoder().decode(app.deps.assets.get(href)!.body);
    const doc = parser.parseFromString(html, 'text/html');
    const applied = rules(full).filter(({ prelude }) =>
      prelude.split(/,(?![^(]*\))/).some((s) => {
        const plain = s.replace(/::?[\w-]+(\((?:[^()]|\([^)]*\))*\))?/g, '').trim();
        try {
          return !!plain && doc.querySelector(plain) !== null;
        } catch {
          return false;
        }
      }),
    );
    expect(applied.length).toBeGreaterThan(40);
    expect({ path, missing: applied.filter((r) => !style.includes(r.text)).map((r) => r.prelude) }).toEqual({ path, missing: [] });
    // And it is a part, not the whole sheet.
    expect(style.length).toBeLessThan(full.length * 0.8);
  });

  test('uncompressed, a prepared page has its stylesheet linked instead: the same page, without doubling its bytes', async () => {
    for (const path of ['/', '/login', '/forgot-password', '/support']) {
      const plain = await (await page(app, path)).text();
      const zipped = await page(app, path, { 'accept-encoding': 'gzip' });
      const inlined = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await zipped.arrayBuffer())));
      expect(plain).not.toContain('<style>');
      expect(plain).toContain(`<link rel="stylesheet" href="${app.deps.assets.manifest.publicCss}" data-precedence="site"/>`);
      expect(inlined).toContain('<style>');
      // Apart from the head's stylesheet and the largest paint's picture (by address, not inline), the same page.
      const body = (html: string) => html.slice(html.indexOf('</head>')).replace(/src="data:image\/svg\+xml,[^"]*"/, 'src="/images/hero.svg"');
      expect(body(plain)).toBe(body(inlined));
      expect(plain).not.toContain('data:image');
    }
  });
});
