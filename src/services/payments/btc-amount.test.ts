import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { btcForCents, centsToDecimal, formatSats, parseDecimal, satsOf, usdCentsOf } from './btc-amount';

describe('BTC amounts', () => {
  test('a payment is worth (value − fee) × rate, to the cent', () => {
    expect(usdCentsOf('0.001', '0', '50000')).toBe(5000);
    expect(usdCentsOf('0.00100000', '0.00001', '50000')).toBe(4950);
    expect(usdCentsOf('0.00012345678', '0', '50000')).toBe(617); // 6.172839 → $6.17
    expect(usdCentsOf('0.0001235', '0', '50000')).toBe(618); // 6.175 rounds half up
    expect(usdCentsOf('0.5', '0', '64321.123456789')).toBe(3216056);
  });

  test('refuses what is not a decimal', () => {
    for (const bad of ['', 'abc', '1e-8', '0x10', '1.2.3', 'NaN', ' ']) expect(() => usdCentsOf(bad, '0', '50000')).toThrow(RangeError);
  });

  test('property: paying btcForCents always covers the dollars, and by less than one satoshi', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1_000, max: 200_000 }), fc.integer({ min: 0, max: 99 }), (cents, whole, frac) => {
        const rate = `${whole}.${String(frac).padStart(2, '0')}`;
        const btc = btcForCents(cents, rate);
        expect(usdCentsOf(btc, '0', rate)).toBeGreaterThanOrEqual(cents);
        const oneSatLess = formatSats(satsOf(btc) - 1n);
        expect(usdCentsOf(oneSatLess, '0', rate) <= cents).toBe(true);
      }),
    );
  });

  test('property: sats and their decimal text round-trip, and cents print as BTCPay amounts', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 2_100_000_000_000_000n }), (sats) => expect(satsOf(formatSats(sats))).toBe(sats)));
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (c) => {
      const d = parseDecimal(centsToDecimal(c));
      expect(d.scale).toBe(2);
      expect(d.n).toBe(BigInt(c));
    }));
  });
});
