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
