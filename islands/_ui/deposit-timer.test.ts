import { describe, expect, test } from 'bun:test';
import { clock, milestone, secondsLeft, shortAddress, TIMER_STORAGE_KEY, timerStart } from './deposit-timer';

/** A Storage with just what timerStart uses; `full` makes writes throw as a full or private-mode store does. */
function memoryStorage(full = false) {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      map.set(k, v);
    },
  } as unknown as Storage & { map: Map<string, string> };
}

describe('deposit countdown rules', () => {
  test('mm:ss with leading zeros', () => {
    expect([1800, 1799, 600, 301, 60, 9, 0].map(clock)).toEqual(['30:00', '29:59', '10:00', '05:01', '01:00', '00:09', '00:00']);
  });

  test('seconds left stay within 0..1800, whatever the clock does', () => {
    expect(secondsLeft(0, 999)).toBe(1800);
    expect(secondsLeft(0, 1000)).toBe(1799);
    expect(secondsLeft(0, 1_800_000)).toBe(0);
    expect(secondsLeft(0, 9_999_999)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(1800);
  });

  test('a milestone is said when crossed, even if the page slept past it; the latest one wins', () => {
    expect(milestone(1800, 1799)).toBeNull();
    expect(milestone(301, 300)).toBe('5 minutes left to pay the Lightning invoice.');
    expect(milestone(300, 299)).toBeNull();
    expect(milestone(400, 30)).toBe('1 minute left to pay the Lightning invoice.');
    expect(milestone(1800, 0)).toBe('The Lightning invoice has expired. Start a new deposit to get a new one.');
    expect(milestone(0, 0)).toBeNull();
  });

  test('the stored start is kept for the same addresses only, and never in the future', () => {
    const s = memoryStorage();
    expect(timerStart(s, 'a', 1_000)).toBe(1_000);
    expect(timerStart(s, 'a', 50_000)).toBe(1_000);
    expect(timerStart(s, 'b', 60_000)).toBe(60_000);
    expect(JSON.parse(s.map.get(TIMER_STORAGE_KEY)!)).toEqual({ for: 'b', startedAt: 60_000 });
    expect(timerStart(s, 'b', 30_000)).toBe(30_000);
  });

  test('without storage, or when it refuses writes, the countdown starts now', () => {
    expect(timerStart(null, 'a', 5)).toBe(5);
    expect(timerStart(memoryStorage(true), 'a', 7)).toBe(7);
  });

  test('addresses are cut at 100 characters with an ellipsis', () => {
    expect(shortAddress('x'.repeat(100))).toBe('x'.repeat(100));
    expect(shortAddress('x'.repeat(101))).toBe(`${'x'.repeat(100)}…`);
  });
});
