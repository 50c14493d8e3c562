import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { available } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { createFreeplayCode } from '../../services/wallet/freeplay';

let app: TestApp;
let p: TestPlayer;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await makeApp();
  p = await createPlayer(app);
});

const redeem = (who: TestPlayer, code: unknown) => call(app, 'POST', '/api/v1/freeplay/redeem', { code }, { token: who.token });
const make = (code: string, amountCents = 500, maxRedemptions = 10, expiresAt = Date.now() + DAY) =>
  createFreeplayCode(app.deps.database.client, { code, amountCents, maxRedemptions, expiresAt });

describe('freeplay redeem', () => {
  test('a good code credits the wallet once, with a history row and a notification', async () => {
    await make('WELCOME5');
    const r = await redeem(p, ' welcome5 ');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, walletAmount: 5 });
    expect(await available(app, p.userId)).toBe(500);
    const again = await redeem(p, 'WELCOME5');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('You have already redeemed this code.');
    expect(await available(app, p.userId)).toBe(500);
    const hist = await call(app, 'GET', '/api/v1/transaction/transaction-List/FREEPLAY', undefined, { token: p.token });
    expect(hist.json.TransactionList).toHaveLength(1);
    expect(hist.json.TransactionList[0]).toMatchObject({ type: 'FREEPLAY', amount: 5, orderId: 'WELCOME5' });
  });

  test('empty, unknown, expired and exhausted codes get clear messages and change nothing', async () => {
    const before = await available(app, p.userId);
    const empty = await redeem(p, '  ');
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ field: 'code', message: 'Please enter valid code' }]);
    expect((await redeem(p, 42)).status).toBe(400);
    const unknown = await redeem(p, 'NOPE-NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('This code is not valid.');
    await make('OLDCODE', 500, 10, Date.now() + 50);
    await Bun.sleep(80);
    const expired = await redeem(p, 'OLDCODE');
    expect(expired.json.message).toBe('This code has expired.');
    await make('ONLYONE', 300, 1);
    const other = await createPlayer(app);
    expect((await redeem(other, 'ONLYONE')).status).toBe(200);
    const exhausted = await redeem(p, 'ONLYONE');
    expect(exhausted.status).toBe(409);
    expect(exhausted.json.message).toBe('This code has reached its redemption limit.');
    expect(await available(app, p.userId)).toBe(before);
  });

  test('guessing is limited: after 20 tries in 15 minutes a player gets a 429 with Retry-After, others are unaffected', async () => {
    const guesser = await createPlayer(app);
    for (let i = 0; i < 20; i++) expect((await redeem(guesser, `GUESS-${i}`)).status).toBe(404);
    const blocked = await redeem(guesser, 'GUESS-21');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await make('AFTERGUESS', 100, 5);
    expect((await redeem(guesser, 'AFTERGUESS')).status).toBe(429);
    expect((await redeem(await createPlayer(app), 'AFTERGUESS')).status).toBe(200);
  });

  test('one player redeeming the same code twice at once: one success, one 409, one credit', async () => {
    await make('DOUBLECLICK', 700, 10);
    const q = await createPlayer(app);
    const results = await Promise.all([redeem(q, 'DOUBLECLICK'), redeem(q, 'DOUBLECLICK'), redeem(q, 'DOUBLECLICK')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.json.errorType).toBe('FREEPLAY_ALREADY_USED');
    expect(await available(app, q.userId)).toBe(700);
  });

  test('racing redemptions never pass the cap', async () => {
    await make('RACE3', 100, 3);
    const players = await Promise.all(Array.from({ length: 8 }, () => createPlayer(app)));
    const results = await Promise.all(players.map((x) => redeem(x, 'RACE3')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.json.message).toBe('This code has reached its redemption limit.');
    const row = await app.deps.database.client.execute("SELECT redemptions FROM freeplay_codes WHERE code = 'RACE3'");
    expect(Number(row.rows[0]!.redemptions)).toBe(3);
  });
});
