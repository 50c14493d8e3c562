import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { leafCounts, shuffledPositions, splitCents } from './leaves';
import { randomFrom, seededRandom, systemRandom } from './random';

/** Pearson's chi-squared statistic of observed counts against a uniform expectation. */
function chiSquared(counts: number[]): number {
  const total = counts.reduce((s, c) => s + c, 0);
  const expected = total / counts.length;
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
}

describe("a player's leaves", () => {
  test('the split is k parts, none negative, adding up to the liability exactly', () => {
    const rnd = systemRandom();
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 2, max: 8 }), (total, k) => {
      const parts = splitCents(total, k, rnd);
      expect(parts).toHaveLength(k);
      expect(parts.every((p) => Number.isSafeInteger(p) && p >= 0)).toBe(true);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
    }), { numRuns: 2000 });
    // A player owed nothing still gets k leaves, all of them 0.
    expect(splitCents(0, 5, rnd)).toEqual([0, 0, 0, 0, 0]);
  });

  test('the split is random: the first part of $1.00 in two takes every value from 0 to 100 about equally often', () => {
    const rnd = systemRandom();
    const counts = new Array(101).fill(0);
    for (let t = 0; t < 101 * 200; t++) counts[splitCents(100, 2, rnd)[0]!]++;
    // 100 degrees of freedom: the 0.1 % critical value is 149.4.
    expect(chiSquared(counts)).toBeLessThan(149.4);
  });

  test('k is from 2 to 8, each about equally often', () => {
    const ks = leafCounts(70_000, systemRandom());
    const counts = new Array(7).fill(0);
    for (const k of ks) counts[k - 2]++;
    expect(Math.min(...ks)).toBe(2);
    expect(Math.max(...ks)).toBe(8);
    // 6 degrees of freedom: the 0.1 % critical value is 22.46.
    expect(chiSquared(counts)).toBeLessThan(22.46);
  });
});

describe('the shuffle', () => {
  test('is a permutation', () => {
    const p = shuffledPositions(10_000, systemRandom());
    expect(new Set(p).size).toBe(10_000);
    expect(Math.max(...p)).toBe(9_999);
  });

  test('every one of the 24 orders of four leaves is about equally likely', () => {
    const rnd = systemRandom();
    const seen = new Map<string, number>();
    for (let t = 0; t < 24 * 1000; t++) {
      const key = shuffledPositions(4, rnd).join('');
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(24);
    // 23 degrees of freedom: the 0.1 % critical value is 49.73.
    expect(chiSquared([...seen.values()])).toBeLessThan(49.73);
  });

  test('a leaf lands in each of 50 places about equally often, first and last included', () => {
    const rnd = systemRandom();
    const counts = new Array(50).fill(0);
    for (let t = 0; t < 50 * 300; t++) counts[shuffledPositions(50, rnd)[0]!]++;
    // 49 degrees of freedom: the 0.1 % critical value is 85.35.
    expect(chiSquared(counts)).toBeLessThan(85.35);
  });
});

describe('random draws', () => {
  test('below n rejects the biased tail instead of folding it back', () => {
    // Words 0, 1, … : with n = 3 the last word 2^32 − 1 (and 2^32 − 2 … down to the multiple of 3) must be redrawn.
    const words = [0xffffffff, 7];
    const r = randomFrom(() => words.shift()!);
    expect(r.below(3)).toBe(7 % 3);
    expect(words).toEqual([]);
  });

  test('large ranges (past 2^32) come out whole, in range, and reach the top half', () => {
    const r = seededRandom(42);
    const n = 2 ** 50 + 3;
    const draws = Array.from({ length: 2000 }, () => r.below(n));
    expect(draws.every((x) => Number.isSafeInteger(x) && x >= 0 && x < n)).toBe(true);
    expect(draws.some((x) => x > n / 2)).toBe(true);
    expect(draws.some((x) => x < n / 2)).toBe(true);
  });

  test('refuses a range it cannot draw from', () => {
    const r = seededRandom(1);
    for (const bad of [0, -1, 1.5, 2 ** 53 + 2]) expect(() => r.below(bad)).toThrow(RangeError);
  });
});
