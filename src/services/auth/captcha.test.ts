import { describe, expect, test } from 'bun:test';
import { createMemoryStore } from '../store/store.memory';
import { checkCaptcha, issueCaptcha } from './captcha';
import { CAPTCHA_ALPHABET, captchaSvg } from './captcha-image';
import { normalizeAnswer, randomQuestion } from './captcha-question';

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

describe('captcha question (the non-visual form)', () => {
  const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  /** What a person hearing the question answers. */
  const solve = (q: string) => {
    const m = /^What is (\w+) (plus|minus) (\w+)\?$/.exec(q)!;
    const [a, b] = [WORDS.indexOf(m[1]!), WORDS.indexOf(m[3]!)];
    return m[2] === 'plus' ? a + b : a - b;
  };

  test('asks a sum in words whose answer is a small whole number, never negative', () => {
    for (let i = 0; i < 200; i++) {
      const { question, answer } = randomQuestion();
      expect(question).toMatch(/^What is [a-z]+ (plus|minus) [a-z]+\?$/);
      expect(String(solve(question))).toBe(answer);
      expect(Number(answer)).toBeGreaterThanOrEqual(0);
    }
  });

  test('an answer reads the same in digits or words', () => {
    expect(normalizeAnswer(' 11 ')).toBe('11');
    expect(normalizeAnswer('Eleven.')).toBe('11');
    expect(normalizeAnswer('zero')).toBe('0');
    expect(normalizeAnswer('AC23')).toBe('AC23');
  });

  test('is issued and checked like the picture: the right answer once, in digits or words; wrong or again refused', async () => {
    const db = createMemoryStore();
    const issue = async () => (await issueCaptcha(db, 'question')) as { captchaId: string; question: string; image?: string };
    const one = await issue();
    expect(one.image).toBeUndefined();
    const answer = solve(one.question);
    expect(await checkCaptcha(db, one.captchaId, String(answer))).toBe(true);
    expect(await checkCaptcha(db, one.captchaId, String(answer))).toBe(false);
    const two = await issue();
    expect(await checkCaptcha(db, two.captchaId, ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen'][solve(two.question)]!)).toBe(true);
    const three = await issue();
    expect(await checkCaptcha(db, three.captchaId, String(solve(three.question) + 1))).toBe(false);
    // One try: after a wrong answer the right one no longer works.
    expect(await checkCaptcha(db, three.captchaId, String(solve(three.question)))).toBe(false);
  });
});
