import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// STYLE habit 10: browser code reaches only islands/ and src/shared/ (never services, db or api), and only
// the small packages every island already shares. Test files are the exception: they build real apps.
const ROOT = resolve(import.meta.dir, '..');
const PACKAGES = new Set(['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', '@preact/signals-react']);
// The browser-safe part of src/i18n: the compiled messages and what formats and draws them (never request-lang.ts,
// which is the server's).
const I18N = ['src/i18n/paraglide/', 'src/i18n/rich', 'src/i18n/client-lang', 'src/i18n/format', 'src/i18n/lang', 'src/i18n/text'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const specifiers = (code: string) => [...code.matchAll(/(?:from\s*|import\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

describe('island import boundaries', () => {
  test('every island module imports only islands/, src/shared/, the browser side of src/i18n/ and the shared UI packages', () => {
    const bad: string[] = [];
    for (const file of sources(join(ROOT, 'islands'))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) {
          if (!PACKAGES.has(spec)) bad.push(`${relative(ROOT, file)} → ${spec}`);
          continue;
        }
        const target = relative(ROOT, resolve(dirname(file), spec));
        if (!target.startsWith('islands/') && !target.startsWith('src/shared/') && !I18N.some((p) => target.startsWith(p))) bad.push(`${relative(ROOT, file)} → ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  test('the walk sees the account islands and what they import', () => {
    const login = readFileSync(join(ROOT, 'islands/LoginForm.tsx'), 'utf8');
    expect(specifiers(login)).toContain('../src/shared/schemas/account');
    expect(sources(join(ROOT, 'islands')).map((f) => relative(ROOT, f))).toContain('islands/_client/api.ts');
  });
});
