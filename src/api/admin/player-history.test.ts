import { afterAll, beforeAll, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { historyRow } from '../../services/wallet/history';

// More movements than a page holds: the deposit that explains a balance may be the oldest, and must be reachable
// (a page further on, and in the CSV) without opening the database.
const N = 60;
let app: TestApp;
let op: TestPlayer;
let p: TestPlayer;
const uuids: string[] = []; // oldest first

beforeAll(async () => {
  app = await makeApp();
  op = await createOperatorUser(app);
  p = await createPlayer(app);
  const base = Date.now() - N * 60_000;
  for (let i = 0; i < N; i++) {
    const uuid = `CR-OLD${String(i).padStart(4, '0')}`;
    uuids.push(uuid);
    await app.deps.database.client.execute(historyRow({ userId: p.userId, type: 'DEPOSIT', direction: 'in', status: 'completed', amountCents: 100 + i, transferId: null, uuid }, base + i * 60_000));
  }
});
afterAll(() => app.deps.database.client.close());

const admin = (path: string) => call(app, 'GET', `/api/v1/admin${path}`, undefined, { token: op.token });
const exports = async () => (await app.deps.database.client.execute({ sql: "SELECT * FROM audit_log WHERE action = 'player.history_export'" })).rows;

test('a player\'s history comes 50 a page, newest first, with its total; the oldest is on page 2', async () => {
  const first = await admin(`/players/${p.userId}`);
  expect(first.json.history).toHaveLength(50);
  expect(first.json.history[0].id).toBe(uuids[N - 1]);
  expect(first.json.historyPagination).toEqual({ page: 1, limit: 50, total: N, pages: 2 });
  const second = await admin(`/players/${p.userId}?historyPage=2`);
  expect(second.json.history.map((h: { id: string }) => h.id)).toEqual(uuids.slice(0, 10).reverse());
  expect(second.json.history.at(-1)).toMatchObject({ id: uuids[0], amount: 1, type: 'DEPOSIT' });
  expect(second.json.historyPagination).toMatchObject({ page: 2, total: N });
  for (const bad of ['0', '-1', 'x', '1.5']) {
    const r = await admin(`/players/${p.userId}?historyPage=${bad}`);
    expect([bad, r.status, r.json.errors?.[0]?.field]).toEqual([bad, 400, 'historyPage']);
  }
});

test('the console page pages the movements with the shared pager and links the CSV', async () => {
  const html = (await (await page(app, `/admin/players/${p.userId}`, { cookie: `token=${op.token}` })).text()).replaceAll('<!-- -->', '');
  expect(html).toContain(`Movements (${N})`);
  expect(html).toContain(`Page 1 of 2 (${N})`);
  expect(html).toContain(`href="/admin/players/${p.userId}?historyPage=2#movements"`);
  expect(html).toContain(`href="/api/v1/admin/players/${p.userId}/history.csv"`);
  // The oldest movement ($1.00) is not on the first page; the second page ends with it.
  expect(html).not.toContain('+$1.00<');
  const second = (await (await page(app, `/admin/players/${p.userId}?historyPage=2`, { cookie: `token=${op.token}` })).text()).replaceAll('<!-- -->', '');
  expect(second).toContain('<td data-label="Amount">+$1.00</td><td data-label="Status">completed</td><td data-label="Details"></td></tr></tbody>');
  expect(second).toContain(`href="/admin/players/${p.userId}?historyPage=1#movements">Previous</a>`);
  // A page number that is not one reads the first page instead of losing the whole screen.
  const odd = await page(app, `/admin/players/${p.userId}?historyPage=abc`, { cookie: `token=${op.token}` });
  expect(odd.status).toBe(200);
});

test('the per-player CSV holds the whole history in the player export\'s columns, and the export is audited', async () => {
  const r = await app.handle(new Request(`http://localhost:3000/api/v1/admin/players/${p.userId}/history.csv`, { headers: { authorization: `Bearer ${op.token}` } }));
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/csv');
  expect(r.headers.get('content-disposition')).toContain(`coinreel-player-${p.playerId}-history-`);
  const lines = (await r.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Date (UTC),Transaction ID,Type,Direction,Status,Amount (USD),Game,Counterparty,Order ID');
  expect(lines).toHaveLength(N + 1);
  expect(lines.at(-1)).toContain(`${uuids[0]},DEPOSIT,in,completed,1.00`);
  const rows = await exports();
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ actor_id: op.userId, target_type: 'user', target_id: p.userId });
});

test('the export is for operators only, and of a player that exists', async () => {
  expect((await call(app, 'GET', `/api/v1/admin/players/${p.userId}/history.csv`, undefined, { token: p.token })).status).toBe(403);
  expect((await call(app, 'GET', `/api/v1/admin/players/${p.userId}/history.csv`)).status).toBe(401);
  expect((await admin('/players/no-such-player/history.csv')).status).toBe(404);
  expect(await exports()).toHaveLength(1);
});
