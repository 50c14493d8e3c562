import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, refuseMail, registeredPlayer, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { createPlayer } from '../../../tests/helpers/players';
import { turnOnTwoStep } from '../../../tests/helpers/two-step';

// The account-security notices (password changed, e-mail changed, two-step on or off, a new device) are rows of the
// mail queue written in the same transaction as the security event they tell of: a crash after the commit loses
// neither alone. Only a mail carrying a link (the undo link to the old address) is sent from memory, since the
// database keeps links as hashes.
let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.deps.deposits.idle());

const NEW_PASSWORD = 'Changed123!';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const queued = (to: string) => rows(app, 'SELECT kind, data FROM mail_queue WHERE to_address = ? ORDER BY created_at, id', [to]);
const events = (userId: string, type: string) => rows(app, 'SELECT id FROM security_events WHERE user_id = ? AND type = ?', [userId, type]);

describe('security notices are queued with their event', () => {
  test('a password change: the event and its queued mail commit together, and the mail is sent', async () => {
    const p = await createPlayer(app);
    const change = () => call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: p.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token: p.token });
    await refuseMail(app, true);
    try {
      await change();
      // The event could not be written without its mail: neither is there.
      expect(await events(p.userId, 'PASSWORD_CHANGED')).toEqual([]);
      expect(await queued(p.email)).toEqual([]);
    } finally {
      await refuseMail(app, false);
    }
    const other = await createPlayer(app);
    expect((await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: other.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token: other.token })).status).toBe(200);
    expect(await events(other.userId, 'PASSWORD_CHANGED')).toHaveLength(1);
    expect((await queued(other.email)).map((r) => r.kind)).toEqual(['password-changed']);
    const mail = await waitForMail(app, other.email, /password was changed/);
    expect(mail.text).toContain('Every other signed-in device was signed out.');
    expect((await rows(app, 'SELECT sent_at FROM mail_queue WHERE to_address = ?', [other.email]))[0]!.sent_at).not.toBeNull();
  });

  test('two-step turned on: queued with TOTP_ENABLED', async () => {
    const p = await createPlayer(app);
    await turnOnTwoStep(app, p, Date.now());
    // The event is written after the two-step change commits (its hook): wait for the pair.
    for (let i = 0; i < 100 && !(await queued(p.email)).length; i++) await Bun.sleep(10);
    expect((await queued(p.email)).map((r) => [r.kind, JSON.parse(String(r.data)).on])).toEqual([['two-step-changed', true]]);
    expect(await events(p.userId, 'TOTP_ENABLED')).toHaveLength(1);
    await waitForMail(app, p.email, /Two-step verification turned on/);
  });

  test('a sign-in from a new device: queued with its LOGIN event; a known device queues nothing', async () => {
    const email = 'devices-queued@example.com';
    await registeredPlayer(app, email);
    const signIn = async () => {
      const r = await call(app, 'POST', '/api/v1/login', { email, password: GOOD_PASSWORD, userType: 'USER' }, { headers: { 'user-agent': CHROME } });
      expect(r.status).toBe(200);
      await Bun.sleep(20);
      return (await queued(email)).filter((x) => x.kind === 'new-device');
    };
    const first = await signIn();
    expect(first.map((r) => JSON.parse(String(r.data)).device)).toEqual(['Chrome on Windows']);
    expect(await events((await rows(app, 'SELECT id FROM users WHERE email = ?', [email]))[0]!.id as string, 'LOGIN')).toHaveLength(2);
    // The same browser from the same address again: known, nothing queued.
    expect(await signIn()).toHaveLength(1);
    await waitForMail(app, email, /New sign-in/);
  });

  test('an e-mail change: the new address\'s notice is queued; the old address\'s, with its undo link, is not written to the database', async () => {
    const { token } = await registeredPlayer(app, 'before-queued@example.com');
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'after-queued@example.com', currentPassword: GOOD_PASSWORD }, { token })).status).toBe(200);
    const confirm = tokenIn(await waitForMail(app, 'after-queued@example.com', /Confirm/), '/verify/email');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: confirm })).status).toBe(200);
    expect((await queued('after-queued@example.com')).map((r) => r.kind)).toEqual(['email-changed']);
    expect(await queued('before-queued@example.com')).toEqual([]);
    const old = await waitForMail(app, 'before-queued@example.com', /email was changed/);
    const undo = tokenIn(old, '/undo-email');
    expect((await rows(app, "SELECT id FROM mail_queue WHERE data LIKE '%' || ? || '%'", [undo]))).toEqual([]);
    // Undone: both addresses are told, queued with the event (no link in either).
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: undo })).status).toBe(200);
    expect((await queued('before-queued@example.com')).map((r) => r.kind)).toEqual(['email-changed']);
    expect((await queued('after-queued@example.com')).map((r) => r.kind)).toEqual(['email-changed', 'email-changed']);
  });
});
