import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// A fixed clock (10:30 UTC) for everything the ticker reads, so "today" and "yesterday" hold on any day it runs.
const NOW = Date.UTC(2026, 5, 17, 10, 30);

/** A completed (or other) withdrawal of `amountCents`, its payout done at `completedAt`. */
async function withdrawal(app: TestApp, userId: string, amountCents: number, completedAt: number, status = 'completed') {
  const id = crypto.randomUUID();
  await app.deps.database.client.execute({
    sql: `INSERT INTO withdrawals (id, user_id, currency, destination, amount_cents, tip_cents, rate, btc_amount, hold_id, provider, status, history_id, created_at, updated_at)
          VALUES (?, ?, 'BTC-CHAIN', 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', ?, 0, '50000', '0.001', ?, 'sandbox', ?, ?, ?, ?)`,
    args: [id, userId, amountCents, `hold-${id}`, status, `history-${id}`, completedAt - HOUR, completedAt],
  });
}

const optIn = (app: TestApp, p: TestPlayer, on: boolean) => call(app, 'PUT', '/api/v1/user/privacy', { tickerOptIn: on }, { token: p.token });

async function liveApp(clock: { t: number }) {
  return makeApp({ TICKER_MODE: 'live' }, { now: () => clock.t });
}

describe('GET /api/v1/ticker (live)', () => {
  test('only players who opted in; no name part; whole dollars; the day only; ordered by day, then amount', async () => {
    const clock = { t: NOW };
    const app = await liveApp(clock);
    const maria = await createPlayer(app, { name: 'Maria Lopez' });
    const quiet = await createPlayer(app, { name: 'Quentin Quiet' });
    expect((await optIn(app, maria, true)).status).toBe(200);
    await withdrawal(app, maria.userId, 12_345, NOW - 2 * HOUR);           // today, $123.45 → $123
    await withdrawal(app, maria.userId, 5_050, NOW - 3 * HOUR);            // today, $50.50 → $51
    await withdrawal(app, maria.userId, 99_999, NOW - 12 * HOUR);          // yesterday (22:30 UTC), $999.99 → $1,000
    await withdrawal(app, maria.userId, 7_700, NOW - 4 * DAY);             // this week
    await withdrawal(app, maria.userId, 8_800, NOW - 8 * DAY);             // more than a week ago: gone
    await withdrawal(app, maria.userId, 9_900, NOW - 2 * HOUR, 'pending'); // not completed: never
    await withdrawal(app, quiet.userId, 100_000, NOW - 2 * HOUR);          // never opted in: never
    const r = await call(app, 'GET', '/api/v1/ticker');
    expect(r.status).toBe(200);
    expect(r.json.lines).toEqual([
      { amount: 123, when: 'today', verb: 'withdrew' },
      { amount: 51, when: 'today', verb: 'withdrew' },
      { amount: 1000, when: 'yesterday', verb: 'withdrew' },
      { amount: 77, when: 'this week', verb: 'withdrew' },
    ]);
    for (const leak of ['Maria', 'M***a', 'Lopez', maria.email, maria.userId, String(maria.playerId), 'Quentin', 'secondsAgo', 'name']) expect(r.text).not.toContain(leak);
  });

  test('a cash-out shows only from the next hour, so watching the ticker does not time it', async () => {
    const clock = { t: NOW };
    const app = await liveApp(clock);
    const p = await createPlayer(app);
    await optIn(app, p, true);
    await withdrawal(app, p.userId, 20_000, NOW - 10 * 60_000); // 10:20, in the current hour
    expect((await call(app, 'GET', '/api/v1/ticker')).json.lines).toEqual([]);
    clock.t = NOW + HOUR;
    expect((await call(app, 'GET', '/api/v1/ticker')).json.lines).toEqual([{ amount: 200, when: 'today', verb: 'withdrew' }]);
  });

  test('off by default; a player who opts out disappears within a minute', async () => {
    const clock = { t: NOW };
    const app = await liveApp(clock);
    const p = await createPlayer(app);
    expect((await call(app, 'GET', '/api/v1/user/privacy', undefined, { token: p.token })).json.privacy).toEqual({ tickerOptIn: false });
    await withdrawal(app, p.userId, 30_000, NOW - 2 * HOUR);
    expect((await call(app, 'GET', '/api/v1/ticker')).json.lines).toEqual([]);
    await optIn(app, p, true);
    clock.t += 60_000;
    expect((await call(app, 'GET', '/api/v1/ticker')).json.lines).toHaveLength(1);
    const off = await optIn(app, p, false);
    expect(off.json).toMatchObject({ success: true, message: 'Saved. Your cash-outs are not shown in the ticker.', privacy: { tickerOptIn: false } });
    clock.t += 60_000;
    expect((await call(app, 'GET', '/api/v1/ticker')).json.lines).toEqual([]);
  });
});

describe('the ticker choice through the API', () => {
  test('saved on the account; only a true or false is taken; signed in, from this site only', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    const on = await optIn(app, p, true);
    expect(on.json).toEqual({ success: true, message: 'Saved. Your cash-outs may appear in the ticker, without your name, rounded to whole dollars.', privacy: { tickerOptIn: true } });
    expect((await app.deps.database.client.execute({ sql: 'SELECT ticker_opt_in FROM users WHERE id = ?', args: [p.userId] })).rows[0]!.ticker_opt_in).toBe(1);
    for (const bad of [{}, { tickerOptIn: 'yes' }, { tickerOptIn: 1 }]) {
      const r = await call(app, 'PUT', '/api/v1/user/privacy', bad, { token: p.token });
      expect([r.status, r.json.errors]).toEqual([400, [{ field: 'tickerOptIn', message: 'Choose whether your cash-outs may appear in the ticker' }]]);
    }
    expect((await call(app, 'GET', '/api/v1/user/privacy', undefined, { token: p.token })).json.privacy).toEqual({ tickerOptIn: true });
    expect((await call(app, 'PUT', '/api/v1/user/privacy', { tickerOptIn: false })).status).toBe(401);
    const crossSite = await call(app, 'PUT', '/api/v1/user/privacy', { tickerOptIn: false }, { token: p.token, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/user/privacy', undefined, { token: p.token })).json.privacy).toEqual({ tickerOptIn: true });
  });
});

describe('demo and off', () => {
  test('no real data leaves the server, opted in or not', async () => {
    for (const mode of ['demo', 'off']) {
      const app = await makeApp({ TICKER_MODE: mode });
      const p = await createPlayer(app, { name: 'Real Person' });
      await optIn(app, p, true);
      await withdrawal(app, p.userId, 10_000, Date.now() - 2 * HOUR);
      expect((await call(app, 'GET', '/api/v1/ticker')).json).toEqual({ success: true, lines: [] });
    }
  });
});
