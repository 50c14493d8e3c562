import { describe, expect, test } from 'bun:test';
import { call, makeApp, page } from '../tests/helpers/app';

describe('app shell', () => {
  test('healthz answers ok once the database answers, 503 when it does not', async () => {
    const app = await makeApp();
    const ok = await call(app, 'GET', '/healthz');
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ status: 'ok' });
    app.deps.database.client.close();
    const down = await call(app, 'GET', '/healthz');
    expect(down.status).toBe(503);
  });

  test('unknown API path is a JSON 404 in the envelope; unknown page path goes home', async () => {
    const app = await makeApp();
    const r = await call(app, 'GET', '/api/v1/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ success: false, errorType: 'NOT_FOUND' });
    const p = await page(app, '/no/such/page');
    expect(p.status).toBe(302);
    expect(p.headers.get('location')).toBe('/');
  });

  test('oversize bodies are refused with a 413 before any handler runs', async () => {
    const app = await makeApp();
    const big = await app.handle(new Request('http://localhost:3000/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(10_000_000) }, body: 'x'.repeat(10_000_000) }));
    expect(big.status).toBe(413);
  });

  test('every page carries the security headers; HTML is gzipped on request', async () => {
    const app = await makeApp();
    const res = await page(app, '/about-us', { 'accept-encoding': 'gzip, br' });
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())));
    expect(html).toContain('<html lang="en">');
  });

  test('HSTS is sent when the public URL is https', async () => {
    const app = await makeApp({ PUBLIC_URL: 'https://coinreel.example' });
    const res = await page(app, '/about-us');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  test('hashed assets are immutable; HTML is never cached', async () => {
    const app = await makeApp();
    const m = app.deps.assets.manifest;
    const js = await page(app, m.enhance);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const html = await page(app, '/about-us');
    expect(html.headers.get('cache-control')).toMatch(/no-(cache|store)/);
  });
});
