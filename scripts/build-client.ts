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

// Each island's entry is a few hundred bytes that wait for the first paint and only then load the island
// with React (~67 KB gzipped): on a slow link those chunks would otherwise share the bandwidth with the
// stylesheet the first paint waits for. A hidden tab paints no frame, so a timer is the fallback.
const entries = islands.map((name) => {
  const file = join(entriesDir, `${name}.ts`);
  writeFileSync(
    join(entriesDir, `${name}.island.ts`),
    `import C from '${join(root, 'islands', name)}';\nimport { mount } from '${join(root, 'islands/_client/mount')}';\nmount(${JSON.stringify(name)}, C);\n`,
  );
  writeFileSync(
    file,
    `let started = false;\nconst load = () => { if (!started) { started = true; void import('./${name}.island.ts'); } };\n` +
      `requestAnimationFrame(() => setTimeout(load, 0));\nsetTimeout(load, 1000);\n`,
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
for (const o of result.outputs) {
  if (o.kind !== 'entry-point' && !o.path.endsWith('.css')) continue;
  const name = basename(o.path).replace(/-[a-z0-9]+\.(js|css)$/, '');
  if (o.path.endsWith('.css')) manifest.css = url(o.path);
  else if (name === 'enhance') manifest.enhance = url(o.path);
  else manifest.islands[name] = { src: url(o.path), imports: importsOf(o.path) };
}
writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(`client built: ${islands.length} islands, ${result.outputs.length} files`);

// Static imports of an entry, so the page can preload the shared chunks in parallel.
function importsOf(path: string): string[] {
  const code = require('node:fs').readFileSync(path, 'utf8') as string;
  return [...code.matchAll(/from\s*"\.\/(chunk-[a-z0-9]+\.js)"/g)].map((m) => '/build/' + m[1]);
}
