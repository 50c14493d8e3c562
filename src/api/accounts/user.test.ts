import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, registeredPlayer, tokenIn, waitForMail } from '../../../tests/helpers/accounts';

const profile = (email: string, extra: Record<string, unknown> = {}) => ({ name: 'Ada Lovelace', phoneNo: '5551234567', email, currentPassword: GOOD_PASSWORD, ...extra });

describe('GET /user/details', () => {
  test("answers the caller's own account in the spec's field names; without a session, 401", async () => {
    const app = await makeApp();
    const a = await registeredPlayer(app, 'details@example.com');
    await registeredPlayer(app, 'other@example.com');
    const r = await call(app, 'GET', '/api/v1/user/details', undefined, { token: a.token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      success: true,
      user: { _id: a.user._id, playerId: a.user.playerId, name: '', phoneNo: '', email: 'details@example.com', emailVerified: true, pendingEmail: null },
    });
    expect(r.text).not.toContain('argon2');
    expect((await call(app, 'GET', '/api/v1/user/details')).status).toBe(401);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: 'not.a.jwt' })).status).toBe(401);
  });
});

describe('PATCH /user/update-profile', () => {
  test('saves name and phone with the spec message', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'profile@example.com');
    const r = await call(app, 'PATCH', '/api/v1/user/update-profile', profile('profile@example.com', { name: "  Ada O'Neil-Byron " }), { token });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, message: 'Profile Updated Successfully' });
    const d = await call(app, 'GET', '/api/v1/user/details', undefined, { token });
    expect(d.json.user).toMatchObject({ name: "Ada O'Neil-Byron", phoneNo: '5551234567', email: 'profile@example.com', pendingEmail: null });
    // Empty optional fields clear them.
    await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: 'profile@example.com' }, { token });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).json.user).toMatchObject({ name: '', phoneNo: '' });
  });

  test('a new e-mail waits as pending, is confirmed from the new inbox, and the old inbox is told', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'old@example.com');
    const r = await call(app, 'PATCH', '/api/v1/user/update-profile', profile('New@Example.com'), { token });
    expect(r.status).toBe(200);
    expect(r.json.message).toContain('check your new email inbox');
    const pending = await call(app, 'GET', '/api/v1/user/details', undefined, { token });
    expect(pending.json.user).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com', name: 'Ada Lovelace' });
    const notice = await waitForMail(app, 'old@example.com', /being changed/);
    expect(notice.text).toContain('new@example.com');
    const confirm = await waitForMail(app, 'new@example.com', /Confirm/);
    // Until confirmed the old address still signs in.
    expect((await call(app, 'POST', '/api/v1/login', { email: 'new@example.com', password: GOOD_PASSWORD })).status).toBe(401);
    const v = await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(confirm, '/verify/email') }, { token });
    expect(v.status).toBe(200);
    const done = await call(app, 'GET', '/api/v1/user/details', undefined, { token });
    expect(done.json.user).toMatchObject({ email: 'new@example.com', pendingEmail: null });
    expect((await call(app, 'POST', '/api/v1/login', { email: 'new@example.com', password: GOOD_PASSWORD })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'old@example.com', password: GOOD_PASSWORD })).status).toBe(401);
  });

  test("another player's e-mail is a 409 and changes nothing; a stale confirmation link is refused", async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'mine@example.com');
    const other = await registeredPlayer(app, 'theirs@example.com');
    const taken = await call(app, 'PATCH', '/api/v1/user/update-profile', profile('THEIRS@example.com'), { token });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ errorType: 'EMAIL_TAKEN', message: 'An account with this email already exists.' });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).json.user).toMatchObject({ name: '', pendingEmail: null });
    // A pending address another player takes first cannot then be confirmed.
    await call(app, 'PATCH', '/api/v1/user/update-profile', profile('free@example.com'), { token });
    const link = tokenIn(await waitForMail(app, 'free@example.com', /Confirm/), '/verify/email');
    await call(app, 'PATCH', '/api/v1/user/update-profile', profile('free@example.com'), { token: other.token });
    const theirLink = tokenIn(await waitForMail(app, 'free@example.com', /Confirm/, 1), '/verify/email');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: theirLink })).status).toBe(200);
    const late = await call(app, 'POST', '/api/v1/verify/email', { token: link });
    expect(late.status).toBe(409);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).json.user.email).toBe('mine@example.com');
  });

  test('saving the current e-mail withdraws a pending change and its link', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'keep@example.com');
    await call(app, 'PATCH', '/api/v1/user/update-profile', profile('maybe@example.com'), { token });
    const link = tokenIn(await waitForMail(app, 'maybe@example.com', /Confirm/), '/verify/email');
    await call(app, 'PATCH', '/api/v1/user/update-profile', profile('keep@example.com'), { token });
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: link })).status).toBe(400);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).json.user).toMatchObject({ email: 'keep@example.com', pendingEmail: null });
  });

  test.each([
    [{ name: 'A' }, 'name', 'Name should be 2 to 50 characters long'],
    [{ name: 'x'.repeat(51) }, 'name', 'Name should be 2 to 50 characters long'],
    [{ name: 42 }, 'name', 'Name should be 2 to 50 characters long'],
    [{ phoneNo: '12345' }, 'phoneNo', 'Phone number must be 10 to 15 digits'],
    [{ phoneNo: '555-123-4567' }, 'phoneNo', 'Phone number must be 10 to 15 digits'],
    [{ phoneNo: 5551234567 }, 'phoneNo', 'Phone number must be 10 to 15 digits'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'nope' }, 'email', 'Enter a valid email address'],
  ])('spec §5 rule %o → 400 on %s, nothing saved', async (change, field, message) => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'prules@example.com');
    const r = await call(app, 'PATCH', '/api/v1/user/update-profile', profile('prules@example.com', change), { token });
    expect(r.status).toBe(400);
    expect(r.json.errors).toContainEqual({ field, message });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).json.user).toMatchObject({ name: '', phoneNo: '' });
  });
});

describe('PATCH /user/change-password', () => {
  test('a wrong current password is a 400 on currentPassword; a right one changes it and ends the other sessions only', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'change@example.com');
    const second = (await call(app, 'POST', '/api/v1/login', { email: 'change@example.com', password: GOOD_PASSWORD })).json.token;
    const wrong = await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: 'Wrong1234!', newPassword: 'Changed123!' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const ok = await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: GOOD_PASSWORD, newPassword: 'Changed123!' }, { token });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ success: true, message: 'Password Changed Successfully' });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: second })).status).toBe(401);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'change@example.com', password: 'Changed123!' })).status).toBe(200);
  });

  test.each([
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
    [{ newPassword: '' }, 'newPassword', 'New password is required'],
    [{ newPassword: 'Ab1!' }, 'newPassword', 'Password must be at least 8 characters'],
    [{ newPassword: 'nouppercase123' }, 'newPassword', 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
    [{ newPassword: GOOD_PASSWORD }, 'newPassword', 'Current password and new password cannot be same'],
  ])('spec §5 rule %o → 400 on %s, password unchanged', async (change, field, message) => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'crules@example.com');
    const r = await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: GOOD_PASSWORD, newPassword: 'Changed123!', ...change }, { token });
    expect(r.status).toBe(400);
    expect(r.json.errors).toContainEqual({ field, message });
    expect((await call(app, 'POST', '/api/v1/login', { email: 'crules@example.com', password: GOOD_PASSWORD })).status).toBe(200);
  });

  test('one rule on every path: a password registration and reset take (no special character) is taken by the change too', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'special@example.com');
    const r = await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: GOOD_PASSWORD, newPassword: 'Dave123456' }, { token });
    expect(r.status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'special@example.com', password: 'Dave123456' })).status).toBe(200);
  });
});
