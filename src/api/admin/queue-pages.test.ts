import { afterAll, beforeAll, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { QUEUE_PAGE_SIZE } from '../../services/admin/queues';

// More open withdrawals than one page holds: the oldest (the ones waiting longest) must still be reachable, and the
// operator must be told how many there are, not shown the newest few and nothing else.
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const N = QUEUE_PAGE_SIZE + 5;
let app: TestApp;
let op: TestPlayer;
const ids: string[] = [];
const deposits: string[] = [];

beforeAll(async () => {
  app = await makeApp({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '1', WITHDRAWAL_MAX_OPEN: String(N), WITHDRAWAL_DAILY_MAX_DOLLARS: '100000', DEPOSITS_WAITING_MAX: String(N) });
  op = await createOperatorUser(app);
  const p = await createPlayer(app);
  await fund(app, p.userId, N * 10_000 + 100_00);
  for (let i = 0; i < N; i++) {
    const r = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 }, { token: p.token });
    expect(r.status).toBe(200);
    ids.push(r.json.data.withdrawalId);
  }
  for (let i = 0; i < N; i++) {
    const r = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 5 }, { token: p.token });
    expect(r.status).toBe(200);
    deposits.push(r.json.data.depositId);
  }
}, 60_000);
afterAll(() => app.deps.database.client.close());

const admin = (path: string) => call(app, 'GET', `/api/v1/admin${path}`, undefined, { token: op.token });

test('the withdrawal queue comes a page at a time with its total; the oldest are on the last page', async () => {
  const first = await admin('/withdrawals?status=pending');
  expect(first.json.withdrawals).toHaveLength(QUEUE_PAGE_SIZE);
  expect(first.json.pagination).toEqual({ page: 1, limit: QUEUE_PAGE_SIZE, total: N, pages: 2 });
  const last = await admin('/withdrawals?status=pending&page=2');
  expect(last.json.withdrawals.map((w: { id: string }) => w.id)).toContain(ids[0]);
  const seen = new Set([...first.json.withdrawals, ...last.json.withdrawals].map((w: { id: string }) => w.id));
  expect(seen.size).toBe(N);
});

test('the deposit list likewise', async () => {
  const first = await admin('/deposits?status=pending');
  expect(first.json.deposits).toHaveLength(QUEUE_PAGE_SIZE);
  expect(first.json.pagination.total).toBe(N);
  expect((await admin('/deposits?status=pending&page=2')).json.deposits.map((d: { id: string }) => d.id)).toContain(deposits[0]);
});

test('the console pages say how many there are and link to the next page', async () => {
  for (const path of ['/admin/withdrawals', '/admin/deposits?status=pending']) {
    const html = (await (await page(app, path, { cookie: `token=${op.token}` })).text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Page 1 of 2 (${N})`);
    expect(html).toMatch(/href="\/admin\/(withdrawals|deposits)\?[^"]*page=2"/);
  }
  const html = await (await page(app, '/admin/withdrawals?page=2', { cookie: `token=${op.token}` })).text();
  expect(html).toContain(ids[0]);
});
