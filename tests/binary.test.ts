// The single executable, started alone in an empty folder, creates data/ and serves the site from what it embeds.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';
import { COMMANDS } from '../src/cli/commands';
import { VERSION } from '../src/version';

const root = resolve(import.meta.dir, '..');
const PUBLIC_PAGES = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/ultra-panda', '/vb-link', '/support', '/responsible-gaming'];

/** Newest modification time of anything the binary is built from. */
function newestSource(): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
    else newest = Math.max(newest, s.mtimeMs);
  };
  for (const p of ['src', 'db', 'islands', 'public', 'scripts', 'package.json', 'bun.lock']) walk(join(root, p));
  return newest;
}

/** dist/coinreel when it is newer than every source, otherwise a fresh build in a temp folder. */
function binary(scratch: string): string {
  const dist = join(root, 'dist/coinreel');
  if (existsSync(dist) && statSync(dist).mtimeMs > newestSource()) return dist;
  const outfile = join(scratch, 'coinreel');
  // Reuse public/build when present so a build here never deletes chunks that other tests are reading.
  const args = ['--outfile', outfile, ...(existsSync(join(root, 'public/build/manifest.json')) ? ['--no-client'] : [])];
  const built = Bun.spawnSync([process.execPath, join(root, 'scripts/build-binary.ts'), ...args], { cwd: root, stdout: 'pipe', stderr: 'pipe' });
  if (built.exitCode !== 0) throw new Error(`build failed: ${built.stderr.toString()}`);
  return outfile;
}

/** Everything the server has written to stdout so far (kept to check it is JSON lines only). */
const log = { text: '' };

/** Reads the server's log until its "listening" line gives the port the OS picked. */
async function listeningPort(proc: Subprocess<'ignore', 'pipe', 'pipe'>, timeoutMs: number): Promise<number> {
  const reader = proc.stdout.getReader();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => null)]);
    if (!chunk || chunk.done) break;
    log.text += new TextDecoder().decode(chunk.value);
    const m = log.text.match(/"msg":"listening","url":"http:\/\/localhost:(\d+)"/);
    if (m) {
      reader.releaseLock();
      // Keep reading the log so the server never blocks on a full pipe.
      void proc.stdout.pipeTo(new WritableStream({ write: (c) => void (log.text += new TextDecoder().decode(c)) }));
      return Number(m[1]);
    }
  }
  throw new Error(`the binary did not start: ${log.text}${await new Response(proc.stderr).text()}`);
}

describe('single binary', () => {
  let scratch = '';
  let runDir = '';
  let proc: Subprocess<'ignore', 'pipe', 'pipe'> | undefined;
  let base = '';

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'coinreel-bin-build-'));
    runDir = mkdtempSync(join(tmpdir(), 'coinreel-bin-run-'));
    copyFileSync(binary(scratch), join(runDir, 'coinreel'));
    const env: Record<string, string> = { PATH: '/usr/bin:/bin', HOME: runDir, PORT: '0' };
    proc = Bun.spawn([join(runDir, 'coinreel')], { cwd: runDir, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
    base = `http://127.0.0.1:${await listeningPort(proc, 15_000)}`;
  }, 60_000);

  afterAll(async () => {
    proc?.kill();
    await proc?.exited;
    for (const d of [scratch, runDir]) if (d) rmSync(d, { recursive: true, force: true });
  });

  test('a second copy on the same port stops with one plain line saying so', async () => {
    const port = new URL(base).port;
    const second = Bun.spawn([join(runDir, 'coinreel')], { cwd: runDir, env: { PATH: '/usr/bin:/bin', HOME: runDir, PORT: port }, stdin: 'ignore', stdout: 'ignore', stderr: 'pipe' });
    expect(await second.exited).toBe(1);
    expect((await new Response(second.stderr).text()).trim()).toBe(`Port ${port} is in use: set PORT or stop the other process.`);
  });

  test('answers /healthz and creates data/ with its database in the empty folder', async () => {
    const res = await fetch(base + '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(readdirSync(runDir).sort()).toEqual(['coinreel', 'data']);
    expect(readdirSync(join(runDir, 'data'))).toContain('coinreel.db');
  });

  test('serves every public page with its embedded stylesheet', async () => {
    for (const path of PUBLIC_PAGES) {
      const res = await fetch(base + path, { redirect: 'manual' });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<footer');
      const css = html.match(/<link rel="stylesheet" href="(\/build\/[^"]+\.css)"/)?.[1];
      expect(css).toBeDefined();
      const asset = await fetch(base + css!);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toContain('text/css');
    }
  });

  test('carries both languages: a visitor page in Spanish for Accept-Language es-US, its API messages too', async () => {
    const html = await (await fetch(base + '/about-us', { headers: { 'accept-language': 'es-US' } })).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Quiénes somos');
    const res = await fetch(base + '/api/v1/nothing', { headers: { 'accept-language': 'es-US' } });
    expect(await res.json()).toEqual({ success: false, message: 'No se encontró', errorType: 'NOT_FOUND' });
  });

  test('serves built chunks as immutable, and images from public/', async () => {
    const html = await (await fetch(base + '/')).text();
    const script = html.match(/<script type="module" src="(\/build\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const js = await fetch(base + script!, { headers: { 'accept-encoding': 'gzip' }, decompress: false });
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const logo = await fetch(base + '/images/logo.svg');
    expect(logo.status).toBe(200);
    expect(await logo.text()).toContain('<svg');
  });

  test('serves the installable app from what it carries: the worker at the root, the manifest, its icons, the offline page', async () => {
    const sw = await fetch(base + '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const version = /^"([0-9a-f]{16})"$/.exec(sw.headers.get('etag') ?? '')?.[1];
    expect(version).toBeDefined();
    expect(await sw.text()).toContain(`coinreel-`);
    expect((await fetch(base + '/sw.js', { headers: { 'if-none-match': `"${version}"` } })).status).toBe(304);
    const manifest = await (await fetch(base + '/manifest.webmanifest')).json();
    expect(manifest.start_url).toBe('/home');
    for (const icon of manifest.icons as { src: string }[]) {
      const r = await fetch(base + icon.src);
      expect([icon.src, r.status, r.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
    }
    const offline = await (await fetch(base + '/offline.html')).text();
    expect(offline).toContain('You are offline');
    const script = offline.match(/<script type="module" src="(\/build\/[^"]+\.js)"/)?.[1];
    expect((await fetch(base + script!)).status).toBe(200);
  });

  /** The binary beside the running one, as an operator runs it there; a last object argument adds to its environment. */
  const run = async (...args: (string | Record<string, string>)[]) => {
    const extra = typeof args.at(-1) === 'object' ? (args.pop() as Record<string, string>) : {};
    const p = Bun.spawn([join(runDir, 'coinreel'), ...(args as string[])], { cwd: runDir, env: { PATH: '/usr/bin:/bin', HOME: runDir, ...extra }, stdout: 'pipe', stderr: 'pipe' });
    const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
    return { out, err, code };
  };

  test('carries the operator commands: backup while it serves, doctor, and restore refused while it runs', async () => {
    const backup = await run('backup', 'copy.db');
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toContain('backup written: copy.db');
    expect(statSync(join(runDir, 'copy.db')).mode & 0o777).toBe(0o600);
    const doctor = await run('doctor');
    expect(doctor.out).toContain('ok      ledger');
    expect(doctor.code).toBe(0);
    const restore = await run('restore', 'copy.db');
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('stop the site first');
    expect((await run('frobnicate')).code).toBe(2);
  });

  test('its standard output is JSON lines only, also after the first idempotent request; the start-up line names the version', async () => {
    // Elysia reads a handler's source the first time a route with the idempotency macro is composed; on minified
    // one-line code that printed "[Sucrose] warning" blocks here.
    const res = await fetch(base + '/api/v1/transfer/p2p-transfer', {
      method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'binary-log-check-1', origin: base }, body: JSON.stringify({ email: 'a@example.com', amount: 1 }),
    });
    expect(res.status).toBe(401);
    await Bun.sleep(200);
    const lines = log.text.split('\n').filter(Boolean);
    expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]);
    for (const l of lines) JSON.parse(l);
    const listening = JSON.parse(lines.find((l) => l.includes('"msg":"listening"'))!);
    expect(listening.version).toBe(VERSION);
    expect(typeof listening.commit === 'string' || listening.commit === null).toBe(true);
  });

  test('--version and --help print and exit; every command has --help (exit 0) and says bad input in one line (exit 2)', async () => {
    const version = await run('--version');
    expect(version).toMatchObject({ code: 0, err: '' });
    expect(version.out).toStartWith(`coinreel ${VERSION}`);
    expect((await run('--help')).out).toContain('usage: coinreel');
    for (const name of Object.keys(COMMANDS)) {
      const help = await run(...name.split(' '), '--help');
      expect({ name, code: help.code, err: help.err, usage: help.out.startsWith(`usage: coinreel ${name}`) }).toEqual({ name, code: 0, err: '', usage: true });
      const bad = await run(...name.split(' '), '--no-such-option');
      expect({ name, code: bad.code, lines: bad.err.trim().split('\n').length, out: bad.out }).toEqual({ name, code: 2, lines: 1, out: '' });
    }
  });

  test('the commands run against the database of the site it serves', async () => {
    expect(await run('admin', 'create', '--email', 'boss@example.com', '--password', 'Operator123')).toMatchObject({ code: 0, out: 'created operator boss@example.com\n' });
    const code = await run('freeplay', 'create', '--operator', 'boss@example.com', '--amount', '2.50', '--code', 'BINARY250');
    expect(code.out).toStartWith('BINARY250\t$2.50');
    expect(await run('withdrawals', 'list')).toMatchObject({ code: 0, out: 'no withdrawals\n' });
    expect((await run('games', 'tasks')).out).toContain('no open tasks');
    expect((await run('ledger', 'verify')).out).toContain('ledger verified');
    expect((await run('migrate', '--dry-run')).out).toContain('is up to date');
    const port = new URL(base).port;
    expect(await run('healthcheck', { PORT: port })).toMatchObject({ code: 0, out: `healthy: http://127.0.0.1:${port}/healthz answered 200\n` });
  });

  test('sends an unknown page path to /', async () => {
    const res = await fetch(base + '/no-such-page', { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(new URL(res.headers.get('location')!, base).pathname).toBe('/');
  });
});
