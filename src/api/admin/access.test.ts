import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';

// Every operator route, with a body that would be accepted, so only the access check can refuse it.
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/v1/admin/overview'],
  ['GET', '/api/v1/admin/counts'],
  ['GET', '/api/v1/admin/players?q=a'],
  ['GET', '/api/v1/admin/players/PLAYER'],
  ['POST', '/api/v1/admin/players/PLAYER/lock', { reason: 'access test' }],
  ['POST', '/api/v1/admin/players/PLAYER/unlock', { reason: 'access test' }],
  ['POST', '/api/v1/admin/players/PLAYER/adjust', { amount: 1, reason: 'access test' }],
  ['GET', '/api/v1/admin/withdrawals?status=pending'],
  ['POST', '/api/v1/admin/withdrawals/x/approve', {}],
  ['POST', '/api/v1/admin/withdrawals/x/reject', { reason: 'access test' }],
  ['GET', '/api/v1/admin/game-tasks'],
  ['POST', '/api/v1/admin/game-tasks/x/complete', { reference: 'BO-1' }],
  ['POST', '/api/v1/admin/game-tasks/x/fail', { reason: 'access test' }],
  ['GET', '/api/v1/admin/deposits'],
  ['POST', '/api/v1/admin/deposits/x/recheck', {}],
  ['GET', '/api/v1/admin/freeplay-codes'],
  ['POST', '/api/v1/admin/freeplay-codes', { amount: 1, cap: 1, expiresAt: '2099-01-01' }],
  ['POST', '/api/v1/admin/freeplay-codes/NOPE/disable', {}],
  ['GET', '/api/v1/admin/games'],
  ['PATCH', '/api/v1/admin/games/vblink', { active: true }],
  ['GET', '/api/v1/admin/audit'],
  ['GET', '/api/v1/admin/audit.csv'],
  ['GET', '/api/v1/admin/no-such-thing'],
];

let app: TestApp;
let player: TestPlayer;
let operator: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
  operator = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const path = (p: string) => p.replace('PLAYER', player.userId);

describe('every operator route', () => {
  test('a visitor gets 401 and nothing else', async () => {
    for (const [method, p, body] of ROUTES) {
      const r = await call(app, method, path(p), body);
      expect([method, p, r.status, r.json?.errorType]).toEqual([method, p, 401, 'UNAUTHORIZED']);
      expect(Object.keys(r.json).sort()).toEqual(['errorType', 'message', 'success']);
    }
  });

  test('a player gets 403 FORBIDDEN, the same words on every path, and nothing changes', async () => {
    const messages = new Set<string>();
    for (const [method, p, body] of ROUTES) {
      const r = await call(app, method, path(p), body, { token: player.token, headers: { 'idempotency-key': crypto.randomUUID() } });
      expect([method, p, r.status, r.json?.errorType]).toEqual([method, p, 403, 'FORBIDDEN']);
      messages.add(r.json.message);
    }
    expect(messages.size).toBe(1);
    const audit = await app.deps.database.client.execute('SELECT count(*) AS n FROM audit_log');
    expect(Number(audit.rows[0]!.n)).toBe(0);
    const locked = await app.deps.database.client.execute({ sql: 'SELECT locked_at FROM users WHERE id = ?', args: [player.userId] });
    expect(locked.rows[0]!.locked_at).toBeNull();
  });

  test('an operator gets through the check on each (a 2xx, or the route\'s own 404 / 409 / 400)', async () => {
    for (const [method, p, body] of ROUTES) {
      const r = await call(app, method, path(p), body, { token: operator.token });
      expect([method, p, r.status === 401 || r.status === 403 || r.status >= 500]).toEqual([method, p, false]);
    }
  });

  test('a revoked operator session is a visitor again', async () => {
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ?', args: [Date.now(), operator.sessionId] });
    const r = await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: operator.token });
    expect(r.status).toBe(401);
  });
});
