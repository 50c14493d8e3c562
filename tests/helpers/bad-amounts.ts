import fc from 'fast-check';
import type { AmountProblem } from '../../src/shared/money';

// Amounts no money edge may take, each with the reason the shared rule (src/shared/money.ts) must give. One set
// for the rule's own property test and for the tests that drive every money call and form with them.

export type Bad = [value: unknown, problem: AmountProblem];

const bad = (problem: AmountProblem) => (value: unknown): Bad => [value, problem];
const centsUpTo = (maxCents: number) => fc.integer({ min: 1, max: maxCents });

/** Bad as text anywhere, even in a form that reads `$1,000.50`: what a person or a script may type into a box. */
export function badText(maxCents: number): fc.Arbitrary<Bad> {
  const maxDigits = String(Math.floor(maxCents / 100)).length;
  return fc.oneof(
    fc.constantFrom('', ' ', '\t', ' \n ').map(bad('required')),
    // Above the maximum: one more digit than it has, up to far beyond what a double holds exactly.
    fc.bigInt({ min: 10n ** BigInt(maxDigits), max: 10n ** 40n }).map((n) => bad('tooLarge')(String(n))),
    fc.constantFrom('12345678901234', '9007199254740993', '99999999999999999999.99').map(bad('tooLarge')),
    centsUpTo(maxCents).map((c) => bad('notPositive')(`-${c / 100}`)),
    fc.constantFrom('0', '0.00', '-0', '000', '0.0').map(bad('notPositive')),
    fc.tuple(fc.nat(maxCents), fc.integer({ min: 1, max: 999 })).map(([c, d]) => bad('decimals')(`${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}${d}`)),
    fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: -30, max: 30 })).map(([m, e]) => bad('shape')(`${m}e${e}`)),
    fc.constantFrom('1e3', '1E3', '5e-2', 'NaN', 'Infinity', '-Infinity', '0x10', '1_000', '+5', '12.3.4', '5$', '1,00', ',5', '5 dollars', '５', 'abc', '.', '-', '$').map(bad('shape')),
    // Any text with a character no amount has.
    fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /[^\d.,$\s-]/.test(s)).map(bad('shape')),
  );
}

/** Bad as a JSON value for a call that takes a positive amount of dollars: numbers of every wrong kind, and non-numbers. */
export function badJson(maxCents: number, opts: { numbersOnly?: boolean; nullIsValid?: boolean } = {}): fc.Arbitrary<Bad> {
  const maxDollars = maxCents / 100;
  return fc.oneof(
    // Above the maximum: whole cents just past it and beyond, and numbers so large they print with an exponent.
    fc.integer({ min: maxCents + 1, max: Number.MAX_SAFE_INTEGER }).map((c) => bad('tooLarge')(c / 100)),
    fc.integer({ min: Math.floor(maxDollars) + 1, max: Number.MAX_SAFE_INTEGER }).map(bad('tooLarge')),
    fc.double({ min: 1e16, max: 1e300, noNaN: true, noDefaultInfinity: true }).map(bad('tooLarge')),
    fc.constantFrom(12345678901234, 1e21, 9007199254740993).map(bad('tooLarge')),
    fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map((c) => bad('notPositive')(-c / 100)),
    fc.double({ min: -1e300, max: -1e16, noNaN: true, noDefaultInfinity: true }).map(bad('notPositive')),
    fc.constantFrom(0, -0).map(bad('notPositive')),
    // Three decimals or more: (c·10 + d) / 1000 prints with exactly three.
    fc.tuple(fc.nat(maxCents - 1), fc.integer({ min: 1, max: 9 })).map(([c, d]) => bad('decimals')((c * 10 + d) / 1000)),
    fc.double({ min: 1e-300, max: 0.0099, noNaN: true }).filter((x) => Math.round(x * 100) / 100 !== x).map(bad('decimals')),
    fc.constantFrom(true, false, [], [5], {}, { amount: 5 }).map(bad('shape')),
    ...(opts.nullIsValid ? [] : [fc.constant(bad('required')(null))]),
    badText(maxCents),
    // A JSON-numbers-only call refuses even well-formed text.
    ...(opts.numbersOnly ? [centsUpTo(maxCents).map((c) => bad('shape')(String(c / 100)))] : []),
  );
}
