import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer } from '../../../tests/helpers/players';

async function withdrawal(app: TestApp, userId: string, amountCents: number, status: string, agoMs: number) {
  await app.deps.database.client.execute({
    sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, transfer_id, created_at)
          VALUES (?, ?, ?, 'WITHDRAW', 'out', ?, ?, 't', ?)`,
    args: [crypto.randomUUID(), 'CR-TEST', userId, status, amountCents, Date.now() - agoMs],
  });
}

describe('GET /api/v1/ticker', () => {
  test('live: completed cash-outs of the last day, newest first, first names masked', async () => {
    const app = await makeApp({ TICKER_MODE: 'live' });
    const maria = await createPlayer(app, { name: 'Maria Lopez' });
    const anon = await createPlayer(app);
    await withdrawal(app, maria.userId, 12_345, 'completed', 5_000);
    await withdrawal(app, anon.userId, 5_000, 'completed', 60_000);
    await withdrawal(app, maria.userId, 9_900, 'pending', 1_000);
    await withdrawal(app, maria.userId, 7_700, 'completed', 2 * 86_400_000);
    const r = await call(app, 'GET', '/api/v1/ticker');
    expect(r.status).toBe(200);
    expect(r.json.lines).toHaveLength(2);
    expect(r.json.lines[0]).toMatchObject({ name: 'M***a', amount: 123, verb: 'withdrew' });
    expect(r.json.lines[0].secondsAgo).toBeGreaterThanOrEqual(5);
    expect(r.json.lines[1]).toMatchObject({ name: 'P****r', amount: 50 });
    expect(r.text).not.toContain('Lopez');
    expect(r.text).not.toContain(maria.email);
  });

  test('demo and off: no real data leaves the server', async () => {
    for (const mode of ['demo', 'off']) {
      const app = await makeApp({ TICKER_MODE: mode });
      const p = await createPlayer(app, { name: 'Real Person' });
      await withdrawal(app, p.userId, 10_000, 'completed', 1_000);
      expect((await call(app, 'GET', '/api/v1/ticker')).json).toEqual({ success: true, lines: [] });
    }
  });
});
