// The islands' messages, each imported from its own module when the browser bundles are built. Paraglide's `m` is a
// namespace over a barrel re-exporting every message; with code splitting, Bun puts every message the islands call
// through a barrel into the barrel's chunk, which all islands share, so each island fetched the Spanish and English of
// all the others (measured: +19 KB brotli an island). Rewriting `import { m } from '…/paraglide/messages.js'` into
// the modules a file calls, each called by its own name (`m.x(…)` → `x(…)`, so what a function of the file does not
// reach is left out too), lets the splitting give each message to the islands that use it. Sources and tests keep the
// plain import (docs/decisions/island-messages.md).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { BunPlugin } from 'bun';

const IMPORT = /^import \{ m \} from '([^']*\/paraglide\/)messages\.js';$/m;
// `m.key` where `m` is not a property of something else (`x.m.key`) nor part of a longer name.
const CALLED = /(?<![\w$.])m\.(\w+)/g;

/** The file calling the message modules it uses directly; null when it imports no messages. */
export function directMessages(source: string, file: string): string | null {
  const found = IMPORT.exec(source);
  if (!found) return null;
  const dir = found[1]! + 'messages/';
  // Only names that are messages: a local `m` elsewhere in the file (`(m) => m.id`) keeps its own properties.
  const keys = [...new Set([...source.matchAll(CALLED)].map((x) => x[1]!))].filter((k) => existsSync(resolve(dirname(file), dir, `${k}.js`))).sort();
  const imports = keys.map((k) => `import { ${k} } from '${dir}${k}.js';`).join(' ');
  const known = new Set(keys);
  return source.replace(found[0], imports).replace(CALLED, (all, k: string) => (known.has(k) ? k : all));
}

export const messageImports: BunPlugin = {
  name: 'message-imports',
  setup(build) {
    build.onLoad({ filter: /\/(islands|src\/(shared|i18n))\/.*\.tsx?$/ }, ({ path }) => {
      const contents = directMessages(readFileSync(path, 'utf8'), path);
      return contents === null ? undefined : { contents, loader: path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};
