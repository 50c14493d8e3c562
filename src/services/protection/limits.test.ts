import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { AppError } from '../../lib/app-error';
import { LOOSEN_DELAY_MS, readLimits, setLimits } from './limits';
import { readControls, setTimeZone, TIME_ZONE_DELAY_MS } from './restrictions';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});

const at = (iso: string) => Date.parse(iso);
const client = () => app.deps.database.client;
/** A deposit request through the deposits service, at an injected time. */
const deposit = (p: TestPlayer, dollars: number, when: string) =>
  app.deps.deposits.create({ userId: p.userId, email: p.email, amountCents: Math.round(dollars * 100), now: at(when) });
async function refused(p: TestPlayer, dollars: number, when: string): Promise<AppError> {
  try {
    await deposit(p, dollars, when);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('the deposit was accepted');
}
async function withLimits(limits: { daily?: number; weekly?: number; monthly?: number }, tz?: string) {
  const p = await createPlayer(app);
  if (tz) await setTimeZone(client(), p.userId, tz);
  await setLimits(client(), p.userId, Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, v * 100])), at('2026-01-01T00:00:00Z'));
  return p;
}

describe('deposit limit arithmetic', () => {
  test('daily: up to the limit exactly, a cent more refused naming the limit and its reset, the next day fresh', async () => {
    const p = await withLimits({ daily: 100 });
    await deposit(p, 60, '2026-11-23T10:00:00Z');
    await deposit(p, 40, '2026-11-23T23:59:59.999Z');
    const e = await refused(p, 0.01, '2026-11-23T23:59:59.999Z');
    expect(e.status).toBe(403);
    expect(e.errorType).toBe('DEPOSIT_LIMIT');
    expect(e.message).toBe('This deposit would take you past your daily deposit limit of $100.00. You can deposit $0.00 more until it resets on Nov 24, 2026, 12:00 AM UTC.');
    expect((await deposit(p, 100, '2026-11-24T00:00:00Z')).status).toBe('pending');
  });

  test('weekly: Sunday 23:59 is the old week, Monday 00:00 a new one', async () => {
    const p = await withLimits({ weekly: 50 });
    await deposit(p, 30, '2026-11-16T00:00:00Z');
    await deposit(p, 20, '2026-11-22T23:59:00Z');
    const e = await refused(p, 1, '2026-11-22T23:59:59Z');
    expect(e.message).toContain('weekly deposit limit of $50.00');
    expect(e.message).toContain('resets on Nov 23, 2026, 12:00 AM UTC');
    await deposit(p, 50, '2026-11-23T00:00:00Z');
  });

  test('monthly: the 30th of November counts with the 1st; December starts fresh', async () => {
    const p = await withLimits({ monthly: 200, daily: 150 });
    await deposit(p, 150, '2026-11-01T00:00:00Z');
    const e = await refused(p, 50.01, '2026-11-30T23:59:59Z');
    expect(e.message).toContain('monthly deposit limit of $200.00. You can deposit $50.00 more until it resets on Dec 1, 2026, 12:00 AM UTC.');
    await deposit(p, 50, '2026-11-30T23:59:59Z');
    await deposit(p, 150, '2026-12-01T00:00:00Z');
  });

  test('the tightest limit wins when several apply', async () => {
    const p = await withLimits({ daily: 500, weekly: 80, monthly: 1000 });
    expect((await refused(p, 81, '2026-11-25T12:00:00Z')).message).toContain('weekly');
  });

  test("periods follow the player's time zone", async () => {
    const p = await withLimits({ daily: 100 }, 'America/New_York');
    await deposit(p, 70, '2026-11-23T15:00:00Z');
    // 03:00 UTC on the 24th is 22:00 on the 23rd in New York: the same local day.
    const e = await refused(p, 31, '2026-11-24T03:00:00Z');
    expect(e.message).toContain('resets on Nov 24, 2026, 12:00 AM EST');
    await deposit(p, 30, '2026-11-24T03:00:00Z');
    // 05:00 UTC is local midnight.
    await deposit(p, 100, '2026-11-24T05:00:00Z');
  });

  test('only open requests and what closed ones credited count: an expired unpaid request frees its room', async () => {
    const p = await withLimits({ daily: 100 });
    const d = await deposit(p, 100, '2026-11-23T10:00:00Z');
    await refused(p, 1, '2026-11-23T11:00:00Z');
    await client().execute({ sql: `UPDATE deposits SET status = 'expired', credited_cents = 2500 WHERE id = ?`, args: [d.id] });
    await refused(p, 75.01, '2026-11-23T12:00:00Z');
    await deposit(p, 75, '2026-11-23T12:00:00Z');
  });

  test('requests racing for the last of a limit: only as many as fit are made', async () => {
    const p = await withLimits({ daily: 100 });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => deposit(p, 30, '2026-11-23T10:00:00Z')));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(3);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).errorType).toBe('DEPOSIT_LIMIT');
    const sum = await client().execute({ sql: 'SELECT sum(amount_cents) AS s FROM deposits WHERE user_id = ?', args: [p.userId] });
    expect(Number(sum.rows[0]!.s)).toBe(9000);
  });
});

describe('setting limits', () => {
  const t0 = at('2026-11-23T12:00:00Z');

  test('a first limit and a lower one apply at once', async () => {
    const p = await createPlayer(app);
    await setLimits(client(), p.userId, { daily: 10_000 }, t0);
    expect((await readLimits(client(), p.userId, t0)).limits.daily).toBe(10_000);
    await setLimits(client(), p.userId, { daily: 5_000 }, t0 + 1);
    expect(await readLimits(client(), p.userId, t0 + 1)).toEqual({ limits: { daily: 5_000, weekly: null, monthly: null }, pending: [] });
  });

  test('raising waits 24 hours: the old limit holds until the last millisecond', async () => {
    const p = await createPlayer(app);
    await setLimits(client(), p.userId, { weekly: 10_000 }, t0);
    await setLimits(client(), p.userId, { weekly: 20_000 }, t0);
    const before = await readLimits(client(), p.userId, t0 + LOOSEN_DELAY_MS - 1);
    expect(before.limits.weekly).toBe(10_000);
    expect(before.pending).toEqual([{ period: 'weekly', amountCents: 20_000, effectiveAt: t0 + LOOSEN_DELAY_MS }]);
    expect(await readLimits(client(), p.userId, t0 + LOOSEN_DELAY_MS)).toEqual({ limits: { daily: null, weekly: 20_000, monthly: null }, pending: [] });
  });

  test('removing waits 24 hours too', async () => {
    const p = await createPlayer(app);
    await setLimits(client(), p.userId, { monthly: 10_000 }, t0);
    await setLimits(client(), p.userId, { monthly: null }, t0);
    const r = await readLimits(client(), p.userId, t0 + 1000);
    expect(r.limits.monthly).toBe(10_000);
    expect(r.pending).toEqual([{ period: 'monthly', amountCents: null, effectiveAt: t0 + LOOSEN_DELAY_MS }]);
    expect((await readLimits(client(), p.userId, t0 + LOOSEN_DELAY_MS)).limits.monthly).toBeNull();
  });

  test('the waiting limit is enforced as the old one until it takes effect', async () => {
    const p = await withLimits({ daily: 50 });
    await setLimits(client(), p.userId, { daily: 50_000 }, at('2026-11-23T08:00:00Z'));
    await refused(p, 60, '2026-11-24T07:59:59Z');
    await deposit(p, 60, '2026-11-24T08:00:00Z');
  });

  test('lowering while a raise waits applies at once and drops the raise', async () => {
    const p = await createPlayer(app);
    await setLimits(client(), p.userId, { daily: 10_000 }, t0);
    await setLimits(client(), p.userId, { daily: 30_000 }, t0 + 1);
    await setLimits(client(), p.userId, { daily: 8_000 }, t0 + 2);
    expect(await readLimits(client(), p.userId, t0 + 2 * LOOSEN_DELAY_MS)).toEqual({ limits: { daily: 8_000, weekly: null, monthly: null }, pending: [] });
  });

  test('periods not named are left as they are', async () => {
    const p = await createPlayer(app);
    await setLimits(client(), p.userId, { daily: 1_000, weekly: 5_000 }, t0);
    await setLimits(client(), p.userId, { weekly: 4_000 }, t0);
    expect((await readLimits(client(), p.userId, t0)).limits).toEqual({ daily: 1_000, weekly: 4_000, monthly: null });
  });
});

describe('changing the time zone under a limit', () => {
  test('waits a day: the same day stays closed, the pending zone is shown, and it applies after 24 hours', async () => {
    const p = await withLimits({ daily: 100 });
    await deposit(p, 100, '2026-11-23T09:00:00Z');
    // Kiritimati is UTC+14: at once, 10:05 UTC would already be the next local day and a fresh $100.
    await setTimeZone(client(), p.userId, 'Pacific/Kiritimati', at('2026-11-23T10:05:00Z'));
    const e = await refused(p, 100, '2026-11-23T10:10:00Z');
    expect(e.errorType).toBe('DEPOSIT_LIMIT');
    expect(e.message).toContain('resets on Nov 24, 2026, 12:00 AM UTC');
    const c = await readControls(client(), p.userId, at('2026-11-23T10:10:00Z'));
    expect(c).toMatchObject({ timeZone: 'UTC', pendingTimeZone: { timeZone: 'Pacific/Kiritimati', effectiveAt: at('2026-11-23T10:05:00Z') + TIME_ZONE_DELAY_MS } });
    // A day later the new zone is current (computed on read, no job).
    const later = await readControls(client(), p.userId, at('2026-11-24T10:05:00Z'));
    expect(later).toMatchObject({ timeZone: 'Pacific/Kiritimati', pendingTimeZone: null });
    expect((await deposit(p, 100, '2026-11-24T10:06:00Z')).status).toBe('pending');
  });

  test('asking for the zone in force again drops the waiting change; without a limit a zone applies at once', async () => {
    const p = await withLimits({ daily: 100 });
    await setTimeZone(client(), p.userId, 'Asia/Tokyo', at('2026-11-23T10:00:00Z'));
    await setTimeZone(client(), p.userId, 'UTC', at('2026-11-23T11:00:00Z'));
    expect(await readControls(client(), p.userId, at('2026-11-25T00:00:00Z'))).toMatchObject({ timeZone: 'UTC', pendingTimeZone: null });
    const free = await createPlayer(app);
    await setTimeZone(client(), free.userId, 'Asia/Tokyo', at('2026-11-23T10:00:00Z'));
    expect(await readControls(client(), free.userId, at('2026-11-23T10:00:01Z'))).toMatchObject({ timeZone: 'Asia/Tokyo', pendingTimeZone: null });
  });
});
