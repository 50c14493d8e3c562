// A stolen operator password alone must not move money: with OPERATOR_TWO_STEP=required (production's default)
// the console, API and pages alike, waits until the operator has turned two-step verification on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, page, type TestApp } from '../../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import { loadConfig } from '../../config';

const clock = testClock();
let app: TestApp;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const cookie = (p: TestPlayer) => ({ cookie: `token=${p.token}` });

describe('OPERATOR_TWO_STEP=required', () => {
  test('without two-step: the console API says so with the link, its pages send the operator to turn it on; nothing moves', async () => {
    const p = await createPlayer(app);
    const api = await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: op.token });
    expect([api.status, api.json]).toEqual([403, { success: false, message: 'The operator console needs two-step verification: turn it on in your profile settings first.', errorType: 'TWO_STEP_REQUIRED', link: '/profile-setting?two-step=required#two-step' }]);
    const adjust = await call(app, 'POST', `/api/v1/admin/players/${p.userId}/adjust`, { amount: 100, reason: 'stolen password' }, { token: op.token });
    expect(adjust.status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount).toBe(0);
    const console_ = await page(app, '/admin/withdrawals', cookie(op));
    expect([console_.status, console_.headers.get('location')]).toEqual([303, '/profile-setting?two-step=required#two-step']);
    const profile = await (await page(app, '/profile-setting?two-step=required', cookie(op))).text();
    expect(profile).toContain('The operator console needs two-step verification: turn it on in your profile settings first.');
    // A player's own pages and calls are not affected, nor is a player told anything about the console.
    expect((await page(app, '/admin', cookie(p))).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: p.token })).json.errorType).toBe('FORBIDDEN');
  });

  test('with two-step on, the console opens', async () => {
    const other = await createOperatorUser(app);
    await turnOnTwoStep(app, other, clock.t);
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: other.token })).status).toBe(200);
    expect((await page(app, '/admin', cookie(other))).status).toBe(200);
  });
});

test('required by default in production, optional elsewhere unless set', () => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'a'.repeat(64), DOCUMENT_KEY: 'b'.repeat(64), SMTP_URL: 'smtp://localhost:25', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };
  expect(loadConfig(prod).operatorTwoStep).toBe(true);
  expect(loadConfig({ ...prod, OPERATOR_TWO_STEP: 'optional' }).operatorTwoStep).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development' }).operatorTwoStep).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development', OPERATOR_TWO_STEP: 'required' }).operatorTwoStep).toBe(true);
});
