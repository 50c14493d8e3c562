import { beforeAll, describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';
import { pageRoutes } from '../routes';

// A private happy-dom window only parses; it registers no globals, so the app keeps Bun's fetch classes.
const parser = new new Window().DOMParser();
const styles = join(import.meta.dir, '../../../public/styles');
const imports = (file: string) => [...readFileSync(join(styles, file), 'utf8').matchAll(/@import "\.\/([\w-]+\.css)"/g)].map((m) => m[1]!);

/** Every selector of a stylesheet, @media and @supports blocks included, with pseudo-classes and -elements dropped. */
function selectors(css: string): string[] {
  const out: string[] = [];
  const walk = (text: string) => {
    let i = 0;
    while (i < text.length) {
      const open = text.indexOf('{', i);
      if (open < 0) break;
      let depth = 1;
      let j = open + 1;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      const prelude = text.slice(i, open).trim();
      const body = text.slice(open + 1, j - 1);
      if (/^@(media|supports|layer)/.test(prelude)) walk(body);
      else if (!prelude.startsWith('@')) {
        for (const s of prelude.split(/,(?![^(]*\))/)) {
          // Dropping a pseudo-class only widens the selector, so a miss here is a miss for the real rule too.
          const plain = s.replace(/::?[\w-]+(\((?:[^()]|\([^)]*\))*\))?/g, '').trim();
          if (plain && !/^(from|to|\d+%)$/.test(plain)) out.push(plain);
        }
      }
      i = j;
    }
  };
  walk(css.replace(/\/\*[\s\S]*?\*\//g, ''));
  return out;
}

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});

describe("a visitor's stylesheet", () => {
  const visitorFiles = imports('public.css');
  const appOnly = imports('site.css').filter((f) => !visitorFiles.includes(f));

  test('public.css is site.css without the signed-in and operator files, in the same order', () => {
    expect(appOnly.length).toBeGreaterThan(0);
    expect(imports('site.css').filter((f) => visitorFiles.includes(f))).toEqual(visitorFiles);
  });

  test('no rule left out of it applies to any element of a page a visitor can open', async () => {
    const rules = appOnly.flatMap((f) => selectors(readFileSync(join(styles, f), 'utf8')).map((s) => ({ f, s })));
    expect(rules.length).toBeGreaterThan(50);
    const paths = Object.entries(pageRoutes).filter(([p, pg]) => pg.access !== 'admin' && pg.access !== 'private' && !p.includes(':')).map(([p]) => p);
    expect(paths).toContain('/');
    for (const path of paths) {
      const res = await page(app, path);
      if (res.status !== 200) continue;
      const html = await res.text();
      const doc = parser.parseFromString(html, 'text/html');
      expect(doc.querySelector('link[rel="stylesheet"]')!.getAttribute('href')).toBe(app.deps.assets.manifest.publicCss);
      const applied = rules.filter(({ s }) => doc.querySelector(s) !== null);
      expect({ path, applied }).toEqual({ path, applied: [] });
    }
  });

  test('signed in, a page takes the whole stylesheet', async () => {
    const p = await createPlayer(app);
    for (const path of ['/about-us', '/home']) {
      const html = await (await page(app, path, { cookie: `token=${p.token}` })).text();
      expect(html).toContain(`href="${app.deps.assets.manifest.css}"`);
      expect(html).not.toContain(app.deps.assets.manifest.publicCss);
    }
  });

  test('the selector reader finds rules inside @media blocks and drops pseudo-classes', () => {
    expect(selectors('.a:hover, .b::before{x:1} @media (max-width: 1px){ .c:not(.d) > .e{y:2} } @keyframes k{from{o:0}to{o:1}}')).toEqual(['.a', '.b', '.c > .e']);
  });
});
