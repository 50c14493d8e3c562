// `bun run build`: the client bundle, then one executable (dist/coinreel) carrying the server, every file of
// public/ (built chunks, CSS, images) and the SQL migrations (db/migrations/index.ts imports them as text).
import type { BunPlugin } from 'bun';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
export const defaultOutfile = join(root, 'dist/coinreel');

/** URL → absolute path of every file under public/, as the server would serve it from disk. */
export function publicFiles(publicDir = join(root, 'public')): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out['/' + relative(publicDir, p).split('\\').join('/')] = p;
    }
  };
  if (existsSync(publicDir)) walk(publicDir);
  return out;
}

/** The build-time form of src/assets/embedded.ts: `type: 'file'` imports make Bun embed each file. */
export function embeddedModule(files: Record<string, string>): string {
  const entries = Object.entries(files);
  const imports = entries.map(([, path], i) => `import f${i} from ${JSON.stringify(path)} with { type: 'file' };`);
  const map = entries.map(([url], i) => `  ${JSON.stringify(url)}: f${i},`);
  return [...imports, 'export const embedded: Record<string, string> | null = {', ...map, '};', ''].join('\n');
}

// The committed embedded.ts stays `null`; the compiler sees the generated version instead. Substituting it in
// the bundler (rather than rewriting the file and restoring it) leaves the working tree untouched, so tests
// running beside a build never see a half-written module.
function embedAssets(files: Record<string, string>): BunPlugin {
  const target = join(root, 'src/assets/embedded.ts');
  return {
    name: 'embed-public-files',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]assets[\\/]embedded\.ts$/ }, (args) => {
        if (resolve(args.path) !== target) return undefined;
        return { contents: embeddedModule(files), loader: 'ts' };
      });
    },
  };
}

/** The @libsql/<target> package name for this machine, chosen the way libsql's own index.js chooses it. */
function libsqlTarget(): string {
  const { platform, arch } = process;
  if (platform !== 'linux') return `${platform}-${arch}`;
  const report = (process as unknown as { report?: { getReport(): { header?: { glibcVersionRuntime?: string } } } }).report;
  const glibc = !!report?.getReport().header?.glibcVersionRuntime;
  if (arch === 'arm') return glibc ? 'linux-arm-gnueabihf' : 'linux-arm-musleabihf';
  return `linux-${arch}-${glibc ? 'gnu' : 'musl'}`;
}

// libsql's index.js loads its native module with require(`@libsql/${target}`), which the compiler cannot follow,
// so the executable fails with "Cannot find module '@libsql/linux-x64-gnu'". Making the name a literal lets the
// compiler embed the .node file.
function staticLibsqlRequire(target = libsqlTarget()): BunPlugin {
  return {
    name: 'static-libsql-require',
    setup(build) {
      build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, (args) => {
        const code = readFileSync(args.path, 'utf8');
        const dynamic = 'require(`@libsql/${target}`)';
        if (!code.includes(dynamic)) throw new Error(`libsql/index.js changed: ${dynamic} not found; update ${import.meta.file}`);
        return { contents: code.replace(dynamic, `require(${JSON.stringify('@libsql/' + target)})`), loader: 'js' };
      });
    },
  };
}

/** The checkout's short commit, with `-dirty` when files differ from it; '' when git or the checkout is absent. */
export function gitCommit(): string {
  const git = (...args: string[]) => Bun.spawnSync(['git', ...args], { cwd: root, stdout: 'pipe', stderr: 'ignore' });
  try {
    const head = git('rev-parse', '--short=12', 'HEAD');
    if (head.exitCode !== 0) return '';
    const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.toString().trim() !== '';
    return head.stdout.toString().trim() + (dirty ? '-dirty' : '');
  } catch {
    return '';
  }
}

/** Compiles the executable; `client: false` embeds the existing public/build instead of rebuilding it. */
export async function buildBinary({ outfile = defaultOutfile, client = true } = {}): Promise<string> {
  if (client) {
    const run = Bun.spawnSync([process.execPath, join(root, 'scripts/build-client.ts')], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.exitCode !== 0) throw new Error('build:client failed');
  }
  const files = publicFiles();
  if (!files['/build/manifest.json']) throw new Error('public/build/manifest.json is missing after build:client');
  const result = await Bun.build({
    entrypoints: [join(root, 'src/main.ts')],
    compile: { outfile, autoloadBunfig: false, autoloadTsconfig: false, autoloadPackageJson: false },
    target: 'bun',
    // Whitespace stays: Elysia reads its handlers' source (Function.toString) to learn what each one uses, and on
    // a one-line method body that reading fails, printing "[Sucrose] warning" blocks into the JSON log.
    minify: { whitespace: false, syntax: true, identifiers: true },
    sourcemap: 'none',
    // React and others pick their production build from this; the app's own NODE_ENV comes from config.
    // The commit, when known, joins package.json's version in --version and the start-up line (src/version.ts).
    define: { 'process.env.NODE_ENV': '"production"', __COINREEL_COMMIT__: JSON.stringify(gitCommit()) },
    plugins: [embedAssets(files), staticLibsqlRequire()],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('compile failed');
  }
  console.log(`binary built: ${relative(process.cwd(), outfile)} (${Object.keys(files).length} public files embedded)`);
  return outfile;
}

// CLI: [--outfile <path>] [--no-client]
if (import.meta.main) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outfile');
  try {
    await buildBinary({ outfile: at >= 0 && args[at + 1] ? resolve(args[at + 1]!) : defaultOutfile, client: !args.includes('--no-client') });
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
