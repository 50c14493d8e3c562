// Builds the browser side: one entry per island (sharing one React chunk), the enhancement script and the
// site CSS, all minified and content-hashed into public/build with a manifest the server reads.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { basename, join, resolve } from 'node:path';
import { compileMessages } from './compile-messages';
import { messageImports } from './message-imports';

const root = resolve(import.meta.dir, '..');
// The message catalogues first: the islands and the server import their compiled functions (src/i18n).
await compileMessages();
const out = join(root, 'public/build');
const entriesDir = join(root, '.cache/entries');
rmSync(out, { recursive: true, force: true });
rmSync(entriesDir, { recursive: true, force: true });
mkdirSync(entriesDir, { recursive: true });

const islands = readdirSync(join(root, 'islands'))
  .filter((f) => /^[A-Z]\w*\.tsx$/.test(f))
  .map((f) => basename(f, '.tsx'));

// Each island is built as `<Name>.island.ts` (the component and its mount, sharing one React chunk); the page
// loads a tiny `<Name>.ts` starter that adds the island's script to the head when it runs. Module scripts run
// once the stylesheet has arrived, so React (~67 KB gzipped) no longer shares a slow link with the CSS the
// first paint waits for; an added script still holds the load event until it has run, as the page's own did.
const entries = islands.map((name) => {
  const file = join(entriesDir, `${name}.island.ts`);
  writeFileSync(
    file,
    `import C from '${join(root, 'islands', name)}';\nimport { mount } from '${join(root, 'islands/_client/mount')}';\nmount(${JSON.stringify(name)}, C);\n`,
  );
  return file;
});

const common = {
  outdir: out,
  target: 'browser' as const,
  minify: true,
  naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
  define: { 'process.env.NODE_ENV': '"production"' },
};
// Islands share one React chunk through code splitting. The enhancement script is built on its own, so the
// pages without islands load exactly one small, self-contained file and never a shared chunk.
const builds = await Promise.all([
  // Each island gets the messages it calls, not those of every island (scripts/message-imports.ts).
  Bun.build({ ...common, entrypoints: [...entries, join(root, 'public/styles/site.css'), join(root, 'public/styles/public.css')], splitting: true, plugins: [messageImports] }),
  Bun.build({ ...common, entrypoints: [join(root, 'src/client/enhance.ts')], splitting: false }),
  // A signed-in player's pages load one file before any use (docs/decisions/signed-in-loading.md), and the offline
  // page one of its own; both self-contained, neither with React.
  Bun.build({ ...common, entrypoints: [join(root, 'src/client/app.ts')], splitting: false }),
  Bun.build({ ...common, entrypoints: [join(root, 'src/client/offline.ts')], splitting: false }),
]);
for (const b of builds) {
  if (b.success) continue;
  for (const log of b.logs) console.error(log);
  process.exit(1);
}
const result = { outputs: builds.flatMap((b) => b.outputs) };

type Manifest = {
  islands: Record<string, { src: string; module: string; imports: string[] }>;
  enhance: string; enhanceModule: string; css: string; publicCss: string; app: string; offline: string; swVersion: string;
};
const manifest: Manifest = { islands: {}, enhance: '', enhanceModule: '', css: '', publicCss: '', app: '', offline: '', swVersion: '' };
const url = (p: string) => '/build/' + p.slice(out.length + 1);
const islandModules: Record<string, string> = {};
for (const o of result.outputs) {
  if (o.kind !== 'entry-point' && !o.path.endsWith('.css')) continue;
  const name = basename(o.path).replace(/-[a-z0-9]+\.(js|css)$/, '');
  if (o.path.endsWith('.css')) manifest[name === 'public' ? 'publicCss' : 'css'] = url(o.path);
  else if (name === 'enhance') manifest.enhance = url(o.path);
  else if (name === 'app' || name === 'offline') manifest[name] = url(o.path);
  else islandModules[name.replace(/\.island$/, '')] = o.path;
}
const starter = (name: string, src: string) => {
  const file = join(entriesDir, `${name}.ts`);
  writeFileSync(file, `const s = document.createElement('script');\ns.type = 'module';\ns.src = ${JSON.stringify(src)};\ndocument.head.appendChild(s);\n`);
  return file;
};
// An island's starter follows the load policy its page set on each marker (`data-load`, src/pages/island.tsx):
// a marker without one fetches the module at once; `interaction` waits for the first focus, keystroke or tap
// inside it (or starts at once if focus is already there), `visible` for it to scroll into view. So a visitor who
// never uses the form never downloads React.
const islandStarter = (name: string, src: string) => {
  const file = join(entriesDir, `${name}.ts`);
  writeFileSync(file, `import { startIsland } from '${join(root, 'islands/_client/start')}';\nstartIsland(${JSON.stringify(name)}, ${JSON.stringify(src)});\n`);
  return file;
};
const starters = islands.map((name) => islandStarter(name, url(islandModules[name]!)));
// The enhancement script too: fetched in the head beside the stylesheet, its 3 KB shared the slow link with the
// CSS the first paint waits for; its starter (a hundred bytes) asks for it once the stylesheet is in.
manifest.enhanceModule = manifest.enhance;
// It also turns the page's whole stylesheet (sent as media="print" behind the inlined critical CSS, so it blocks
// no paint) on for the screen: it applies once it is in, and is cached for the next page.
const enhanceStart = starter('enhance-start', manifest.enhance);
writeFileSync(enhanceStart, `for (const l of document.querySelectorAll('link[data-full-css]')) l.media = 'all';\n` + readFileSync(enhanceStart, 'utf8'));
starters.push(enhanceStart);
const started = await Bun.build({ ...common, entrypoints: starters, splitting: false });
if (!started.success) {
  for (const log of started.logs) console.error(log);
  process.exit(1);
}
for (const o of started.outputs) {
  const name = basename(o.path).replace(/-[a-z0-9]+\.js$/, '');
  if (name === 'enhance-start') {
    manifest.enhance = url(o.path);
    continue;
  }
  manifest.islands[name] = { src: url(o.path), module: url(islandModules[name]!), imports: [url(islandModules[name]!), ...importsOf(islandModules[name]!)] };
}
// The service worker (src/pwa/sw.ts), versioned by this build: the hash of every file's name (each carries its
// content's hash) and of the worker's own source, so any change makes a new worker that players get on their next
// navigation (the offline page's template too: the worker keeps that page). It keeps the offline page and its script
// from the start; the other hashed files as they are used.
// (The offline page's words are in the islands' catalogues.)
const workerSource = ['src/pwa/sw.ts', 'src/pwa/sw-rules.ts', 'src/pwa/offline-page.tsx', 'src/i18n/messages/islands/en.json', 'src/i18n/messages/islands/es.json'].map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
manifest.swVersion = new Bun.CryptoHasher('sha256').update([...readdirSync(out)].sort().join('\n') + workerSource).digest('hex').slice(0, 16);
const worker = await Bun.build({
  ...common,
  entrypoints: [join(root, 'src/pwa/sw.ts')],
  naming: { entry: 'sw.[ext]' },
  splitting: false,
  define: { ...common.define, __SW_VERSION__: JSON.stringify(manifest.swVersion), __SW_PRECACHE__: JSON.stringify(['/offline.html', manifest.offline]) },
});
if (!worker.success) {
  for (const log of worker.logs) console.error(log);
  process.exit(1);
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
// Brotli copies made once here at its best quality (too slow for start-up): the stylesheet the first paint waits
// for is about a fifth smaller than its gzip form, which on a slow link is first paint sooner.
for (const name of readdirSync(out).filter((f) => /\.(js|css)$/.test(f))) {
  const body = readFileSync(join(out, name));
  writeFileSync(join(out, `${name}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
}
console.log(`client built: ${islands.length} islands, ${result.outputs.length + started.outputs.length + worker.outputs.length} files`);

// Static imports of an island's module: the shared chunks it pulls in (listed in the manifest for inspection).
function importsOf(path: string): string[] {
  const code = require('node:fs').readFileSync(path, 'utf8') as string;
  return [...code.matchAll(/from\s*"\.\/(chunk-[a-z0-9]+\.js)"/g)].map((m) => '/build/' + m[1]);
}
