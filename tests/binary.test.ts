// The single executable, started alone in an empty folder, creates data/ and serves the site from what it embeds.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Subprocess } from 'bun';

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

/** Reads the server's log until its "listening" line gives the port the OS picked. */
async function listeningPort(proc: Subprocess<'ignore', 'pipe', 'pipe'>, timeoutMs: number): Promise<number> {
  const reader = proc.stdout.getReader();
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), Bun.sleep(deadline - Date.now()).then(() => null)]);
    if (!chunk || chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
    const m = text.match(/"msg":"listening","url":"http:\/\/localhost:(\d+)"/);
    if (m) {
      reader.releaseLock();
      // Keep draining the log so the server never blocks on a full pipe.
      void proc.stdout.pipeTo(new WritableStream());
      return Number(m[1]);
    }
  }
  throw new Error(`the binary did not start: ${text}${await new Response(proc.stderr).text()}`);
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

  test('carries the operator commands: backup while it serves, doctor, and restore refused while it runs', async () => {
    const run = async (...args: string[]) => {
      const p = Bun.spawn([join(runDir, 'coinreel'), ...args], { cwd: runDir, env: { PATH: '/usr/bin:/bin', HOME: runDir }, stdout: 'pipe', stderr: 'pipe' });
      const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
      return { out, err, code };
    };
    const backup = await run('backup', 'copy.db');
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toContain('backup written: copy.db');
    expect(existsSync(join(runDir, 'copy.db'))).toBe(true);
    const doctor = await run('doctor');
    expect(doctor.out).toContain('ok      ledger');
    expect(doctor.code).toBe(0);
    const restore = await run('restore', 'copy.db');
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('stop the site first');
    expect((await run('frobnicate')).code).toBe(2);
  });

  test('sends an unknown page path to /', async () => {
    const res = await fetch(base + '/no-such-page', { redirect: 'manual' });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(new URL(res.headers.get('location')!, base).pathname).toBe('/');
  });
});
