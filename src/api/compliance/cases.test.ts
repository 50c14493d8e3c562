import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { admin, withdraw } from '../../../tests/helpers/compliance';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { fileHits, hitStatement } from '../../services/compliance/hits';

// The operator's side of the cases: who may read them, the list and its filters, one case's facts, the menu's count
// and the Overview's, and the day's totals report.
let app: TestApp;
let op: TestPlayer;
let a: TestPlayer;
let b: TestPlayer;
beforeAll(async () => {
  app = await makeApp({ AML_MIN_PLAY_SHARE: '0.25', AML_REPORT_DOLLARS: '10000' });
  op = await createOperatorUser(app);
  a = await createPlayer(app, { name: 'Ann' });
  b = await createPlayer(app);
});

/** A hit written as the watch writes one, at a given time. */
const hit = (p: TestPlayer, rule: 'fan_in_out' | 'shared_accounts', at: number, facts: Record<string, unknown> = {}) =>
  app.deps.database.client.batch([hitStatement({ userId: p.userId, rule, ref: crypto.randomUUID(), at, facts }), ...fileHits()], 'write');

describe('who may read and decide cases', () => {
  test('a visitor 401, a player 403, on every case call', async () => {
    for (const [method, path] of [['GET', '/cases'], ['GET', '/cases/x'], ['POST', '/cases/x/clear'], ['POST', '/cases/x/escalate'], ['POST', `/players/${a.userId}/unfreeze`], ['GET', '/reports/daily-totals?date=2026-01-01'], ['GET', '/sanctions']] as const) {
      expect([path, (await call(app, method, `/api/v1/admin${path}`, method === 'POST' ? { reason: 'because' } : undefined)).status]).toEqual([path, 401]);
      expect([path, (await call(app, method, `/api/v1/admin${path}`, method === 'POST' ? { reason: 'because' } : undefined, { token: a.token })).status]).toEqual([path, 403]);
    }
  });
});

describe('the list and one case', () => {
  test('newest first; by status and by player (id, Player ID or e-mail); a bad filter is a 400', async () => {
    const t = Date.now();
    await hit(a, 'fan_in_out', t - 3000, { direction: 'in', players: 5, otherPlayers: [b.userId], totalCents: 12_345, from: t - 86_400_000, to: t - 3000 });
    await hit(b, 'shared_accounts', t - 2000, { via: 'device', accounts: 3 });
    await fund(app, a.userId, 50_000);
    await withdraw(app, a, { currency: 'BTC-LN', wallet_address: 'ann@wallet.example.com', amount: 20 });
    const all = (await admin(app, op, 'GET', '/cases')).json;
    expect(all.cases.map((c: any) => [c.email, c.rule])).toEqual([[a.email, 'in_out_without_play'], [b.email, 'shared_accounts'], [a.email, 'fan_in_out']]);
    expect(all.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
    for (const player of [a.userId, String(a.playerId), a.email.toUpperCase()])
      expect((await admin(app, op, 'GET', `/cases?player=${encodeURIComponent(player)}`)).json.cases.map((c: any) => c.rule)).toEqual(['in_out_without_play', 'fan_in_out']);
    expect((await admin(app, op, 'GET', '/cases?status=cleared')).json.cases).toEqual([]);
    expect((await admin(app, op, 'GET', '/cases?status=open')).json.cases).toHaveLength(3);
    expect((await admin(app, op, 'GET', '/cases?status=closed')).status).toBe(400);
    expect((await admin(app, op, 'GET', '/cases?page=0')).status).toBe(400);
  });

  test("a player's cash-out: not frozen and no case for a new player; an unknown player is a 404", async () => {
    const fresh = await createPlayer(app);
    const r = await admin(app, op, 'GET', `/players/${fresh.userId}/cash-out`);
    expect([r.status, r.json.data]).toEqual([200, { frozen: null, openCases: 0 }]);
    const none = await admin(app, op, 'GET', `/players/${crypto.randomUUID()}/cash-out`);
    expect([none.status, none.json.errorType]).toEqual([404, 'NOT_FOUND']);
  });

  test('a case: its rule and facts in dollars and ISO times, the other players named, the player\'s waiting withdrawals', async () => {
    const fan = (await admin(app, op, 'GET', `/cases?player=${a.userId}`)).json.cases.find((c: any) => c.rule === 'fan_in_out');
    const d = (await admin(app, op, 'GET', `/cases/${fan.id}`)).json.case;
    expect(d).toMatchObject({ rule: 'fan_in_out', title: 'Fan-in / fan-out', severity: 'medium', holds: false, status: 'open', hits: 1, cashOutFrozen: null });
    expect(d.facts[0]).toMatchObject({ direction: 'in', players: 5, total: 123.45 });
    expect(d.facts[0].from).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(d.otherPlayers).toEqual([{ userId: b.userId, email: b.email, playerId: b.playerId }]);
    expect(d.withdrawals.map((w: any) => [w.amount, w.held])).toEqual([[20, true]]);
    expect((await admin(app, op, 'GET', '/cases/no-such-case')).status).toBe(404);
    expect((await admin(app, op, 'POST', '/cases/no-such-case/clear', { reason: 'nothing here' })).status).toBe(404);
    expect((await admin(app, op, 'POST', `/cases/${fan.id}/dismiss`, { reason: 'nothing here' })).status).toBe(404);
    expect((await admin(app, op, 'POST', `/cases/${fan.id}/escalate`, { reason: 'no' })).json.errors).toEqual([{ field: 'reason', message: 'The reason must be 3 to 500 characters.' }]);
  });

  test('the menu counts open cases, kept live from the same call; the Overview has the count and the critical ones', async () => {
    const counts = (await admin(app, op, 'GET', '/counts')).json.data;
    const open = (await admin(app, op, 'GET', '/cases?status=open')).json.pagination.total;
    expect(counts.openCases).toBe(open);
    expect((await admin(app, op, 'GET', '/overview')).json.data).toMatchObject({ openCases: open, criticalCases: 0 });
    const fan = (await admin(app, op, 'GET', `/cases?player=${a.userId}`)).json.cases.find((c: any) => c.rule === 'fan_in_out');
    await admin(app, op, 'POST', `/cases/${fan.id}/clear`, { reason: 'Friends splitting a bill' });
    expect((await admin(app, op, 'GET', '/counts')).json.data.openCases).toBe(open - 1);
  });
});

describe('daily totals (AML_REPORT_DOLLARS 10,000)', () => {
  test('players whose deposits or withdrawals that UTC day reach it, with the legal name when verified; JSON and formula-safe CSV', async () => {
    const big = await createPlayer(app, { email: `=cmd-${crypto.randomUUID().slice(0, 4)}@example.com` });
    const below = await createPlayer(app);
    await fund(app, big.userId, 600_000);
    await fund(app, big.userId, 400_000);
    await fund(app, below.userId, 999_999);
    // A verified identity whose legal name a spreadsheet would run as a formula.
    await app.deps.database.client.execute({
      sql: `INSERT INTO identity_submissions (id, user_id, status, legal_name, date_of_birth, address_line1, city, state, postal_code, id_type, documents, created_at)
            VALUES (?, ?, 'verified', '=HYPERLINK("x")', '1980-01-01', '1 Main St', 'Town', 'NV', '89101', 'passport', '[]', ?)`,
      args: [crypto.randomUUID(), big.userId, Date.now()],
    });
    const day = new Date().toISOString().slice(0, 10);
    const r = (await admin(app, op, 'GET', `/reports/daily-totals?date=${day}`)).json;
    expect(r.threshold).toBe(10_000);
    const mine = r.players.filter((x: any) => [big.userId, below.userId].includes(x.userId));
    expect(mine).toEqual([{ userId: big.userId, playerId: big.playerId, email: big.email, legalName: '=HYPERLINK("x")', deposits: 10_000, depositCount: 2, withdrawals: 0, withdrawalCount: 0 }]);
    const csv = await call(app, 'GET', `/api/v1/admin/reports/daily-totals?date=${day}&format=csv`, undefined, { token: op.token });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="daily-totals-${day}.csv"`);
    const line = csv.text.split('\r\n').find((l) => l.includes(big.userId))!;
    expect(line).toBe(`${day},${big.playerId},${big.userId},'${big.email},"'=HYPERLINK(""x"")",10000.00,2,0.00,0`);
    expect(csv.text.split('\r\n')[0]).toBe('Date (UTC),Player ID,Player,E-mail,Legal name,Deposits (USD),Deposits,Withdrawals (USD),Withdrawals');
    // Another day holds none of it.
    expect((await admin(app, op, 'GET', '/reports/daily-totals?date=2001-01-01')).json.players).toEqual([]);
    for (const bad of ['', '2026-13-01', '2026-02-30', 'yesterday']) expect((await admin(app, op, 'GET', `/reports/daily-totals?date=${bad}`)).status).toBe(400);
  });
});
