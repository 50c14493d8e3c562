import { describe, expect, test } from 'bun:test';
import { createCredentialCipher } from './credential-cipher';

const KEY = 'a'.repeat(64);

describe('credential cipher', () => {
  test('seals with a fresh nonce each time and opens only under the same key and context', () => {
    const c = createCredentialCipher(KEY);
    const a = c.seal('panda-123', 'u1:ultra-panda');
    const b = c.seal('panda-123', 'u1:ultra-panda');
    expect(a).not.toBe(b);
    expect(a).not.toContain('panda-123');
    expect(c.open(a, 'u1:ultra-panda')).toBe('panda-123');
    expect(() => c.open(a, 'u2:ultra-panda')).toThrow('does not open');
    expect(() => createCredentialCipher('b'.repeat(64)).open(a, 'u1:ultra-panda')).toThrow('does not open');
  });

  test('a tampered ciphertext is refused, and no error names the key or the password', () => {
    const c = createCredentialCipher(KEY);
    const sealed = c.seal('secret-pw', 'x');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('forged').toString('base64url');
    let refused: unknown = null;
    try {
      c.open(parts.join('.'), 'x');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(Error);
    const msg = String((refused as Error).message);
    expect(msg).toContain('does not open');
    expect(msg).not.toContain(KEY);
    expect(msg).not.toContain('secret-pw');
    expect(() => createCredentialCipher('short')).toThrow('64 hex');
  });
});
