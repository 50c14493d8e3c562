import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, moveTo, redeemFrom } from '../../../tests/helpers/games';
import { available, fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';

let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeApp({ GAME_PROVIDER: 'manual' });
  p = await createPlayer(app);
  op = await createOperatorUser(app);
  await fund(app, p.userId, 10_000);
});
afterAll(() => app.deps.database.client.close());

const admin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => call(app, method, `/api/v1/admin${path}`, body, { token: op.token, headers });
const trail = async (action: string) => (await app.deps.database.client.execute({ sql: 'SELECT * FROM audit_log WHERE action = ?', args: [action] })).rows;
const tasks = async (status = 'open') => (await admin('GET', `/game-tasks?status=${status}`)).json.tasks as any[];
const ledgerOk = async () => expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);

describe('manual game tasks', () => {
  test('account tasks complete with a reference; a load completes (posted), a failed load returns the held credits', async () => {
    await gameAccounts(app, p);
    for (const t of await tasks()) expect((await admin('POST', `/game-tasks/${t.id}/complete`, { reference: `BO-${t.gameId}` })).status).toBe(200);
    const accounts = await gameAccounts(app, p);
    const vblink = accounts.vblink.gameCredentialId.userName;
    expect((await moveTo(app, p, { gameId: 'vblink', userName: vblink, amount: 20 })).status).toBeLessThan(300);
    const load = (await tasks()).find((t) => t.kind === 'load');
    expect(load).toMatchObject({ amount: 20, userName: vblink });
    expect(await available(app, p.userId)).toBe(8_000);
    expect((await admin('POST', `/game-tasks/${load.id}/complete`, {})).json.errors[0].field).toBe('reference');
    // A load is confirmed for what was asked: another figure is refused, and the task stays open.
    const other = await admin('POST', `/game-tasks/${load.id}/complete`, { reference: 'VB-7780', amount: 50 });
    expect([other.status, other.json.errors]).toEqual([400, [{ field: 'amount', message: 'A load is confirmed for the $20.00 asked: leave the amount out.' }]]);
    expect((await tasks()).find((t) => t.id === load.id)).toMatchObject({ status: 'open' });
    expect((await admin('POST', `/game-tasks/${load.id}/complete`, { reference: 'VB-7781' })).status).toBe(200);
    expect((await admin('POST', `/game-tasks/${load.id}/fail`, { reason: 'too late' })).status).toBe(409);
    expect(await available(app, p.userId)).toBe(8_000);
    await moveTo(app, p, { gameId: 'vblink', userName: vblink, amount: 15 });
    const second = (await tasks()).find((t) => t.kind === 'load');
    expect((await admin('POST', `/game-tasks/${second.id}/fail`, { reason: 'Back office is down' })).status).toBe(200);
    expect(await available(app, p.userId)).toBe(8_000);
    const notes = await call(app, 'GET', '/api/v1/notification?limit=20&page=1', undefined, { token: p.token });
    expect(JSON.stringify(notes.json)).toContain('Back office is down');
    expect((await trail('game_task.complete')).length).toBeGreaterThanOrEqual(3);
    expect(await trail('game_task.fail')).toHaveLength(1);
    await ledgerOk();
  });

  test('a game made inactive leaves the player\'s lists and refuses transfers, but redeems still work', async () => {
    const userName = (await gameAccounts(app, p)).vblink.gameCredentialId.userName;
    const off = await admin('PATCH', '/games/vblink', { active: false, reason: 'vendor outage' });
    expect([off.status, off.json.game.active]).toEqual([200, false]);
    expect(Object.keys(await gameAccounts(app, p))).toEqual(['ultra-panda']);
    expect((await moveTo(app, p, { gameId: 'vblink', userName, amount: 5 })).status).toBe(404);
    const redeem = await redeemFrom(app, p, { gameId: 'vblink', userName, amount: 5 });
    expect(redeem.status).toBeLessThan(300);
    expect((await admin('PATCH', '/games/vblink', { active: 'no' })).status).toBe(400);
    expect((await admin('PATCH', '/games/vblink', { downloadUrl: 'javascript:alert(1)' })).status).toBe(400);
    const link = await admin('PATCH', '/games/vblink', { active: true, downloadUrl: 'https://vb.example.com/get' });
    expect(link.json.game).toMatchObject({ active: true, downloadUrl: 'https://vb.example.com/get' });
    expect((await admin('PATCH', '/games/nope', { active: true })).status).toBe(404);
    expect(await trail('game.update')).toHaveLength(2);
  });
});

describe('freeplay codes', () => {

  test('issued with or without a code, redeemed by a player, listed with redemptions, then disabled', async () => {
    const mine = await admin('POST', '/freeplay-codes', { code: 'spring5', amount: 5, cap: 10, expiresAt: '2099-01-01' }, { 'idempotency-key': 'code-1' });
    expect([mine.status, mine.json.code.code]).toEqual([201, 'SPRING5']);
    // A date alone is the whole of that day.
    expect(mine.json.code.expiresAt).toBe('2099-01-01T23:59:59.999Z');
    const replay = await admin('POST', '/freeplay-codes', { code: 'spring5', amount: 5, cap: 10, expiresAt: '2099-01-01' }, { 'idempotency-key': 'code-1' });
    expect(replay.status).toBe(201);
    const random = await admin('POST', '/freeplay-codes', { amount: 2.5, cap: 1, expiresAt: '2099-01-01' });
    expect(random.json.code.code).toMatch(/^[A-Z0-9]{10}$/);
    for (const bad of [{ amount: 0, cap: 1, expiresAt: '2099-01-01' }, { amount: 5, cap: 0, expiresAt: '2099-01-01' }, { amount: 5, cap: 1, expiresAt: '2001-01-01' }, { amount: 5, cap: 1, expiresAt: 'soon' }, { code: 'a b', amount: 5, cap: 1, expiresAt: '2099-01-01' }])
      expect((await admin('POST', '/freeplay-codes', bad)).status).toBe(400);
    const taken = await admin('POST', '/freeplay-codes', { code: 'SPRING5', amount: 5, cap: 1, expiresAt: '2099-01-01' });
    expect([taken.status, taken.json.message]).toEqual([409, 'The code SPRING5 already exists: choose another, or give none for a random one.']);
    expect((await call(app, 'POST', '/api/v1/freeplay/redeem', { code: 'spring5' }, { token: p.token })).status).toBe(200);
    const list = (await admin('GET', '/freeplay-codes')).json.codes.find((c: any) => c.code === 'SPRING5');
    expect(list).toMatchObject({ redemptions: 1, recentRedeemers: [p.email], disabled: false });
    expect((await admin('POST', '/freeplay-codes/spring5/disable', { reason: 'leaked on a forum' })).status).toBe(200);
    const other = await createPlayer(app);
    expect((await call(app, 'POST', '/api/v1/freeplay/redeem', { code: 'SPRING5' }, { token: other.token })).status).toBe(404);
    expect((await admin('POST', '/freeplay-codes/SPRING5/disable', {})).status).toBe(409);
    expect((await trail('code.create')).length).toBe(2);
    expect(await trail('code.disable')).toHaveLength(1);
  });
});

describe('deposits, overview and the audit trail', () => {
  test('recent deposits with their invoice state; recheck re-reads the invoice and is audited', async () => {
    const d = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 25 }, { token: p.token });
    expect(d.status).toBeLessThan(300);
    const list = (await admin('GET', '/deposits?status=pending')).json.deposits;
    const dep = list.find((x: any) => x.userId === p.userId);
    expect(dep).toMatchObject({ amount: 25, credited: 0, status: 'pending' });
    await app.deps.simulator!.simulate(dep.invoiceId, 'pay');
    await app.deps.deposits.idle();
    const r = await admin('POST', `/deposits/${dep.id}/recheck`, {});
    expect([r.status, r.json.status, r.json.credited]).toEqual([200, 'completed', 25]);
    expect((await admin('POST', '/deposits/nope/recheck', {})).status).toBe(404);
    expect(await trail('deposit.recheck')).toHaveLength(1);
  });

  test('overview in dollars, and the audit filters and CSV', async () => {
    const o = (await admin('GET', '/overview')).json.data;
    expect(o).toMatchObject({ openWithdrawals: 0, payments: { provider: 'sandbox', ok: true }, ledgerVerify: { ok: true } });
    expect(typeof o.liabilities).toBe('number');
    // The menu's counts are the overview's, without its slow parts.
    expect((await admin('GET', '/counts')).json.data).toEqual({ openWithdrawals: o.openWithdrawals, withdrawalsAwaitingApproval: o.withdrawalsAwaitingApproval, openGameTasks: o.openGameTasks, openIdentity: 0, openCases: o.openCases });
    expect(o.liabilities).toBeGreaterThan(0);
    const all = await admin('GET', '/audit');
    expect(all.json.pagination.total).toBeGreaterThan(5);
    const only = await admin('GET', '/audit?action=code.disable');
    expect(only.json.entries.map((e: any) => e.targetId)).toEqual(['SPRING5']);
    // An action's first word finds all of its kind; a part of a word finds nothing.
    expect(new Set((await admin('GET', '/audit?action=code')).json.entries.map((e: any) => e.action))).toEqual(new Set(['code.create', 'code.disable']));
    expect((await admin('GET', '/audit?action=cod')).json.entries).toEqual([]);
    expect((await admin('GET', `/audit?actor=${encodeURIComponent(op.email)}&from=2000-01-01&to=2099-01-01`)).json.pagination.total).toBe(all.json.pagination.total);
    expect((await admin('GET', '/audit?from=yesterday')).status).toBe(400);
    // A From after To is refused as such, not answered with an empty list.
    const backwards = await admin('GET', '/audit?from=2030-02-01&to=2030-01-01');
    expect([backwards.status, backwards.json.errors]).toEqual([400, [{ field: 'from', message: 'from must be before to.' }]]);
    expect((await admin('GET', '/audit?from=2030-01-01&to=2030-01-01')).status).toBe(200);
    const csv = await call(app, 'GET', '/api/v1/admin/audit.csv?action=code.disable', undefined, { token: op.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text.split('\r\n')[1]).toContain('code.disable');
  });
});

describe('freeplay code expiry', () => {
  test('an expiry given as a date lasts to the end of that day (UTC), so today is a valid expiry; a date-time is kept as given', async () => {
    expect((await admin('POST', '/freeplay-codes', { amount: 1, cap: 1, expiresAt: '2099-01-01T12:00:00Z' })).json.code.expiresAt).toBe('2099-01-01T12:00:00.000Z');
    const today = new Date().toISOString().slice(0, 10);
    const made = await admin('POST', '/freeplay-codes', { amount: 1, cap: 1, expiresAt: today });
    expect([made.status, made.json.code.expiresAt]).toEqual([201, `${today}T23:59:59.999Z`]);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await admin('POST', '/freeplay-codes', { amount: 1, cap: 1, expiresAt: yesterday })).json.errors).toEqual([{ field: 'expiresAt', message: 'The expiry must be in the future.' }]);
  });
});
