export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** True for an IANA zone name this runtime knows ('UTC', 'America/New_York', …). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

type Local = { y: number; m: number; d: number; weekday: number };

// The wall-clock date at `at` in `tz` (month 1–12, weekday 0 = Monday).
function localDate(at: number, tz: string): Local {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'));
  return { y: Number(get('year')), m: Number(get('month')), d: Number(get('day')), weekday };
}

// How far `tz` is ahead of UTC at the instant `at`, in ms.
function offsetAt(at: number, tz: string): number {
  const p = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(at);
  const n = (t: string) => Number(p.find((x) => x.type === t)!.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000;
}

/** The instant local midnight starts the given date in `tz` (Date.UTC normalises day/month overflow). */
export function localMidnight(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  let at = wall - offsetAt(wall, tz);
  at = wall - offsetAt(at, tz);
  return at;
}

/** The period containing `at` in the player's zone: days start at local midnight, weeks on Monday, months on the 1st. */
export function periodWindow(period: LimitPeriod, at: number, tz: string): { start: number; end: number } {
  const l = localDate(at, tz);
  if (period === 'daily') return { start: localMidnight(l.y, l.m, l.d, tz), end: localMidnight(l.y, l.m, l.d + 1, tz) };
  if (period === 'weekly') return { start: localMidnight(l.y, l.m, l.d - l.weekday, tz), end: localMidnight(l.y, l.m, l.d - l.weekday + 7, tz) };
  return { start: localMidnight(l.y, l.m, 1, tz), end: localMidnight(l.y, l.m + 1, 1, tz) };
}
