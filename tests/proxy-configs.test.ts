import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The example proxies in deploy/ as shipped: checked by the proxies themselves (`nginx -t`, `caddy validate`),
// then run on loopback ports in front of a stand-in upstream to show what they let through. `npm test` installs
// Debian's nginx and caddy (scripts/bootstrap.mjs); elsewhere a missing one is skipped, but in CI it fails.
const root = resolve(import.meta.dir, '..');
const which = (name: string) => Bun.which(name) ?? ['/usr/sbin', '/usr/bin'].map((d) => join(d, name)).find((p) => existsSync(p)) ?? null;
const nginx = which('nginx');
const caddy = which('caddy');
const openssl = which('openssl');
const inCi = !!process.env.CI;
for (const [name, path] of [['nginx', nginx], ['caddy', caddy]] as const)
  if (!path) console.warn(`${name} is not installed: its proxy-config test is skipped (apt-get install ${name}, or npm test installs it).`);

const dirs: string[] = [];
const stops: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const s of stops) await s();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'coinreel-proxy-'));
  dirs.push(d);
  return d;
};

function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(null) });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/** A stand-in for Coinreel: answers every request with the headers it received and its body's size, and counts what reached it whole. */
function upstream() {
  const seen: string[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    maxRequestBodySize: 64 * 1024 * 1024,
    async fetch(req) {
      // Counted once its whole body is here: a proxy may start passing a request on and cut it off at its limit.
      const bytes = (await req.arrayBuffer()).byteLength;
      seen.push(new URL(req.url).pathname);
      return Response.json({ path: new URL(req.url).pathname, realIp: req.headers.get('x-real-ip'), forwardedFor: req.headers.get('x-forwarded-for'), bytes });
    },
  });
  stops.push(() => void server.stop(true));
  return { port: server.port!, seen };
}

const run = (cmd: string[]) => {
  const r = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' });
  return { code: r.exitCode, out: r.stdout.toString() + r.stderr.toString() };
};

async function waitFor(url: string, init: RequestInit & { tls?: unknown } = {}) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await fetch(url, init);
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await Bun.sleep(50);
    }
  }
}

/** What the proxy's clients see for the requests that matter: the metrics prefix, and a forged client address. */
async function expectSafe(base: string, seen: string[], init: RequestInit & { tls?: unknown }) {
  for (const path of ['/metrics', '/metrics/', '/metrics?x=1', '/metrics/x']) {
    const r = await fetch(base + path, init);
    expect(`${path} ${r.status}`).toBe(`${path} 404`);
  }
  expect(seen.filter((p) => p.startsWith('/metrics'))).toEqual([]);
  // A client that writes its own address headers: the app sees the connection's address in both.
  const forged = await fetch(base + '/api/v1/anything', { ...init, headers: { ...(init.headers as Record<string, string>), 'x-real-ip': '6.6.6.6', 'x-forwarded-for': '6.6.6.6, 127.0.0.1' } });
  expect(forged.status).toBe(200);
  const got = (await forged.json()) as { realIp: string; forwardedFor: string };
  expect(got.realIp).toBe('127.0.0.1');
  expect(got.forwardedFor).toBe('127.0.0.1');
  const plain = (await (await fetch(base + '/healthz', init)).json()) as { path: string; realIp: string };
  expect(plain).toMatchObject({ path: '/healthz', realIp: '127.0.0.1' });
  await expectBodyLimits(base, seen, init);
}

/** 1 MB for every request, as the site holds them, but the identity uploads: a phone's photos reach the site. */
async function expectBodyLimits(base: string, seen: string[], init: RequestInit & { tls?: unknown }) {
  const post = (path: string, bytes: number) =>
    fetch(base + path, { ...init, method: 'POST', headers: { ...(init.headers as Record<string, string>), 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
  for (const path of ['/api/v1/identity/submission', '/verify-identity']) {
    const photos = await post(path, 12 * 1024 * 1024);
    expect(`${path} ${photos.status}`).toBe(`${path} 200`);
    expect(((await photos.json()) as { bytes: number }).bytes).toBe(12 * 1024 * 1024);
    const tooMuch = await post(path, 34 * 1024 * 1024);
    expect(tooMuch.status).toBeGreaterThanOrEqual(400);
  }
  for (const path of ['/api/v1/login', '/api/v1/identity/submission/x', '/verify-identity-x', '/api/v1/webhooks/btcpay']) {
    const r = await post(path, 2 * 1024 * 1024);
    expect(`${path} ${r.status >= 400}`).toBe(`${path} true`);
    expect(seen).not.toContain(path);
  }
  expect((await post('/api/v1/login', 900 * 1024)).status).toBe(200);
}

describe('deploy/nginx.conf', () => {
  test.skipIf(!nginx && !inCi)('passes `nginx -t` and, running, refuses /metrics…, overwrites the client address headers and holds bodies to 1 MB but identity uploads', async () => {
    expect(nginx).not.toBeNull();
    expect(openssl).not.toBeNull();
    const dir = tempDir();
    const cert = join(dir, 'fullchain.pem');
    const key = join(dir, 'privkey.pem');
    const made = run([openssl!, 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=wallet.example.com']);
    expect(made.code).toBe(0);
    const shipped = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/wallet.example.com/fullchain.pem', cert)
      .replace('/etc/letsencrypt/live/wallet.example.com/privkey.pem', key);
    expect(shipped).toContain(cert);
    const main = (site: string) => `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${site};
}
`;
    // As shipped (ports 80 and 443, the certificate paths aside): the check an operator runs.
    writeFileSync(join(dir, 'coinreel.conf'), shipped);
    writeFileSync(join(dir, 'nginx.conf'), main(join(dir, 'coinreel.conf')));
    const checked = run([nginx!, '-t', '-p', dir, '-c', join(dir, 'nginx.conf')]);
    expect(checked.out).toContain('test is successful');
    expect(checked.code).toBe(0);

    // Running on free loopback ports in front of the stand-in upstream.
    const up = upstream();
    const [http, https] = [freePort(), freePort()];
    const running = shipped
      .replace(/^\s*listen \[::\]:.*$/gm, '')
      .replace(/listen 80;/, `listen 127.0.0.1:${http};`)
      .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${https} ssl http2;`)
      .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${up.port};`);
    writeFileSync(join(dir, 'running.conf'), running);
    writeFileSync(join(dir, 'nginx-running.conf'), main(join(dir, 'running.conf')).replace(`pid ${dir}/nginx.pid`, `pid ${dir}/running.pid`));
    const proc = Bun.spawn([nginx!, '-p', dir, '-c', join(dir, 'nginx-running.conf'), '-g', 'daemon off; master_process off;'], { stdout: 'ignore', stderr: 'pipe' });
    stops.push(async () => {
      proc.kill();
      await proc.exited;
    });
    const init = { headers: { host: 'wallet.example.com' }, tls: { rejectUnauthorized: false } };
    await waitFor(`https://127.0.0.1:${https}/healthz`, init);
    // Plain HTTP only sends people to HTTPS.
    const redirect = await fetch(`http://127.0.0.1:${http}/login`, { headers: { host: 'wallet.example.com' }, redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('https://wallet.example.com/login');
    await expectSafe(`https://127.0.0.1:${https}`, up.seen, init);
  }, 30_000);
});

describe('deploy/Caddyfile', () => {
  test.skipIf(!caddy && !inCi)('passes `caddy validate` and, running, refuses /metrics…, sets the client address headers and holds bodies to 1 MB but identity uploads', async () => {
    expect(caddy).not.toBeNull();
    const dir = tempDir();
    // Caddy keeps its state under HOME / XDG folders: a throwaway one, so validating touches nothing real.
    const env = { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') };
    const validated = Bun.spawnSync([caddy!, 'validate', '--config', join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], { env, stdout: 'pipe', stderr: 'pipe' });
    const out = validated.stdout.toString() + validated.stderr.toString();
    expect(out).toContain('Valid configuration');
    expect(validated.exitCode).toBe(0);

    // Running: the same site block on a plain-HTTP loopback port (no certificate to fetch), before the stand-in.
    const up = upstream();
    const port = freePort();
    const shipped = readFileSync(join(root, 'deploy/Caddyfile'), 'utf8');
    const running = shipped
      .replace(/\{\n\temail [^\n]*\n\}/, '{\n\tadmin off\n\tauto_https off\n}')
      .replace('wallet.example.com {', `http://127.0.0.1:${port} {`)
      .replace('reverse_proxy 127.0.0.1:3000 {', `reverse_proxy 127.0.0.1:${up.port} {`);
    expect(running).toContain(`reverse_proxy 127.0.0.1:${up.port}`);
    writeFileSync(join(dir, 'Caddyfile'), running);
    const proc = Bun.spawn([caddy!, 'run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { env, stdout: 'ignore', stderr: 'ignore' });
    stops.push(async () => {
      proc.kill();
      await proc.exited;
    });
    await waitFor(`http://127.0.0.1:${port}/healthz`);
    await expectSafe(`http://127.0.0.1:${port}`, up.seen, {});
  }, 30_000);
});
