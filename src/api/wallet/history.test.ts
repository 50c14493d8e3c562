import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

let app: TestApp;
let a: TestPlayer;
let b: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  a = await createPlayer(app);
  b = await createPlayer(app);
  await fund(app, a.userId, 100_000);
  for (let i = 1; i <= 23; i++) {
    const r = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: b.email, amount: i }, { token: a.token });
    expect(r.status).toBe(200);
  }
});

const list = (who: TestPlayer, q: string) => call(app, 'GET', `/api/v1/transaction/transaction-List/${q}`, undefined, { token: who.token });

describe('transaction history', () => {
  test('pages of 10 by default, newest first, with the spec pagination', async () => {
    const p1 = await list(a, 'P2P');
    expect(p1.status).toBe(200);
    expect(p1.json.TransactionList).toHaveLength(10);
    expect(p1.json.TransactionList[0].amount).toBe(23);
    expect(p1.json.pagination).toEqual({ totalPages: 3, totalUsers: 23, limit: 10, currentPage: 1 });
    const p3 = await list(a, 'P2P?page=3');
    expect(p3.json.TransactionList.map((t: { amount: number }) => t.amount)).toEqual([3, 2, 1]);
    const big = await list(a, 'P2P?limit=100');
    expect(big.json.TransactionList).toHaveLength(23);
    // A page past the end has no row to carry the count; the total is still right.
    const past = await list(a, 'P2P?page=9');
    expect(past.json.TransactionList).toEqual([]);
    expect(past.json.pagination).toEqual({ totalPages: 3, totalUsers: 23, limit: 10, currentPage: 9 });
  });

  test('ALL lists every type of the player newest first, with its own total; other players\' rows never', async () => {
    const [c, d] = [await createPlayer(app), await createPlayer(app)];
    await fund(app, c.userId, 5_000);
    await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: d.email, amount: 2 }, { token: c.token });
    const all = await list(c, 'ALL');
    const p2p = await list(c, 'P2P');
    expect(all.status).toBe(200);
    expect(all.json.TransactionList.map((t: { type: string }) => t.type)).toContain('P2P');
    expect(all.json.TransactionList.every((t: { transactionUuid: string; type: string }) => !p2p.json.TransactionList.some((x: { transactionUuid: string }) => x.transactionUuid === t.transactionUuid) || t.type === 'P2P')).toBe(true);
    expect(all.json.pagination.totalUsers).toBe(all.json.TransactionList.length);
    const byType = await Promise.all(['TRANSFER', 'REDEEM', 'DEPOSIT', 'WITHDRAW', 'P2P', 'FREEPLAY', 'ADJUSTMENT'].map(async (t) => (await list(c, t)).json.pagination.totalUsers as number));
    expect(all.json.pagination.totalUsers).toBe(byType.reduce((x, y) => x + y, 0));
    // b received 23: all theirs, none of a's outgoing rows; d only its one incoming row.
    const bAll = await list(b, 'all?limit=100');
    expect(bAll.json.pagination.totalUsers).toBe(23);
    expect(bAll.json.TransactionList.every((t: { direction: string }) => t.direction === 'in')).toBe(true);
    expect((await list(d, 'ALL')).json.TransactionList.map((t: { direction: string; amount: number }) => [t.direction, t.amount])).toEqual([['in', 2]]);
    const past = await list(c, 'ALL?page=9');
    expect([past.json.TransactionList, past.json.pagination.totalUsers]).toEqual([[], all.json.pagination.totalUsers]);
  });

  test('each player sees only their own rows', async () => {
    const mine = await list(b, 'P2P?limit=100');
    expect(mine.json.TransactionList).toHaveLength(23);
    expect(mine.json.TransactionList.every((t: { direction: string }) => t.direction === 'in')).toBe(true);
    const stranger = await createPlayer(app);
    const none = await list(stranger, 'P2P?userId=' + a.userId);
    expect(none.json.TransactionList).toEqual([]);
    expect(none.json.pagination.totalUsers).toBe(0);
  });

  test('every history type answers; bad type, page and limit are 400s', async () => {
    for (const t of ['TRANSFER', 'REDEEM', 'DEPOSIT', 'WITHDRAW', 'P2P', 'FREEPLAY']) expect((await list(a, t)).status).toBe(200);
    for (const q of ['BOGUS', 'P2P?page=0', 'P2P?page=-1', 'P2P?page=abc', 'P2P?limit=101', 'P2P?limit=0', 'P2P?page=1.5']) {
      const r = await list(a, q);
      expect(r.status).toBe(400);
      expect(r.json.success).toBe(false);
    }
    expect((await call(app, 'GET', '/api/v1/transaction/transaction-List/P2P')).status).toBe(401);
  });

  test('notifications page with the spec shape', async () => {
    const r = await call(app, 'GET', '/api/v1/notification?limit=10&page=2', undefined, { token: b.token });
    expect(r.json.getlist).toHaveLength(10);
    expect(r.json.pagination).toEqual({ totalPages: 3, currentPage: 2, totalUsers: 23 });
    expect(r.json.getlist[0]).toMatchObject({ notificationType: 'P2P_RECEIVED' });
    expect(typeof r.json.getlist[0].createdAt).toBe('string');
  });
});
