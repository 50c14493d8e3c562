import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { TICKER_LINES, demoTicker, maskName, tickerText } from './ticker';

describe('demo ticker lines', () => {
  test('15 lines; amount 10 to 509, seconds 1 to 60, verb withdrew or cashed out, for any random source', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 8 }), (seq) => {
        let i = 0;
        const lines = demoTicker(() => seq[i++ % seq.length]!);
        expect(lines).toHaveLength(TICKER_LINES);
        for (const l of lines) {
          expect(Number.isInteger(l.amount) && l.amount >= 10 && l.amount <= 509).toBe(true);
          expect(Number.isInteger(l.secondsAgo) && l.secondsAgo >= 1 && l.secondsAgo <= 60).toBe(true);
          expect(['withdrew', 'cashed out']).toContain(l.verb);
          expect(l.name).toMatch(/^[A-Z]\*+[a-z]$/);
        }
      }),
    );
  });

  test('the extremes of the random source reach both ends of each range', () => {
    const low = demoTicker(() => 0)[0]!;
    const high = demoTicker(() => 0.9999999)[0]!;
    expect([low.amount, low.secondsAgo, low.verb]).toEqual([10, 1, 'withdrew']);
    expect([high.amount, high.secondsAgo, high.verb]).toEqual([509, 60, 'cashed out']);
  });

  test('names are masked and the text reads as the spec says', () => {
    expect(maskName('Michael')).toBe('M*****l');
    expect(maskName('Al')).toBe('A*');
    expect(tickerText({ name: 'M*****l', verb: 'withdrew', amount: 120, secondsAgo: 7 })).toBe('M*****l withdrew $120 7s ago');
  });

  test('a live line names no one and says only the day', () => {
    expect(tickerText({ amount: 1234, when: 'today', verb: 'withdrew' })).toBe('A player withdrew $1,234 today');
    expect(tickerText({ amount: 50, when: 'this week', verb: 'withdrew' })).toBe('A player withdrew $50 this week');
  });
});
