import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { systemId, walletId } from '../../services/ledger/ledger.types';
import { OPERATOR_IDLE_MS } from '../../services/auth/sessions';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { submitIdentity } from '../../../tests/helpers/identity';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';

let app: TestApp;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const admin = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => call(app, method, `/api/v1/admin${path}`, body, { token: op.token, headers });
const audit = async (action: string) => (await app.deps.database.client.execute({ sql: 'SELECT * FROM audit_log WHERE action = ? ORDER BY created_at', args: [action] })).rows;

describe('lock and unlock', () => {
  test('a lock ends a live session at once, refuses sign-in with ACCOUNT_LOCKED, keeps the money; unlock restores sign-in', async () => {
    const p = await createPlayer(app);
    await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 700, code: 'FREEPLAY' });
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).status).toBe(200);
    expect((await admin('POST', `/players/${p.userId}/lock`, {})).json.errors[0].field).toBe('reason');
    const lock = await admin('POST', `/players/${p.userId}/lock`, { reason: 'chargeback fraud' });
    expect(lock.status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).status).toBe(401);
    const login = await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password });
    expect([login.status, login.json.errorType, login.json.message]).toEqual([403, 'ACCOUNT_LOCKED', 'This account is locked. Please contact support.']);
    expect((await app.deps.ledger.balance(walletId(p.userId))).availableCents).toBe(700);
    const [row] = await audit('player.lock');
    expect(row).toMatchObject({ actor_id: op.userId, actor_email: op.email, target_id: p.userId, reason: 'chargeback fraud' });
    expect(JSON.parse(String(row!.after))).toEqual({ locked: true, sessionsEnded: 1 });
    expect((await admin('POST', `/players/${p.userId}/lock`, { reason: 'again please' })).status).toBe(409);
    expect((await admin('POST', `/players/${p.userId}/unlock`, { reason: 'cleared' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password })).status).toBe(200);
    expect(await audit('player.unlock')).toHaveLength(1);
  });

  test('an operator cannot lock their own account; an unknown player is a 404', async () => {
    expect((await admin('POST', `/players/${op.userId}/lock`, { reason: 'oops mine' })).status).toBe(409);
    expect((await admin('POST', '/players/nobody/lock', { reason: 'nobody here' })).status).toBe(404);
  });
});

describe('adjust', () => {
  test('a signed amount moves between the wallet and house adjustments once, with history, notification and audit; never below zero', async () => {
    const p = await createPlayer(app);
    const key = { 'idempotency-key': 'adj-1' };
    const up = await admin('POST', `/players/${p.userId}/adjust`, { amount: 12.5, reason: 'goodwill for outage' }, key);
    expect([up.status, up.json.balance]).toEqual([200, 12.5]);
    // The confirmation names whose wallet, how much, and what it holds now.
    expect(up.json.message).toBe(`Wallet of ${p.email} credited with $12.50: its balance is now $12.50.`);
    const again = await admin('POST', `/players/${p.userId}/adjust`, { amount: 12.5, reason: 'goodwill for outage' }, key);
    expect(again.json.balance).toBe(12.5);
    expect((await app.deps.ledger.balance(walletId(p.userId))).availableCents).toBe(1250);
    expect((await app.deps.ledger.balance(systemId('house_adjustments'))).balanceCents).toBe(-1250);
    const down = await admin('POST', `/players/${p.userId}/adjust`, { amount: -2.5, reason: 'duplicate credit' });
    expect([down.json.balance, down.json.message]).toEqual([10, `Wallet of ${p.email} debited $2.50: its balance is now $10.00.`]);
    const over = await admin('POST', `/players/${p.userId}/adjust`, { amount: -10.01, reason: 'too much' });
    expect([over.status, over.json.errorType, over.json.errors[0].field]).toEqual([409, 'INSUFFICIENT_FUNDS', 'amount']);
    for (const bad of [{ amount: 0, reason: 'zero amount' }, { amount: '5', reason: 'text amount' }, { amount: 1.234, reason: 'three decimals' }, { amount: 5 }, { amount: 5, reason: 'x' }])
      expect((await admin('POST', `/players/${p.userId}/adjust`, bad)).status).toBe(400);
    expect((await app.deps.ledger.balance(walletId(p.userId))).availableCents).toBe(1000);
    const history = await call(app, 'GET', '/api/v1/transaction/transaction-List/ADJUSTMENT', undefined, { token: p.token });
    expect(history.status).toBe(200);
    // The player's history says why, on the ADJUSTMENT tab and on All alike.
    expect(history.json.TransactionList.map((t: { amount: number; reason?: string }) => [t.amount, t.reason])).toEqual([[2.5, 'duplicate credit'], [12.5, 'goodwill for outage']]);
    const all = await call(app, 'GET', '/api/v1/transaction/transaction-List/ALL', undefined, { token: p.token });
    expect(all.json.TransactionList[0]).toMatchObject({ type: 'ADJUSTMENT', direction: 'out', amount: 2.5, reason: 'duplicate credit' });
    const rows = (await app.deps.database.client.execute({ sql: "SELECT direction, amount_cents FROM transactions WHERE user_id = ? AND type = 'ADJUSTMENT' ORDER BY created_at", args: [p.userId] })).rows;
    expect(rows.map((r) => [r.direction, r.amount_cents])).toEqual([['in', 1250], ['out', 250]]);
    const trail = (await audit('player.adjust')).filter((r) => r.target_id === p.userId);
    expect(trail.map((r) => r.reason)).toEqual(['goodwill for outage', 'duplicate credit']);
    expect(JSON.parse(String(trail[1]!.after))).toMatchObject({ balanceCents: 1000, amountCents: -250 });
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test("an operator's wallet, their own or another's, cannot be adjusted: nothing moves, nothing is audited", async () => {
    const other = await createOperatorUser(app);
    for (const target of [op, other]) {
      const before = await app.deps.ledger.balance(walletId(target.userId));
      const r = await admin('POST', `/players/${target.userId}/adjust`, { amount: 100, reason: 'self credit' });
      expect([r.status, r.json.message]).toEqual([403, "An operator's wallet cannot be adjusted: adjustments are for players."]);
      expect((await app.deps.ledger.balance(walletId(target.userId))).availableCents).toBe(before.availableCents);
      expect((await audit('player.adjust')).filter((x) => x.target_id === target.userId)).toEqual([]);
    }
  });
});

describe('search and detail', () => {
  test('finds by e-mail part, Player ID or id, and shows balance, history and open sessions', async () => {
    const p = await createPlayer(app, { email: 'findme.unique@example.com', name: 'Dana Lee' });
    for (const q of ['findme.unique', String(p.playerId), p.userId, 'dana']) {
      const r = await admin('GET', `/players?q=${encodeURIComponent(q)}`);
      expect(r.json.players.map((x: { id: string }) => x.id)).toEqual([p.userId]);
    }
    // The legal name given with identity documents finds the player too.
    const q = await createPlayer(app, { name: 'Q' });
    expect((await submitIdentity(app, q, { legalName: 'Roberta Quinlan-Smith' })).status).toBe(201);
    expect((await admin('GET', `/players?q=${encodeURIComponent('quinlan')}`)).json.players.map((x: { id: string }) => x.id)).toEqual([q.userId]);
    expect((await admin('GET', '/players?page=0')).status).toBe(400);
    const d = await admin('GET', `/players/${p.userId}`);
    expect(d.json.player).toMatchObject({ email: 'findme.unique@example.com', balance: 0, locked: false });
    expect(d.json.sessions).toHaveLength(1);
  });

  test('the list says whether each player has verified their e-mail', async () => {
    const verified = await createPlayer(app, { email: 'verified.listed@example.com' });
    const unverified = await createPlayer(app, { email: 'unverified.listed@example.com', verified: false });
    const listed = (await admin('GET', `/players?q=${encodeURIComponent('verified.listed')}`)).json.players as { id: string; emailVerified: boolean }[];
    expect(Object.fromEntries(listed.map((x) => [x.id, x.emailVerified]))).toEqual({ [verified.userId]: true, [unverified.userId]: false });
  });
});

describe('operator sessions', () => {
  test('end after 8 hours without activity; each use pushes the end back', async () => {
    const login = await call(app, 'POST', '/api/v1/login', { email: op.email, password: op.password, remember: true });
    const sid = (await app.deps.database.client.execute({ sql: 'SELECT id, expires_at, created_at FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1', args: [op.userId] })).rows[0]!;
    expect(Number(sid.expires_at) - Number(sid.created_at)).toBe(OPERATOR_IDLE_MS);
    // Pretend the last activity was 7 hours ago: a use now slides the end to 8 hours from now.
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ?', args: [Date.now() + 3_600_000, sid.id] });
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: login.json.token })).status).toBe(200);
    const after = (await app.deps.database.client.execute({ sql: 'SELECT expires_at FROM sessions WHERE id = ?', args: [sid.id] })).rows[0]!;
    expect(Number(after.expires_at)).toBeGreaterThan(Date.now() + OPERATOR_IDLE_MS - 5000);
    // 8 idle hours later it is over.
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ?', args: [Date.now() - 1, sid.id] });
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: login.json.token })).status).toBe(401);
  });
});
