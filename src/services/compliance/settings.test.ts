import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { loadConfig } from '../../config';
import { amlSettings, dollarsCents, shareBp, structuringBand } from './settings';

describe('the watch\'s settings', () => {
  test('every rule on by default, with the issue\'s thresholds, in cents and basis points', () => {
    const c = loadConfig({});
    expect(amlSettings(c)).toEqual({
      minPlayShareBp: 2500, p2pParties: 5, reportCents: 1_000_000, structuringCount: 3, firstDepositCents: 200_000, sharedAccounts: 3, sharedDestination: true,
    });
  });

  test('`off` turns a rule off; the report threshold has no off', () => {
    const c = loadConfig({ AML_MIN_PLAY_SHARE: 'off', AML_P2P_PARTIES: 'OFF', AML_STRUCTURING_COUNT: 'off', AML_FIRST_DEPOSIT_DOLLARS: 'off', AML_SHARED_ACCOUNTS: 'off', AML_SHARED_DESTINATION: 'off' });
    expect(amlSettings(c)).toEqual({ minPlayShareBp: null, p2pParties: null, reportCents: 1_000_000, structuringCount: null, firstDepositCents: null, sharedAccounts: null, sharedDestination: false });
    expect(() => loadConfig({ AML_REPORT_DOLLARS: 'off' })).toThrow('AML_REPORT_DOLLARS: must be an amount of dollars above zero');
  });

  test('a bad value stops start-up naming the variable and what it must be', () => {
    for (const [name, value, words] of [
      ['AML_MIN_PLAY_SHARE', '25%', 'must be a share from 0 to 1'], ['AML_MIN_PLAY_SHARE', '1.5', 'must be a share from 0 to 1'],
      ['AML_P2P_PARTIES', '1', 'must be a whole number of players from 2 to 1000, or off'], ['AML_FIRST_DEPOSIT_DOLLARS', '2000.001', 'must be an amount of dollars'],
      ['AML_FIRST_DEPOSIT_DOLLARS', '0', 'must be an amount of dollars'], ['AML_SHARED_DESTINATION', 'yes', 'must be on or off'],
    ]) expect(() => loadConfig({ [name!]: value! })).toThrow(`${name}: ${words}`);
  });

  test('dollars read exactly as cents, whatever the amount (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (c) => {
      const text = `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
      expect(dollarsCents(text)).toBe(c);
      if (c % 100 === 0) expect(dollarsCents(String(c / 100))).toBe(c);
    }));
    fc.assert(fc.property(fc.string(), (s) => {
      const c = dollarsCents(s);
      // Whatever it reads is a whole number of cents within the range; never a fraction, never NaN.
      expect(c === null || (Number.isSafeInteger(c) && c > 0 && c <= 100_000_000_000)).toBe(true);
    }));
    for (const bad of ['1e3', '-5', '1.234', 'NaN', '', ' ', '$5', '1,000']) expect(dollarsCents(bad)).toBeNull();
  });

  test('a share reads exactly as basis points (property); the structuring band is 10 % below the threshold', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
      const text = bp === 10_000 ? '1' : `0.${String(bp).padStart(4, '0')}`;
      expect(shareBp(text)).toBe(bp);
    }));
    for (const bad of ['1.0001', '0.12345', '.5', '2', '-0.1']) expect(shareBp(bad)).toBeNull();
    expect(structuringBand(1_000_000)).toEqual({ fromCents: 900_000, belowCents: 1_000_000 });
    expect(structuringBand(1_001)).toEqual({ fromCents: 901, belowCents: 1_001 });
  });
});
