import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { badJson, badText } from '../../tests/helpers/bad-amounts';
import { dollarsToCents, formatCents, readCents, type AmountRule } from './money';
import { readAmount } from './schemas/amount-input';

// The one rule every money edge reads dollars by: each valid amount comes back as exactly its cents, whichever way
// it was written; each bad one is refused for its own reason.

const MAX = 10_000_000; // $100,000, the default MAX_AMOUNT_DOLLARS
const API: AmountRule = { maxCents: MAX };
const PLAIN: AmountRule = { maxCents: MAX, text: 'plain' };
const TYPED: AmountRule = { maxCents: MAX, text: 'typed' };
const valid = fc.integer({ min: 1, max: MAX });
const read = (v: unknown, rule: AmountRule): number | string => {
  const r = readCents(v, rule);
  return r.ok ? r.cents : r.problem;
};

/** 1234 → '12.34', 1200 → '12.00' / '12.0' / '12', with optional leading zeros: every way plain text writes it. */
const plainForms = (c: number, zeros: string) => {
  const whole = zeros + Math.floor(c / 100);
  const cc = String(c % 100).padStart(2, '0');
  return [`${whole}.${cc}`, ...(cc.endsWith('0') ? [`${whole}.${cc[0]}`] : []), ...(cc === '00' ? [whole, `${whole}.`] : [])];
};

describe('readCents: valid amounts come back as exactly their cents', () => {
  test('a JSON number of dollars', () => {
    fc.assert(fc.property(valid, (c) => read(c / 100, API) === c));
  });

  test('plain text in every way it may be written, with spaces around', () => {
    fc.assert(fc.property(valid, fc.constantFrom('', '0', '000'), fc.constantFrom('', ' ', '\t'), (c, zeros, pad) =>
      plainForms(c, zeros).every((t) => read(pad + t + pad, PLAIN) === c)));
  });

  test('typed as people write it ($, thousands commas), and the form reader agrees to the cent', () => {
    fc.assert(fc.property(valid, (c) => {
      const shown = formatCents(c); // $1,234.50
      const r = readAmount(shown);
      return read(shown, TYPED) === c && read(shown.replace(/,/g, ''), TYPED) === c && r.ok && read(r.text, PLAIN) === c && Math.round(r.dollars * 100) === c;
    }));
  });

  test('signed: a negative adjustment reads back negative; zero never', () => {
    fc.assert(fc.property(valid, (c) => read(-c / 100, { maxCents: MAX, signed: true }) === -c && read(`-${c / 100}`, { ...PLAIN, signed: true }) === -c));
    expect(read(0, { maxCents: MAX, signed: true })).toBe('notPositive');
    expect(read(0, { maxCents: MAX, zero: true })).toBe(0);
  });

  test('the maximum itself is taken, a cent more is not', () => {
    expect(read(MAX / 100, API)).toBe(MAX);
    expect(read((MAX + 1) / 100, API)).toBe('tooLarge');
    expect(read('100,000.01', TYPED)).toBe('tooLarge');
  });

  test('dollarsToCents (reading the server\'s own figures) keeps any size a cent count can hold', () => {
    fc.assert(fc.property(fc.integer({ min: -1e14, max: 1e14 }), (c) => dollarsToCents(c / 100) === c));
  });
});

describe('readCents: bad amounts are refused, each for its own reason', () => {
  test('as JSON values, at a call that takes numbers only', () => {
    // Text at such a call is the wrong JSON type, whatever it says.
    const expected = (v: unknown, problem: string) => (typeof v === 'string' ? (v.trim() ? 'shape' : 'required') : problem);
    fc.assert(fc.property(badJson(MAX, { numbersOnly: true }), ([v, problem]) => read(v, API) === expected(v, problem)), { numRuns: 2000 });
    fc.assert(fc.property(badJson(MAX), ([v, problem]) => read(v, PLAIN) === problem), { numRuns: 2000 });
  });

  test('as text, plain or typed', () => {
    fc.assert(fc.property(badText(MAX), ([v, problem]) => read(v, PLAIN) === problem && read(v, TYPED) === problem), { numRuns: 2000 });
  });

  test('as typed into a form: refused with a message, except size, which the server words with its maximum', () => {
    fc.assert(fc.property(badText(MAX), ([v, problem]) => {
      const r = readAmount(String(v));
      return problem === 'tooLarge' ? r.ok && read(r.text, PLAIN) === 'tooLarge' : !r.ok && r.message.length > 0;
    }), { numRuns: 1000 });
  });

  test('the tip: whole dollars only, zero allowed', () => {
    const TIP: AmountRule = { maxCents: MAX, zero: true, whole: true };
    expect([read(0, TIP), read(5, TIP), read(2.5, TIP), read(-1, TIP), read(1e6, TIP)]).toEqual([0, 500, 'decimals', 'notPositive', 'tooLarge']);
  });

  test('examples that once reached a balance unchecked', () => {
    expect(read(12345678901234, API)).toBe('tooLarge');
    expect(read(1e21, API)).toBe('tooLarge');
    expect(read(Number.NaN, API)).toBe('shape');
    expect(read(Infinity, API)).toBe('shape');
    expect(read(1e-7, API)).toBe('decimals');
    expect(read(0.1 + 0.2, API)).toBe('decimals');
    expect(read('5', API)).toBe('shape');
    expect(read('1e3', PLAIN)).toBe('shape');
  });
});
