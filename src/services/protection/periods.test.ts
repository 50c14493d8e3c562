import { describe, expect, test } from 'bun:test';
import { isTimeZone, periodWindow } from './periods';

const t = (iso: string) => Date.parse(iso);
const window = (period: 'daily' | 'weekly' | 'monthly', at: string, tz = 'UTC') => {
  const w = periodWindow(period, t(at), tz);
  return { start: new Date(w.start).toISOString(), end: new Date(w.end).toISOString() };
};

describe('limit periods (UTC by default)', () => {
  test('a day runs from midnight to midnight; the last millisecond is still the old day', () => {
    expect(window('daily', '2026-11-23T23:59:59.999Z')).toEqual({ start: '2026-11-23T00:00:00.000Z', end: '2026-11-24T00:00:00.000Z' });
    expect(window('daily', '2026-11-24T00:00:00.000Z')).toEqual({ start: '2026-11-24T00:00:00.000Z', end: '2026-11-25T00:00:00.000Z' });
  });

  test('a week starts on Monday: Sunday night is the old week, Monday midnight the new one', () => {
    expect(window('weekly', '2026-11-22T23:59:59.999Z')).toEqual({ start: '2026-11-16T00:00:00.000Z', end: '2026-11-23T00:00:00.000Z' });
    expect(window('weekly', '2026-11-23T00:00:00.000Z')).toEqual({ start: '2026-11-23T00:00:00.000Z', end: '2026-11-30T00:00:00.000Z' });
    // Across a month and a year end.
    expect(window('weekly', '2027-01-01T12:00:00.000Z')).toEqual({ start: '2026-12-28T00:00:00.000Z', end: '2027-01-04T00:00:00.000Z' });
  });

  test('a month starts on the 1st, including February of a leap year and the turn of a year', () => {
    expect(window('monthly', '2026-11-30T23:59:59.999Z')).toEqual({ start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' });
    expect(window('monthly', '2026-12-31T23:59:59.999Z')).toEqual({ start: '2026-12-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' });
    expect(window('monthly', '2028-02-29T10:00:00.000Z')).toEqual({ start: '2028-02-01T00:00:00.000Z', end: '2028-03-01T00:00:00.000Z' });
  });
});

describe("limit periods in the player's time zone", () => {
  test('New York: 23:59 local on the 23rd is still the 23rd there, though already the 24th in UTC', () => {
    expect(window('daily', '2026-11-24T04:59:00.000Z', 'America/New_York')).toEqual({ start: '2026-11-23T05:00:00.000Z', end: '2026-11-24T05:00:00.000Z' });
    expect(window('daily', '2026-11-24T05:00:00.000Z', 'America/New_York')).toEqual({ start: '2026-11-24T05:00:00.000Z', end: '2026-11-25T05:00:00.000Z' });
  });

  test('a day with a daylight-saving change is 23 hours long, and the week and month around it end at local midnight', () => {
    expect(window('daily', '2026-03-08T12:00:00.000Z', 'America/New_York')).toEqual({ start: '2026-03-08T05:00:00.000Z', end: '2026-03-09T04:00:00.000Z' });
    expect(window('monthly', '2026-03-31T12:00:00.000Z', 'America/New_York')).toEqual({ start: '2026-03-01T05:00:00.000Z', end: '2026-04-01T04:00:00.000Z' });
  });

  test('a zone ahead of UTC: Tokyo Monday 00:00 is Sunday 15:00 UTC', () => {
    expect(window('weekly', '2026-11-22T15:00:00.000Z', 'Asia/Tokyo')).toEqual({ start: '2026-11-22T15:00:00.000Z', end: '2026-11-29T15:00:00.000Z' });
    expect(window('weekly', '2026-11-22T14:59:59.999Z', 'Asia/Tokyo').end).toBe('2026-11-22T15:00:00.000Z');
  });

  test('only real zone names are accepted', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
