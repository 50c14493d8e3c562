import { describe, expect, test } from 'bun:test';
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { hmacSha256, hmacSha256Key, sha256 } from './sha256';
import { jsHashes, toHex } from './scheme';
import { nativeHashes } from '../../services/solvency/native-hashes';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('plain-JavaScript SHA-256 and HMAC-SHA256', () => {
  test('the FIPS 180-2 and RFC 4231 vectors', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    // RFC 4231 test case 2: key "Jefe".
    expect(hex(hmacSha256(new TextEncoder().encode('Jefe'), new TextEncoder().encode('what do ya want for nothing?')))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    // RFC 4231 test case 6: a 131-byte key, longer than a block, is hashed first.
    const key = new Uint8Array(131).fill(0xaa);
    expect(hex(hmacSha256(key, new TextEncoder().encode('Test Using Larger Than Block-Size Key - Hash Key First')))).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  test('agrees with node:crypto on every length around the block edges, and on random data', () => {
    for (let n = 0; n <= 200; n++) {
      const data = crypto.getRandomValues(new Uint8Array(n));
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      const key = crypto.getRandomValues(new Uint8Array(n % 97));
      expect(hex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }
    fc.assert(fc.property(fc.uint8Array({ maxLength: 700 }), fc.uint8Array({ maxLength: 80 }), (data, key) => {
      expect(hex(sha256(data))).toBe(createHash('sha256').update(data).digest('hex'));
      expect(hex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
    }), { numRuns: 300 });
  });

  test('agrees with Web Crypto, the browser\'s own', async () => {
    for (let n = 0; n < 100; n += 7) {
      const data = crypto.getRandomValues(new Uint8Array(n * 3));
      const key = crypto.getRandomValues(new Uint8Array(32));
      expect(hex(sha256(data))).toBe(hex(new Uint8Array(await crypto.subtle.digest('SHA-256', data))));
      const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      expect(hex(hmacSha256(key, data))).toBe(hex(new Uint8Array(await crypto.subtle.sign('HMAC', k, data))));
    }
  });

  test('a keyed HMAC gives the same answer however many messages it signs, written where it is told', () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const sign = hmacSha256Key(key);
    const out = new Uint8Array(96);
    for (let i = 0; i < 50; i++) {
      const msg = crypto.getRandomValues(new Uint8Array(12));
      sign(msg, out, 32);
      expect(hex(out.subarray(32, 64))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
    }
    expect(out.subarray(0, 32).every((b) => b === 0) && out.subarray(64).every((b) => b === 0)).toBe(true);
  });

  test("the server's native hashes agree with node:crypto and the reference, written where they are told", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 100 }), fc.integer({ min: 0, max: 64 }), (data, key, off) => {
      const out = new Uint8Array(off + 32);
      expect(hex(nativeHashes.hmacKey(key)(data, out, off).subarray(off))).toBe(createHmac('sha256', key).update(data).digest('hex'));
      expect(hex(nativeHashes.sha256(data, out, off).subarray(off))).toBe(createHash('sha256').update(data).digest('hex'));
      expect(toHex(nativeHashes.hmacKey(key)(data))).toBe(toHex(jsHashes.hmacKey(key)(data)));
    }), { numRuns: 300 });
    // One key, messages of growing and shrinking length: the padded blocks are reused safely.
    const key = crypto.getRandomValues(new Uint8Array(32));
    const sign = nativeHashes.hmacKey(key);
    for (const n of [12, 200, 3, 12, 90]) {
      const m = crypto.getRandomValues(new Uint8Array(n));
      expect(hex(sign(m))).toBe(createHmac('sha256', key).update(m).digest('hex'));
    }
  });
});
