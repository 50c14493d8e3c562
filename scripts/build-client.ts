// Builds the browser side: one entry per island (sharing one React chunk), the enhancement script and the
// site CSS, all minified and content-hashed into public/build with a manifest the server reads.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
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
  Bun.build({ ...common, entrypoints: [...entries, join(root, 'public/styles/site.css')], splitting: true }),
  Bun.build({ ...common, entrypoints: [join(root, 'src/client/enhance.ts')], splitting: false }),
]);
for (const b of builds) {
  if (b.success) continue;
  for (const log of b.logs) console.error(log);
  process.exit(1);
}
const result = { outputs: builds.flatMap((b) => b.outputs) };

type Manifest = { islands: Record<string, { src: string; imports: string[] }>; enhance: string; css: string };
const manifest: Manifest = { islands: {}, enhance: '', css: '' };
const url = (p: string) => '/build/' + p.slice(out.length + 1);
const islandModules: Record<string, string> = {};
for (const o of result.outputs) {
  if (o.kind !== 'entry-point' && !o.path.endsWith('.css')) continue;
  const name = basename(o.path).replace(/-[a-z0-9]+\.(js|css)$/, '');
  if (o.path.endsWith('.css')) manifest.css = url(o.path);
  else if (name === 'enhance') manifest.enhance = url(o.path);
  else islandModules[name.replace(/\.island$/, '')] = o.path;
}
const starters = islands.map((name) => {
  const file = join(entriesDir, `${name}.ts`);
  const src = url(islandModules[name]!);
  writeFileSync(file, `const s = document.createElement('script');\ns.type = 'module';\ns.src = ${JSON.stringify(src)};\ndocument.head.appendChild(s);\n`);
  return file;
});
const started = await Bun.build({ ...common, entrypoints: starters, splitting: false });
if (!started.success) {
  for (const log of started.logs) console.error(log);
  process.exit(1);
}
for (const o of started.outputs) {
  const name = basename(o.path).replace(/-[a-z0-9]+\.js$/, '');
  manifest.islands[name] = { src: url(o.path), imports: [url(islandModules[name]!), ...importsOf(islandModules[name]!)] };
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`client built: ${islands.length} islands, ${result.outputs.length + started.outputs.length} files`);

// Static imports of an island's module: the shared chunks it pulls in (listed in the manifest for inspection).
function importsOf(path: string): string[] {
  const code = require('node:fs').readFileSync(path, 'utf8') as string;
  return [...code.matchAll(/from\s*"\.\/(chunk-[a-z0-9]+\.js)"/g)].map((m) => '/build/' + m[1]);
}
