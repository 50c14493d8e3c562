import { beforeAll, describe, expect, test } from 'bun:test';
import { call, type TestApp } from '../../../tests/helpers/app';
import { rows } from '../../../tests/helpers/accounts';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import { TOTP_INVALID_MESSAGE, TOTP_REQUIRED_MESSAGE } from '../../shared/schemas/two-step';
import type { TwoStepEvent } from '../../services/auth/two-step';

const clock = testClock();
let app: TestApp;
const events: TwoStepEvent[] = [];
beforeAll(async () => {
  app = await makeClockedApp(clock, {}, { securityEvent: (e) => void events.push(e) });
});

const post = (p: TestPlayer, path: string, body: unknown = {}) => call(app, 'POST', `/api/v1/user/2fa${path}`, body, { token: p.token });
const login = (body: Record<string, unknown>) => call(app, 'POST', '/api/v1/login', body);
const sessionsOf = async (p: TestPlayer) => Number((await rows(app, 'SELECT count(*) AS n FROM sessions WHERE user_id = ?', [p.userId]))[0]!.n);

describe('set-up and enable', () => {
  test('setup answers a pending secret, its otpauth URL and a QR; enable with its code answers ten recovery codes, stored hashed', async () => {
    const p = await createPlayer(app);
    const s = await post(p, '/setup');
    expect(s.status).toBe(200);
    expect(s.headers.get('cache-control')).toBe('no-store');
    expect(s.json.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(s.json.otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(s.json.secret);
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(url.pathname)).toContain(p.email);
    expect(s.json.qrSvg).toStartWith('<svg');
    // Pending only: sign-in still needs no code.
    expect((await login({ email: p.email, password: p.password })).status).toBe(200);
    // Stored sealed, never as the base32 the player saw.
    const [row] = await rows(app, 'SELECT secret, pending_secret, enabled_at FROM user_totp WHERE user_id = ?', [p.userId]);
    expect(row!.secret).toBeNull();
    expect(String(row!.pending_secret)).not.toContain(s.json.secret);

    const e = await post(p, '/enable', { code: codeFor(s.json.secret, clock.t), currentPassword: p.password });
    expect(e.status).toBe(200);
    expect(e.json.recoveryCodes).toHaveLength(10);
    expect(new Set(e.json.recoveryCodes).size).toBe(10);
    for (const c of e.json.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await rows(app, 'SELECT code_hash FROM totp_recovery_codes WHERE user_id = ?', [p.userId]);
    expect(stored).toHaveLength(10);
    for (const r of stored) for (const c of e.json.recoveryCodes) expect(String(r.code_hash)).not.toContain(c.replace('-', ''));
    expect((await call(app, 'GET', '/api/v1/user/2fa', undefined, { token: p.token })).json.data).toEqual({ enabled: true, enabledAt: new Date(clock.t).toISOString(), recoveryCodesLeft: 10, confirmsByEmail: false, awaitingEmail: null });
    // On now: the details and pages know it, a second set-up is refused.
    expect((await post(p, '/setup')).json.errorType).toBe('TOTP_ALREADY_ON');
  });

  test('enable: wrong code, empty code, no set-up, and a code of the earlier pending secret are refused and change nothing', async () => {
    const p = await createPlayer(app);
    expect((await post(p, '/enable', { code: '123456', currentPassword: p.password })).json.errorType).toBe('TOTP_NOT_SET_UP');
    const first = await post(p, '/setup');
    const second = await post(p, '/setup');
    expect(second.json.secret).not.toBe(first.json.secret);
    const empty = await post(p, '/enable', { code: '', currentPassword: p.password });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ field: 'code', message: 'Enter the 6-digit code your authenticator app shows.' }]);
    const stale = await post(p, '/enable', { code: codeFor(first.json.secret, clock.t), currentPassword: p.password });
    expect(stale.status).toBe(400);
    expect(stale.json.errorType).toBe('TOTP_INVALID');
    expect(stale.json.errors[0].field).toBe('code');
    expect((await rows(app, 'SELECT enabled_at FROM user_totp WHERE user_id = ?', [p.userId]))[0]!.enabled_at).toBeNull();
    expect((await post(p, '/enable', { code: codeFor(second.json.secret, clock.t), currentPassword: p.password })).status).toBe(200);
  });

  test('enable asks for the password: a stolen session with the right code but no password, or a wrong one, changes nothing', async () => {
    const p = await createPlayer(app);
    const s = await post(p, '/setup');
    const code = codeFor(s.json.secret, clock.t);
    const none = await post(p, '/enable', { code });
    expect([none.status, none.json.errors]).toEqual([400, [{ field: 'currentPassword', message: 'Current password is required' }]]);
    const blank = await post(p, '/enable', { code: '', currentPassword: '' });
    expect(blank.json.errors.map((e: { field: string }) => e.field)).toEqual(['code', 'currentPassword']);
    const wrong = await post(p, '/enable', { code, currentPassword: 'Not-the-password1' });
    expect([wrong.status, wrong.json.errors]).toEqual([400, [{ field: 'currentPassword', message: 'Current password is incorrect' }]]);
    expect((await post(p, '/enable', { code, currentPassword: 12345 })).status).toBe(400);
    expect((await rows(app, 'SELECT enabled_at FROM user_totp WHERE user_id = ?', [p.userId]))[0]!.enabled_at).toBeNull();
    expect((await login({ email: p.email, password: p.password })).status).toBe(200);
    expect((await post(p, '/enable', { code, currentPassword: p.password })).status).toBe(200);
  });

  test('the secret is sealed to its owner: copied onto another player it does not open', async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    await turnOnTwoStep(app, a, clock.t);
    const s = await post(b, '/setup');
    const [row] = await rows(app, 'SELECT secret FROM user_totp WHERE user_id = ?', [a.userId]);
    await app.deps.database.client.execute({ sql: 'UPDATE user_totp SET secret = ?, enabled_at = 1 WHERE user_id = ?', args: [row!.secret, b.userId] });
    const r = await login({ email: b.email, password: b.password, totp: codeFor(s.json.secret, clock.t) });
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.json)).not.toContain('credential');
  });
});

describe('sign-in with two-step on', () => {
  test('no code: 401 TOTP_REQUIRED, no session, no cookie; the right code signs in', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const before = await sessionsOf(p);
    const r = await login({ email: p.email, password: p.password });
    expect(r.status).toBe(401);
    expect(r.json).toMatchObject({ success: false, errorType: 'TOTP_REQUIRED', message: TOTP_REQUIRED_MESSAGE });
    expect(r.json.token).toBeUndefined();
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(await sessionsOf(p)).toBe(before);
    const ok = await login({ email: p.email, password: p.password, totp: codeFor(secret, clock.t) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toContain('token=');
    expect(await sessionsOf(p)).toBe(before + 1);
  });

  test('a wrong password never reaches the code question; a wrong code is 401 TOTP_INVALID with no session', async () => {
    const p = await createPlayer(app);
    await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const bad = await login({ email: p.email, password: 'Wrong123!', totp: '000000' });
    expect(bad.json.errorType).toBe('INVALID_CREDENTIALS');
    const before = await sessionsOf(p);
    const wrong = await login({ email: p.email, password: p.password, totp: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ errorType: 'TOTP_INVALID', message: TOTP_INVALID_MESSAGE });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await sessionsOf(p)).toBe(before);
  });

  test('the code step: the proof from the password step plus a code, no password; a forged or stale proof is refused', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const first = await login({ email: p.email, password: p.password, remember: true });
    expect(first.json.loginToken).toBeString();
    expect(first.json.loginToken).not.toContain(p.password);
    // No code: asked again. A tampered proof: refused as expired.
    expect((await login({ loginToken: first.json.loginToken })).json.errorType).toBe('TOTP_REQUIRED');
    const forged = first.json.loginToken.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await login({ loginToken: forged, totp: codeFor(secret, clock.t) })).json.errorType).toBe('LOGIN_EXPIRED');
    const ok = await login({ loginToken: first.json.loginToken, totp: codeFor(secret, clock.t) });
    expect(ok.status).toBe(200);
    // remember-me carried by the proof.
    expect(ok.headers.get('set-cookie')).toContain('Max-Age=');
    // Five minutes later the proof is no good, whatever the code; wrong codes meanwhile do not stretch it.
    const again = await login({ email: p.email, password: p.password });
    clock.step(5);
    const wrong = await login({ loginToken: again.json.loginToken, totp: '000000' });
    expect(wrong.json).toMatchObject({ errorType: 'TOTP_INVALID', loginToken: again.json.loginToken });
    clock.step(6);
    expect((await login({ loginToken: again.json.loginToken, totp: codeFor(secret, clock.t) })).json.errorType).toBe('LOGIN_EXPIRED');
  });

  test('a password change voids a half-finished sign-in', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const first = await login({ email: p.email, password: p.password });
    await app.deps.database.client.execute({ sql: "UPDATE users SET password_hash = 'x' || password_hash WHERE id = ?", args: [p.userId] });
    expect((await login({ loginToken: first.json.loginToken, totp: codeFor(secret, clock.t) })).json.errorType).toBe('LOGIN_EXPIRED');
  });
});

describe('codes: once, drift, recovery codes, attempt limits', () => {
  test('a code is accepted once: the same code again in its window is TOTP_INVALID', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const code = codeFor(secret, clock.t);
    expect((await login({ email: p.email, password: p.password, totp: code })).status).toBe(200);
    const replay = await login({ email: p.email, password: p.password, totp: code });
    expect(replay.status).toBe(401);
    expect(replay.json.errorType).toBe('TOTP_INVALID');
    // The code of the enabling step cannot be replayed either.
    clock.step();
    expect((await login({ email: p.email, password: p.password, totp: codeFor(secret, clock.t) })).status).toBe(200);
  });

  test('two sign-ins racing with the same code: exactly one gets a session', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    const code = codeFor(secret, clock.t);
    const rs = await Promise.all([1, 2, 3].map(() => login({ email: p.email, password: p.password, totp: code })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 401, 401]);
  });

  test('drift: the codes of one step before and after are accepted, two steps are refused', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step(10);
    const now = clock.t;
    const at = (steps: number) => codeFor(secret, now + steps * 30_000);
    const tryCode = (c: string) => login({ email: p.email, password: p.password, totp: c });
    expect((await tryCode(at(-2))).json.errorType).toBe('TOTP_INVALID');
    expect((await tryCode(at(2))).json.errorType).toBe('TOTP_INVALID');
    expect((await tryCode(at(-1))).status).toBe(200);
    expect((await tryCode(at(1))).status).toBe(200);
    // After the step-ahead code was used, the current (older) step is spent too: no going back in time.
    expect((await tryCode(at(0))).json.errorType).toBe('TOTP_INVALID');
  });

  test('a recovery code signs in once ever, in any case and with or without its dash', async () => {
    const p = await createPlayer(app);
    const { recoveryCodes } = await turnOnTwoStep(app, p, clock.t);
    const [c] = recoveryCodes;
    const r = await login({ email: p.email, password: p.password, totp: c!.toUpperCase().replace('-', ' ') });
    expect(r.status).toBe(200);
    expect((await login({ email: p.email, password: p.password, totp: c })).json.errorType).toBe('TOTP_INVALID');
    expect((await call(app, 'GET', '/api/v1/user/2fa', undefined, { token: p.token })).json.data.recoveryCodesLeft).toBe(9);
    // Another player's code means nothing here.
    const q = await createPlayer(app);
    const other = await turnOnTwoStep(app, q, clock.t);
    expect((await login({ email: p.email, password: p.password, totp: other.recoveryCodes[0] })).json.errorType).toBe('TOTP_INVALID');
  });

  test('attempts are limited per account: after ten, even the right code waits (429)', async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    // enable used one attempt.
    for (let i = 0; i < 9; i++) expect((await login({ email: p.email, password: p.password, totp: String(100000 + i) })).status).toBe(401);
    const r = await login({ email: p.email, password: p.password, totp: codeFor(secret, clock.t) });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeTruthy();
    // Per account: another player's attempts are not counted against this one.
    const q = await createPlayer(app);
    const other = await turnOnTwoStep(app, q, clock.t);
    expect((await login({ email: q.email, password: q.password, totp: other.recoveryCodes[0] })).status).toBe(200);
  });

  test('password guesses at enable count as attempts: after ten, even the right password and code wait (429)', async () => {
    const p = await createPlayer(app);
    const s = await post(p, '/setup');
    const code = codeFor(s.json.secret, clock.t);
    for (let i = 0; i < 10; i++) expect((await post(p, '/enable', { code, currentPassword: `Guess-${i}-pass` })).status).toBe(400);
    const r = await post(p, '/enable', { code, currentPassword: p.password });
    expect(r.status).toBe(429);
    expect((await rows(app, 'SELECT enabled_at FROM user_totp WHERE user_id = ?', [p.userId]))[0]!.enabled_at).toBeNull();
  });

  test('regenerating recovery codes takes a code; the old ones stop working, the new ones work', async () => {
    const p = await createPlayer(app);
    const { secret, recoveryCodes } = await turnOnTwoStep(app, p, clock.t);
    clock.step();
    expect((await post(p, '/recovery-codes', {})).json.errorType).toBe('TOTP_REQUIRED');
    expect((await post(p, '/recovery-codes', { totp: '000000' })).json.errorType).toBe('TOTP_INVALID');
    expect(await rows(app, 'SELECT code_hash FROM totp_recovery_codes WHERE user_id = ? AND used_at IS NULL', [p.userId])).toHaveLength(10);
    const r = await post(p, '/recovery-codes', { totp: codeFor(secret, clock.t) });
    expect(r.status).toBe(200);
    expect(r.json.recoveryCodes).toHaveLength(10);
    expect((await login({ email: p.email, password: p.password, totp: recoveryCodes[0] })).json.errorType).toBe('TOTP_INVALID');
    expect((await login({ email: p.email, password: p.password, totp: r.json.recoveryCodes[0] })).status).toBe(200);
  });

  test('with two-step off, the 2fa calls that need it are refused and a sign-in needs no code', async () => {
    const p = await createPlayer(app);
    expect((await post(p, '/disable', { totp: '123456' })).json.errorType).toBe('TOTP_NOT_ON');
    expect((await post(p, '/recovery-codes', { totp: '123456' })).json.errorType).toBe('TOTP_NOT_ON');
    expect((await login({ email: p.email, password: p.password })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/user/2fa/setup', {})).status).toBe(401);
  });
});

describe('security events', () => {
  test('enabling, new recovery codes and disabling are reported once each, for the right player; refusals report nothing', async () => {
    const p = await createPlayer(app);
    const mine = () => events.filter((e) => e.userId === p.userId).map((e) => e.type);
    const { secret } = await turnOnTwoStep(app, p, clock.t);
    expect(mine()).toEqual(['TOTP_ENABLED']);
    clock.step();
    await post(p, '/recovery-codes', { totp: '000000' });
    await post(p, '/disable', {});
    expect(mine()).toEqual(['TOTP_ENABLED']);
    await post(p, '/recovery-codes', { totp: codeFor(secret, clock.t) });
    clock.step();
    await post(p, '/disable', { totp: codeFor(secret, clock.t) });
    expect(mine()).toEqual(['TOTP_ENABLED', 'TOTP_RECOVERY_CODES_REGENERATED', 'TOTP_DISABLED']);
  });
});
