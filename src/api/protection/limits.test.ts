import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});

describe('GET and PUT /user/limits', () => {
  test('a new player has no limits, UTC and no restriction', async () => {
    const p = await createPlayer(app);
    const r = await call(app, 'GET', '/api/v1/user/limits', undefined, { token: p.token });
    expect(r.json).toEqual({ success: true, deposit: { daily: null, weekly: null, monthly: null }, pending: [], coolOffUntil: null, selfExcludedUntil: null, timeZone: 'UTC', pendingTimeZone: null });
  });

  test('setting applies at once; raising and removing are listed as pending for 24 hours', async () => {
    const p = await createPlayer(app);
    const set = await call(app, 'PUT', '/api/v1/user/limits', { daily: 50, weekly: 200.5 }, { token: p.token });
    expect(set.json.deposit).toEqual({ daily: 50, weekly: 200.5, monthly: null });
    const t = Date.now();
    const loosen = await call(app, 'PUT', '/api/v1/user/limits', { daily: 80, weekly: null }, { token: p.token });
    expect(loosen.json.deposit).toEqual({ daily: 50, weekly: 200.5, monthly: null });
    expect(loosen.json.pending).toHaveLength(2);
    const daily = loosen.json.pending.find((x: any) => x.period === 'daily');
    expect(daily.amount).toBe(80);
    expect(Math.abs(Date.parse(daily.effectiveAt) - (t + 86_400_000))).toBeLessThan(5_000);
    expect(loosen.json.pending.find((x: any) => x.period === 'weekly').amount).toBeNull();
  });

  test('a deposit request past the limit is 403 DEPOSIT_LIMIT and makes no deposit', async () => {
    const p = await createPlayer(app);
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 30 }, { token: p.token });
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token })).status).toBe(200);
    const r = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 10.01 }, { token: p.token });
    expect(r.status).toBe(403);
    expect(r.json.errorType).toBe('DEPOSIT_LIMIT');
    expect(r.json.message).toMatch(/^This deposit would take you past your daily deposit limit of \$30\.00\. You can deposit \$10\.00 more until it resets on /);
    // Named on the amount field, so the deposit form shows it next to the amount.
    expect(r.json.errors).toEqual([{ field: 'amount', message: r.json.message }]);
    const n = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM deposits WHERE user_id = ?', args: [p.userId] });
    expect(Number(n.rows[0]!.n)).toBe(1);
  });

  test('under a limit a new time zone waits a day and is shown as pending with when it applies', async () => {
    const p = await createPlayer(app);
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 100 }, { token: p.token });
    const before = Date.now();
    const r = await call(app, 'PUT', '/api/v1/user/limits', { timeZone: 'Pacific/Kiritimati' }, { token: p.token });
    expect(r.status).toBe(200);
    expect(r.json.timeZone).toBe('UTC');
    expect(r.json.pendingTimeZone.timeZone).toBe('Pacific/Kiritimati');
    const at = Date.parse(r.json.pendingTimeZone.effectiveAt);
    expect(at).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(at).toBeLessThan(before + 24 * 3_600_000 + 60_000);
  });

  test('the time zone can be set and must be a real zone', async () => {
    const p = await createPlayer(app);
    expect((await call(app, 'PUT', '/api/v1/user/limits', { timeZone: 'America/Chicago' }, { token: p.token })).json.timeZone).toBe('America/Chicago');
    const bad = await call(app, 'PUT', '/api/v1/user/limits', { timeZone: 'Nowhere/Land' }, { token: p.token });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual([{ field: 'timeZone', message: 'Choose a valid time zone' }]);
  });

  test('bad amounts are 400 with the field named, and change nothing', async () => {
    const p = await createPlayer(app);
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 40 }, { token: p.token });
    for (const daily of [0, -5, 10.123, '20', Number.MAX_SAFE_INTEGER, true]) {
      const r = await call(app, 'PUT', '/api/v1/user/limits', { daily, weekly: 10 }, { token: p.token });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([{ field: 'daily', message: 'Daily limit must be an amount above $0 with at most two decimals, up to $1,000,000, or empty for no limit' }]);
    }
    expect((await call(app, 'PUT', '/api/v1/user/limits', {}, { token: p.token })).status).toBe(400);
    expect((await call(app, 'PUT', '/api/v1/user/limits', 'nonsense', { token: p.token })).status).toBe(400);
    const r = await call(app, 'GET', '/api/v1/user/limits', undefined, { token: p.token });
    expect(r.json.deposit).toEqual({ daily: 40, weekly: null, monthly: null });
  });

  test("one player's limits never show or apply to another", async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    await call(app, 'PUT', '/api/v1/user/limits', { daily: 5 }, { token: a.token });
    expect((await call(app, 'GET', '/api/v1/user/limits', undefined, { token: b.token })).json.deposit.daily).toBeNull();
    expect((await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: b.token })).status).toBe(200);
  });
});
