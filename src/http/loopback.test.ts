import { describe, expect, test } from 'bun:test';
import { recordClientIp } from './client-ip';
import { isLoopbackClient, sandboxAllowed } from './loopback';

/** A request that came in a connection from `peer` (none: made in-process), with these headers. */
function req(peer: string | null, headers: Record<string, string> = {}) {
  const r = new Request('http://localhost:3000/dev/mailbox', { headers });
  if (peer) recordClientIp(r, peer);
  return r;
}

describe('a loopback client is decided by the connection, not by what a request says', () => {
  test.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('a connection from %s is loopback', (peer) => {
    expect(isLoopbackClient(req(peer))).toBe(true);
  });

  test.each(['192.0.2.7', '10.0.0.1', '::ffff:192.0.2.7', 'fd00::2', '::'])('a connection from %s is not', (peer) => {
    expect(isLoopbackClient(req(peer))).toBe(false);
  });

  test('a request that came in no connection is not', () => {
    expect(isLoopbackClient(req(null))).toBe(false);
  });

  test('a header naming loopback does not make a remote connection loopback', () => {
    const claims: Record<string, string>[] = [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '::1' }, { 'cf-connecting-ip': '127.0.0.1' }];
    for (const headers of claims)
      expect(isLoopbackClient(req('192.0.2.7', headers), 'CF-Connecting-IP')).toBe(false);
  });

  test.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['X-Forwarded-For, last entry', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }],
    ['X-Forwarded-For, first entry', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
    ['Forwarded, IPv6 with port', { forwarded: 'for="[2001:db8::1]:4711"' }],
    ['X-Real-IP', { 'x-real-ip': '10.0.0.1' }],
    ['an unreadable name', { 'x-forwarded-for': 'unknown' }],
  ])('a proxy on this machine forwarding for someone else (%s) is not loopback', (_, headers) => {
    expect(isLoopbackClient(req('127.0.0.1', headers))).toBe(false);
  });

  test('the configured proxy header naming another client makes it not loopback; naming this machine keeps it', () => {
    expect(isLoopbackClient(req('127.0.0.1', { 'cf-connecting-ip': '203.0.113.9' }), 'CF-Connecting-IP')).toBe(false);
    expect(isLoopbackClient(req('127.0.0.1', { 'cf-connecting-ip': '127.0.0.1' }), 'CF-Connecting-IP')).toBe(true);
    // Without it configured, an unknown header means nothing either way.
    expect(isLoopbackClient(req('127.0.0.1', { 'cf-connecting-ip': '203.0.113.9' }))).toBe(true);
  });

  test('forwarded for this machine itself is still loopback', () => {
    expect(isLoopbackClient(req('127.0.0.1', { 'x-forwarded-for': '127.0.0.1', forwarded: 'for="[::1]:5000"' }))).toBe(true);
  });
});

describe('sandboxAllowed', () => {
  test('off: nobody; loopback: loopback clients only; everyone: anyone', () => {
    expect(sandboxAllowed('off', req('127.0.0.1'))).toBe(false);
    expect(sandboxAllowed('loopback', req('127.0.0.1'))).toBe(true);
    expect(sandboxAllowed('loopback', req('192.0.2.7'))).toBe(false);
    expect(sandboxAllowed('everyone', req('192.0.2.7'))).toBe(true);
    expect(sandboxAllowed('everyone', req(null))).toBe(true);
  });
});
