import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, outbox, registeredPlayer, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { fund } from '../../../tests/helpers/money';
import { CAPTCHA_TTL_MS, captchaAnswerHash, captchaKey } from '../../services/auth/captcha';
import { NOT_YOU } from '../../services/mail/security-mails';
import { listSecurityEvents, recordSecurityEvent } from '../../services/protection/security-events';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const NEW_PASSWORD = 'Another456!';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
});

const login = (email: string, password: string, ua = FIREFOX) =>
  call(app, 'POST', '/api/v1/login', { email, password, userType: 'USER' }, { headers: { 'user-agent': ua } });
const events = async (token: string, page = 1) => (await call(app, 'GET', `/api/v1/user/security-events?page=${page}`, undefined, { token })).json.events as any[];
const mailsTo = async (to: string, subject: RegExp) => (await outbox(app)).filter((m) => m.to === to && subject.test(m.subject));

async function resetLink(email: string) {
  const c = await call(app, 'GET', '/api/v1/captcha');
  await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
  expect((await call(app, 'POST', '/api/v1/forget-password', { email, captchaId: c.json.captchaId, captcha: 'K7MP' })).status).toBe(200);
  return tokenIn(await waitForMail(app, email, /Reset your/), '/reset-password');
}

describe('security events', () => {
  test('sign-in, failed sign-in, sign-out, ended sessions, password change, e-mail change and withdrawal are each recorded', async () => {
    const email = 'events@example.com';
    const { token: first } = await registeredPlayer(app, email);
    await login(email, 'Wrong-password1!');
    const chrome = (await login(email, GOOD_PASSWORD, CHROME)).json.token;
    await call(app, 'POST', '/api/v1/logout', undefined, { token: chrome });
    const firefox = (await login(email, GOOD_PASSWORD, FIREFOX)).json.token;
    const sessions = (await call(app, 'GET', '/api/v1/user/sessions', undefined, { token: firefox })).json.sessions;
    await call(app, 'DELETE', `/api/v1/user/sessions/${sessions.find((s: any) => !s.current).id}`, undefined, { token: firefox });
    expect((await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token: firefox })).status).toBe(200);
    await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'events2@example.com', currentPassword: NEW_PASSWORD }, { token: firefox });
    const confirm = tokenIn(await waitForMail(app, 'events2@example.com', /Confirm/), '/verify/email');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: confirm }, { token: firefox })).status).toBe(200);
    const [{ id: userId }] = (await rows(app, "SELECT id FROM users WHERE email = 'events2@example.com'")) as any;
    await fund(app, String(userId), 20_000);
    expect((await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 }, { token: firefox })).status).toBe(200);

    const list = await events(firefox);
    expect(list.map((e) => e.type)).toEqual([
      'WITHDRAWAL_REQUESTED', 'EMAIL_CHANGED', 'PASSWORD_CHANGED', 'SESSION_ENDED', 'LOGIN', 'LOGOUT', 'LOGIN', 'LOGIN_FAILED', 'LOGIN',
    ]);
    for (const e of list) expect(Object.keys(e).sort()).toEqual(['at', 'device', 'ip', 'type']);
    expect(list.find((e) => e.type === 'LOGOUT').device).toBe('Chrome on Windows');
    expect(list.find((e) => e.type === 'LOGIN_FAILED').device).toBe('Firefox on Linux');
    // Made in the Firefox session: its device is named.
    expect(list.find((e) => e.type === 'WITHDRAWAL_REQUESTED').device).toBe('Firefox on Linux');
    expect(list.find((e) => e.type === 'PASSWORD_CHANGED').device).toBe('Firefox on Linux');
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: first })).status).toBe(401);
  });

  test('a password reset through the e-mailed link is PASSWORD_CHANGED too', async () => {
    const email = 'reset-event@example.com';
    await registeredPlayer(app, email);
    const link = await resetLink(email);
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200);
    const token = (await login(email, NEW_PASSWORD)).json.token;
    expect((await events(token)).map((e) => e.type).slice(0, 2)).toEqual(['LOGIN', 'PASSWORD_CHANGED']);
  });

  test('TOTP events recorded by the service show in the list; pages go back in time; others never see them', async () => {
    const { token, user } = await registeredPlayer(app, 'paged@example.com');
    const { token: otherToken } = await registeredPlayer(app, 'paged-other@example.com');
    const t0 = Date.now();
    await recordSecurityEvent(app.deps.database.client, user._id, 'TOTP_ENABLED', { ip: '203.0.113.9', device: 'Chrome on Android' }, t0 + 1000);
    await recordSecurityEvent(app.deps.database.client, user._id, 'TOTP_DISABLED', {}, t0 + 2000);
    for (let i = 0; i < 25; i++) await recordSecurityEvent(app.deps.database.client, user._id, 'LOGIN_FAILED', {}, t0 - 10_000 - i);
    const one = await events(token, 1);
    expect(one).toHaveLength(20);
    expect(one[0]).toEqual({ type: 'TOTP_DISABLED', at: new Date(t0 + 2000).toISOString(), ip: null, device: null });
    expect(one[1]).toEqual({ type: 'TOTP_ENABLED', at: new Date(t0 + 1000).toISOString(), ip: '203.0.113.9', device: 'Chrome on Android' });
    expect(await events(token, 2)).toHaveLength(8);
    expect((await events(otherToken)).every((e) => e.type === 'LOGIN')).toBe(true);
    expect((await listSecurityEvents(app.deps.database.client, user._id, 3))).toEqual([]);
    expect((await call(app, 'GET', '/api/v1/user/security-events?page=zero', undefined, { token })).status).toBe(400);
  });
});

describe('security e-mails', () => {
  test('a sign-in from a device not seen before is mailed once; the same device again is not', async () => {
    const email = 'device@example.com';
    await registeredPlayer(app, email);
    expect(await mailsTo(email, /New sign-in/)).toHaveLength(0);
    await login(email, GOOD_PASSWORD, CHROME);
    const mail = await waitForMail(app, email, /New sign-in/);
    expect(mail.text).toContain('Chrome on Windows');
    expect(mail.text).toContain(NOT_YOU);
    await login(email, GOOD_PASSWORD, CHROME);
    await Bun.sleep(50);
    expect(await mailsTo(email, /New sign-in/)).toHaveLength(1);
  });

  test('a password change is mailed', async () => {
    const email = 'pw-change@example.com';
    const { token } = await registeredPlayer(app, email);
    await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token });
    const mail = await waitForMail(app, email, /password was changed/);
    expect(mail.text).toContain(NOT_YOU);
    expect(mail.html).toContain(NOT_YOU);
  });

  test('a password reset is mailed', async () => {
    const email = 'pw-reset@example.com';
    await registeredPlayer(app, email);
    const link = await resetLink(email);
    await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    const mail = await waitForMail(app, email, /password was reset/);
    expect(mail.text).toContain(NOT_YOU);
    expect(mail.text).not.toContain(link);
  });

  test('a confirmed e-mail change is mailed to the old and the new address', async () => {
    const { token } = await registeredPlayer(app, 'old-address@example.com');
    await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'new-address@example.com', currentPassword: GOOD_PASSWORD }, { token });
    expect(await mailsTo('old-address@example.com', /email was changed/)).toHaveLength(0);
    const confirm = tokenIn(await waitForMail(app, 'new-address@example.com', /Confirm/), '/verify/email');
    await call(app, 'POST', '/api/v1/verify/email', { token: confirm });
    for (const to of ['old-address@example.com', 'new-address@example.com']) {
      const mail = await waitForMail(app, to, /email was changed/);
      expect(mail.text).toContain('from old-address@example.com to new-address@example.com');
      expect(mail.text).toContain(NOT_YOU);
    }
  });

  test('every withdrawal request is mailed, naming amount and destination', async () => {
    const email = 'withdraw-mail@example.com';
    const { token, user } = await registeredPlayer(app, email);
    await fund(app, user._id, 50_000);
    for (const amount of [100, 150]) {
      expect((await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount, tip: 0 }, { token })).status).toBe(200);
      const mail = await waitForMail(app, email, new RegExp(`Withdrawal of \\$${amount}\\.00 requested`));
      expect(mail.text).toContain(ADDRESS);
      expect(mail.text).toContain(NOT_YOU);
    }
  });

  test('a replayed withdrawal request (same Idempotency-Key) is not mailed or recorded twice', async () => {
    const email = 'withdraw-replay@example.com';
    const { token, user } = await registeredPlayer(app, email);
    await fund(app, user._id, 50_000);
    const headers = { 'idempotency-key': 'same-key-1' };
    for (let i = 0; i < 2; i++) await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 }, { token, headers });
    await waitForMail(app, email, /Withdrawal of/);
    await Bun.sleep(50);
    expect(await mailsTo(email, /Withdrawal of \$100.00 requested/)).toHaveLength(1);
    expect((await events(token)).filter((e) => e.type === 'WITHDRAWAL_REQUESTED')).toHaveLength(1);
  });
});
