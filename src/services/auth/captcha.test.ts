import { describe, expect, test } from 'bun:test';
import { CAPTCHA_ALPHABET, captchaSvg } from './captcha-image';

describe('captcha image', () => {
  test('has no look-alike characters', () => {
    for (const c of '0O1IlSZB') expect(CAPTCHA_ALPHABET).not.toContain(c);
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z2-9]+$/);
  });

  test('draws every character as paths, never as text, and differently each time', () => {
    const a = captchaSvg('AC23');
    const b = captchaSvg('AC23');
    expect(a).not.toBe(b);
    for (const ch of CAPTCHA_ALPHABET) {
      const svg = captchaSvg(ch.repeat(4));
      expect(svg).not.toContain('<text');
      expect(svg).not.toContain(`>${ch}<`);
      expect(svg).not.toContain('NaN');
      expect(svg).not.toContain('undefined');
    }
  });
});
