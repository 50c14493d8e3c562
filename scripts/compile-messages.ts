// Compiles the message catalogues (src/i18n/messages/<area>/<lang>.json) into Paraglide's message functions in
// src/i18n/paraglide (generated, ignored by git). scripts/build-client.ts runs it before bundling, and the test
// preload runs it when a catalogue is newer than the output, so a fresh clone, `npm start`, `npm test` and the
// binary build all compile first. The message-format plugin is handed to the SDK from node_modules
// (`providePlugins`), never fetched: the project's settings name no module URL (docs/decisions/spanish.md).
import fs from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadProjectFromDirectory } from '@inlang/sdk';
import messageFormat from '@inlang/plugin-message-format';

const root = resolve(import.meta.dir, '..');
export const projectDir = join(root, 'src/i18n/project.inlang');
export const messagesDir = join(root, 'src/i18n/messages');
export const outDir = join(root, 'src/i18n/paraglide');
const STAMP = '.compiled';

/** Every catalogue file, newest change first decides whether the output is stale. */
function sourcesMtime(): number {
  let newest = fs.statSync(join(projectDir, 'settings.json')).mtimeMs;
  for (const area of fs.readdirSync(messagesDir)) {
    const dir = join(messagesDir, area);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir)) newest = Math.max(newest, fs.statSync(join(dir, f)).mtimeMs);
  }
  return newest;
}

export function messagesStale(): boolean {
  try {
    return fs.statSync(join(outDir, STAMP)).mtimeMs < sourcesMtime();
  } catch {
    return true;
  }
}

/**
 * The compiler's own entry (the package's index also loads its bundler plugins, which want vite): Paraglide's
 * `compileProject` and `writeOutput`, as its documented `compile()` uses them, with our plugin provided.
 */
async function compiler(): Promise<{ compileProject: Function; writeOutput: Function }> {
  const index = Bun.resolveSync('@inlang/paraglide-js', root);
  return import(join(dirname(index), 'compiler/index.js'));
}

export async function compileMessages(): Promise<void> {
  const { compileProject, writeOutput } = await compiler();
  const project = await loadProjectFromDirectory({ path: projectDir, fs, providePlugins: [messageFormat] });
  try {
    const errors = await project.errors.get();
    if (errors.length) throw new Error('message catalogues: ' + errors.map((e) => e.message).join('; '));
    const output: Record<string, string> = await compileProject({
      project,
      compilerOptions: {
        // The server picks each request's language through an AsyncLocalStorage (src/i18n/request-lang.ts); an
        // island reads its page's <html lang> (src/i18n/client-lang.ts). Neither uses Paraglide's cookie or URL.
        strategy: ['globalVariable', 'baseLocale'],
        outputStructure: 'message-modules',
        emitGitIgnore: false,
        emitPrettierIgnore: false,
        emitReadme: false,
      },
    });
    // Written beside, then swapped in: a server or test running during a build never sees half a catalogue.
    const tmp = `${outDir}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    await writeOutput({ directory: tmp, output, cleanDirectory: true, fs: fs.promises });
    fs.writeFileSync(join(tmp, STAMP), new Date().toISOString());
    const old = `${outDir}.old-${process.pid}`;
    if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
    fs.renameSync(tmp, outDir);
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    await project.close();
  }
}

if (import.meta.main) {
  await compileMessages();
  console.log('messages compiled');
}
