import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Glob } from 'bun';

const src = join(import.meta.dir, '..', 'src');
// An import statement's module specifier (static `from '…'` and dynamic `import('…')`).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g;

/** Every relative import of the non-test modules under `dir` that lands in one of `banned` (folders of src/). */
function crossings(dir: string, banned: string[]): string[] {
  const found: string[] = [];
  for (const file of new Glob('**/*.{ts,tsx}').scanSync(join(src, dir))) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    const text = readFileSync(join(src, dir, file), 'utf8');
    for (const m of text.matchAll(SPECIFIER)) {
      const spec = m[1]!;
      if (!spec.startsWith('.')) continue;
      const target = join(src, dir, file, '..', spec).slice(src.length + 1);
      if (banned.some((b) => target === b || target.startsWith(`${b}/`))) found.push(`${dir}/${file} → ${spec}`);
    }
  }
  return found;
}

// STYLE rule 14: services hold the product's rules and push to players through the hub's port, so they can run
// from a job, the CLI or a route alike.
describe('layers', () => {
  test('services import nothing from api/, pages/ or http/', () => {
    expect(crossings('services', ['api', 'pages', 'http'])).toEqual([]);
  });

  test('the check sees a crossing (a module of api/ imports from services/)', () => {
    expect(crossings('api', ['services']).length).toBeGreaterThan(0);
  });
});
