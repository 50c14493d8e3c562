import { describe, expect, test } from 'bun:test';
import { clientIp, copyClientIp, recordClientIp, recordPeer } from './client-ip';

const req = (headers: Record<string, string> = {}) => new Request('http://localhost/x', { headers });

describe('client address', () => {
  test('is the socket address recorded for the request; headers are ignored unless a proxy header is configured', () => {
    const r = req({ 'x-forwarded-for': '6.6.6.6' });
    recordClientIp(r, '192.0.2.1');
    expect(clientIp(r)).toBe('192.0.2.1');
    expect(clientIp(req())).toBe('unknown');
  });

  test('behind a trusted proxy it is the last entry of the configured header, else the socket address', () => {
    const r = req({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'cf-connecting-ip': '198.51.100.4' });
    recordClientIp(r, '10.0.0.1');
    expect(clientIp(r, 'x-forwarded-for')).toBe('203.0.113.9');
    expect(clientIp(r, 'cf-connecting-ip')).toBe('198.51.100.4');
    expect(clientIp(r, 'x-real-ip')).toBe('10.0.0.1');
  });

  test('the server is asked for the address only when something needs it, and only once', () => {
    let asked = 0;
    const server = { requestIP: () => (asked++, { address: '198.51.100.7' }) };
    const r = new Request('http://localhost/');
    recordPeer(r, server);
    expect(asked).toBe(0);
    expect(clientIp(r)).toBe('198.51.100.7');
    expect(clientIp(r)).toBe('198.51.100.7');
    expect(asked).toBe(1);
    const gone = new Request('http://localhost/');
    recordPeer(gone, { requestIP: () => null });
    expect(clientIp(gone)).toBe('unknown');
  });

  test('a request made in-process for another (a form post calling the API) has the original client\'s address', () => {
    // Like Bun's server: it knows only the request that came over its socket.
    const post = new Request('http://localhost/admin/players/x', { method: 'POST' });
    let asked = 0;
    recordPeer(post, { requestIP: (r: Request) => (asked++, r === post ? { address: '203.0.113.5' } : null) });
    const inner = new Request('http://localhost/api/v1/admin/players/x/lock', { method: 'POST' });
    copyClientIp(post, inner);
    expect(asked).toBe(0);
    expect(clientIp(inner)).toBe('203.0.113.5');
  });
});

describe('the last hop rule (TRUSTED_PROXY_HEADER)', () => {
  const behind = (headers: Record<string, string>, header = 'x-forwarded-for', peer = '127.0.0.1') => {
    const r = req(headers);
    recordClientIp(r, peer);
    return clientIp(r, header);
  };

  test('X-Real-IP as the shipped proxies set it: the one address in it', () => {
    expect(behind({ 'x-real-ip': '203.0.113.9' }, 'x-real-ip')).toBe('203.0.113.9');
    expect(behind({ 'x-real-ip': '2001:db8::7' }, 'x-real-ip')).toBe('2001:db8::7');
  });

  test('a client that writes X-Forwarded-For: 127.0.0.1 is still the address its proxy appended', () => {
    expect(behind({ 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toBe('203.0.113.9');
    expect(behind({ 'x-forwarded-for': '127.0.0.1,203.0.113.9' })).toBe('203.0.113.9');
  });

  test('rotating the entries a client controls does not change the address (its rate limits still hold)', () => {
    const seen = new Set(['1.1.1.1', '2.2.2.2, 3.3.3.3', '', 'garbage, 4.4.4.4'].map((claim) => behind({ 'x-forwarded-for': `${claim ? claim + ', ' : ''}198.51.100.4` })));
    expect([...seen]).toEqual(['198.51.100.4']);
  });

  test('a header whose last entry is not an address is no address at all, not the proxy socket behind it', () => {
    expect(behind({ 'x-forwarded-for': '203.0.113.9, ' })).toBe('unknown');
    expect(behind({ 'x-forwarded-for': '203.0.113.9, 127.0.0.1:8080' })).toBe('unknown');
    expect(behind({ 'x-real-ip': '' }, 'x-real-ip')).toBe('unknown');
    expect(behind({ 'x-real-ip': 'localhost' }, 'x-real-ip')).toBe('unknown');
  });

  test('without the header the request came straight in: the socket address', () => {
    expect(behind({}, 'x-real-ip', '192.0.2.44')).toBe('192.0.2.44');
  });

  test('the header is read only when configured', () => {
    expect(behind({ 'x-real-ip': '127.0.0.1' }, undefined as unknown as string, '203.0.113.50')).toBe('203.0.113.50');
  });
});

describe('plain form posts count by the same client address as the API', () => {
  // A real server, reached from two loopback addresses: the address is the socket's, as in production.
  const { request } = require('node:http') as typeof import('node:http');
  const postFrom = (port: number, localAddress: string, path: string, fields: Record<string, string>) =>
    new Promise<{ status: number; location?: string; cookies: string[] }>((resolve, reject) => {
      const body = new URLSearchParams(fields).toString();
      const origin = `http://127.0.0.1:${port}`;
      const r = request({
        host: '127.0.0.1', port, path, method: 'POST', localAddress,
        headers: { origin, referer: origin + path, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, cookies: ([] as string[]).concat(res.headers['set-cookie'] ?? []) }));
      });
      r.on('error', reject);
      r.end(body);
    });

  test("55 bad sign-ins on the /login form from one address lock out that address only, not another player's", async () => {
    const { makeApp } = await import('../../tests/helpers/app');
    const { createPlayer } = await import('../../tests/helpers/players');
    const { serveApp } = await import('../serve');
    const app = await makeApp();
    const server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
    try {
      const p = await createPlayer(app);
      const statuses: number[] = [];
      for (let i = 0; i < 55; i++) statuses.push((await postFrom(server.port!, '127.0.0.2', '/login', { email: `guess${i}@example.com`, password: 'Wrong123!' })).status);
      // 50 a minute per address are answered as wrong passwords; the rest are told to wait.
      expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
      const other = await postFrom(server.port!, '127.0.0.3', '/login', { email: p.email, password: p.password });
      expect(other.status).toBe(303);
      expect(other.location).toBe('/home');
      expect(other.cookies.some((c) => c.startsWith('token=ey'))).toBe(true);
      expect((await postFrom(server.port!, '127.0.0.2', '/login', { email: p.email, password: p.password })).status).toBe(429);
    } finally {
      server.stop(true);
    }
  });

  test('an in-process copy of a request keeps the address the server knew for the original', () => {
    const original = new Request('http://localhost/login', { method: 'POST' });
    recordPeer(original, { requestIP: (r) => (r === original ? { address: '198.51.100.8' } : null) });
    const copy = new Request('http://localhost/api/v1/login', { method: 'POST' });
    copyClientIp(original, copy);
    expect(clientIp(copy)).toBe('198.51.100.8');
  });
});
