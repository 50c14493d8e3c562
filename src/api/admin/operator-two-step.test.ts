// A stolen operator password alone must not move money: with OPERATOR_TWO_STEP=required (production's default)
// the console, API and pages alike, opens only for a session that passed the second factor when it signed in.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, page, type TestApp } from '../../../tests/helpers/app';
import { rows } from '../../../tests/helpers/accounts';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import { loadConfig } from '../../config';

const clock = testClock();
let app: TestApp;
let op: TestPlayer;
beforeAll(async () => {
  app = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'required' });
  op = await createOperatorUser(app);
});
afterAll(() => app.deps.database.client.close());

const cookie = (token: string) => ({ cookie: `token=${token}` });
const TURN_ON = { success: false, message: 'The operator console needs two-step verification: turn it on in your profile settings first.', errorType: 'TWO_STEP_REQUIRED', link: '/profile-setting?two-step=required#two-step' };
const SIGN_IN_AGAIN = {
  success: false, message: 'The operator console opens only for a sign-in with your two-step code. Sign out, then sign in again with your email, password and code.',
  errorType: 'TWO_STEP_REQUIRED', link: '/profile-setting?two-step=sign-in-again#two-step',
};

/** A sign-in through the API, as a browser or a script would: the password, and the code when one is given. */
async function signIn(p: TestPlayer, totp?: string): Promise<string> {
  const r = await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, ...(totp && { totp }) });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  return r.json.token;
}
const overview = (token: string) => call(app, 'GET', '/api/v1/admin/overview', undefined, { token });

describe('OPERATOR_TWO_STEP=required', () => {
  test('without two-step: the console API says so with the link, its pages send the operator to turn it on; nothing moves', async () => {
    const p = await createPlayer(app);
    const api = await overview(op.token);
    expect([api.status, api.json]).toEqual([403, TURN_ON]);
    const adjust = await call(app, 'POST', `/api/v1/admin/players/${p.userId}/adjust`, { amount: 100, reason: 'stolen password' }, { token: op.token });
    expect(adjust.status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount).toBe(0);
    const console_ = await page(app, '/admin/withdrawals', cookie(op.token));
    expect([console_.status, console_.headers.get('location')]).toEqual([303, '/profile-setting?two-step=required#two-step']);
    const profile = await (await page(app, '/profile-setting?two-step=required', cookie(op.token))).text();
    expect(profile).toContain('The operator console needs two-step verification: turn it on in your profile settings first.');
    // A player's own pages and calls are not affected, nor is a player told anything about the console.
    expect((await page(app, '/admin', cookie(p.token))).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/admin/overview', undefined, { token: p.token })).json.errorType).toBe('FORBIDDEN');
  });

  // The thief who cannot read the mailbox never gets this far (operator-two-step-mail.test.ts); this is the session
  // that turned it on with the mailed link, which signed in with the password alone all the same.
  test('the session that turned two-step on (the mailed link included) is still shut out until it signs in with the code', async () => {
    const victim = await createOperatorUser(app);
    const p = await createPlayer(app);
    const stolen = await signIn(victim);
    expect((await overview(stolen)).json).toEqual(TURN_ON);
    clock.step();
    await turnOnTwoStep(app, { ...victim, token: stolen }, clock.t);
    // The same password-only session: the API, a money call and the pages all stay shut.
    const api = await overview(stolen);
    expect([api.status, api.json]).toEqual([403, SIGN_IN_AGAIN]);
    expect((await call(app, 'POST', `/api/v1/admin/players/${p.userId}/adjust`, { amount: 100, reason: 'thief' }, { token: stolen })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount).toBe(0);
    for (const path of ['/admin', '/admin/withdrawals', `/admin/players/${p.userId}`]) {
      const res = await page(app, path, cookie(stolen));
      expect([path, res.status, res.headers.get('location')]).toEqual([path, 303, '/profile-setting?two-step=sign-in-again#two-step']);
    }
    // Where it sends them says what to do, with a sign-out that comes back to the console after the code.
    const profile = await (await page(app, '/profile-setting?two-step=sign-in-again', cookie(stolen))).text();
    expect(profile).toContain('The operator console opens only for a sign-in with your two-step code.');
    expect(profile).toMatch(/<form action="\/logout" method="post"><input type="hidden" name="_token" value="[^"]+"\/><input type="hidden" name="next" value="\/admin".*Sign out and sign in with your code/s);
    // The owner's session that was open before is over (turning two-step on ends every other session).
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: victim.token })).status).toBe(401);
  });

  test('a session that signed in with the password before two-step was on stays shut out once it is on', async () => {
    const owner = await createOperatorUser(app);
    // A session row as it was before sessions said how they signed in (the column's default): password-only.
    const earlier = await createOperatorUser(app, { email: `earlier.${crypto.randomUUID().slice(0, 6)}@example.com` });
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET user_id = ? WHERE id = ?', args: [owner.userId, earlier.sessionId] });
    clock.step();
    await turnOnTwoStep(app, owner, clock.t);
    // Turning it on ended the other session; had it survived (its row put back), the console would still refuse it.
    expect((await overview(earlier.token)).status).toBe(401);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = NULL WHERE id = ?', args: [earlier.sessionId] });
    expect((await overview(earlier.token)).json).toEqual(SIGN_IN_AGAIN);
    expect((await page(app, '/admin', cookie(earlier.token))).headers.get('location')).toBe('/profile-setting?two-step=sign-in-again#two-step');
  });

  test('signing in again with the code, or a recovery code, opens the console; the session records which', async () => {
    const other = await createOperatorUser(app);
    clock.step();
    const { secret, recoveryCodes } = await turnOnTwoStep(app, other, clock.t);
    expect((await overview(other.token)).json).toEqual(SIGN_IN_AGAIN);
    clock.step();
    const withCode = await signIn(other, codeFor(secret, clock.t));
    expect((await overview(withCode)).status).toBe(200);
    expect((await page(app, '/admin', cookie(withCode))).status).toBe(200);
    const withRecovery = await signIn(other, recoveryCodes[0]!);
    expect((await overview(withRecovery)).status).toBe(200);
    const kinds = await rows(app, 'SELECT signed_in_with FROM sessions WHERE user_id = ? ORDER BY created_at', [other.userId]);
    expect(kinds.map((r) => r.signed_in_with)).toEqual(['password', 'password_code', 'recovery_code']);
  });

  test('the plain sign-out of the notice goes to the sign-in page that returns to the console', async () => {
    const o = await createOperatorUser(app);
    clock.step();
    await turnOnTwoStep(app, o, clock.t);
    const res = await app.handle(new Request('http://localhost:3000/logout', {
      method: 'POST', headers: { ...cookie(o.token), origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _token: formTokenOf(app, o), next: '/admin' }),
    }));
    expect([res.status, res.headers.get('location')]).toEqual([303, '/login?next=%2Fadmin']);
    expect((await overview(o.token)).status).toBe(401);
    // Only a path on this site: another site's address is dropped.
    const again = await createOperatorUser(app);
    const away = await app.handle(new Request('http://localhost:3000/logout', {
      method: 'POST', headers: { ...cookie(again.token), origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _token: formTokenOf(app, again), next: '//evil.example/' }),
    }));
    expect(away.headers.get('location')).toBe('/');
  });
});

test('with OPERATOR_TWO_STEP=optional a password-only session opens the console', async () => {
  const loose = await makeClockedApp(clock, { OPERATOR_TWO_STEP: 'optional' });
  const o = await createOperatorUser(loose);
  expect((await call(loose, 'GET', '/api/v1/admin/overview', undefined, { token: o.token })).status).toBe(200);
  loose.deps.database.client.close();
});

test('required by default in production, optional elsewhere unless set', () => {
  const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), CREDENTIAL_KEY: 'a'.repeat(64), DOCUMENT_KEY: 'b'.repeat(64), SMTP_URL: 'smtp://localhost:25', PAYMENTS_SANDBOX_IN_PRODUCTION: 'on' };
  expect(loadConfig(prod).operatorTwoStep).toBe(true);
  expect(loadConfig({ ...prod, OPERATOR_TWO_STEP: 'optional' }).operatorTwoStep).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development' }).operatorTwoStep).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development', OPERATOR_TWO_STEP: 'required' }).operatorTwoStep).toBe(true);
});
