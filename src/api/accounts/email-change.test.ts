import { describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, outbox, registeredPlayer, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { formTokenOf } from '../../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../../services/auth/captcha';

const DAY_MS = 24 * 3_600_000;
const change = (email: string, extra: Record<string, unknown> = {}) => ({ name: '', phoneNo: '', email, ...extra });
const details = async (app: TestApp, token: string) => call(app, 'GET', '/api/v1/user/details', undefined, { token });
const pendingOf = async (app: TestApp, email: string) => (await rows(app, 'SELECT pending_email FROM users WHERE email = ?', [email]))[0]!.pending_email;
/** A plain form post from the site's own page (no script). */
const form = (app: TestApp, path: string, fields: Record<string, string>, cookie?: string) =>
  app.handle(new Request(BASE + path, {
    method: 'POST', redirect: 'manual', body: new URLSearchParams(fields),
    headers: { origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', ...(cookie && { cookie }) },
  }));

describe('an e-mail change needs more than the session', () => {
  test('without the current password: 400 on currentPassword, nothing pending, nothing mailed', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'nopass@example.com');
    const before = (await outbox(app)).length;
    for (const body of [change('thief@example.com'), change('thief@example.com', { currentPassword: '' }), change('thief@example.com', { currentPassword: 42 })]) {
      const r = await call(app, 'PATCH', '/api/v1/user/update-profile', body, { token });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([{ field: 'currentPassword', message: 'Current password is required' }]);
    }
    expect(await pendingOf(app, 'nopass@example.com')).toBeNull();
    await Bun.sleep(50);
    expect((await outbox(app)).length).toBe(before);
  });

  test('with a wrong password: refused on currentPassword, nothing pending', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'wrongpass@example.com');
    const r = await call(app, 'PATCH', '/api/v1/user/update-profile', change('thief@example.com', { currentPassword: 'Guess1234!' }), { token });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    expect(await pendingOf(app, 'wrongpass@example.com')).toBeNull();
  });

  test('keeping the address (name and phone only) needs no password', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'samemail@example.com');
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', change('samemail@example.com', { name: 'Ada Byron' }), { token })).status).toBe(200);
  });

  test('with two-step on, the right password alone is not enough: the code is asked, and then it works', async () => {
    const clock = testClock();
    const app = await makeClockedApp(clock);
    const { token, user } = await registeredPlayer(app, 'guarded@example.com');
    const { secret } = await turnOnTwoStep(app, { token, userId: user._id, password: GOOD_PASSWORD } as never, clock.t);
    clock.step();
    const noCode = await call(app, 'PATCH', '/api/v1/user/update-profile', change('thief@example.com', { currentPassword: GOOD_PASSWORD }), { token });
    expect(noCode.status).toBe(401);
    expect(noCode.json.errorType).toBe('TOTP_REQUIRED');
    expect(await pendingOf(app, 'guarded@example.com')).toBeNull();
    // A wrong password is refused before the code is looked at.
    const wrong = await call(app, 'PATCH', '/api/v1/user/update-profile', change('thief@example.com', { currentPassword: 'Guess1234!', totp: codeFor(secret, clock.t) }), { token });
    expect(wrong.json.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const ok = await call(app, 'PATCH', '/api/v1/user/update-profile', change('mine@example.com', { currentPassword: GOOD_PASSWORD, totp: codeFor(secret, clock.t) }), { token });
    expect(ok.status).toBe(200);
    expect(await pendingOf(app, 'guarded@example.com')).toBe('mine@example.com');
  });
});

/** A player whose e-mail was changed (and confirmed) from `from` to `to`; the undo link mailed to `from`. */
async function changed(app: TestApp, from: string, to: string, password = GOOD_PASSWORD) {
  const { token } = await registeredPlayer(app, from, password);
  expect((await call(app, 'PATCH', '/api/v1/user/update-profile', change(to, { currentPassword: password }), { token })).status).toBe(200);
  const confirm = tokenIn(await waitForMail(app, to, /Confirm/), '/verify/email');
  // Opened in the browser that asked, which stays signed in (the confirmation ends every other session).
  expect((await call(app, 'POST', '/api/v1/verify/email', { token: confirm }, { token })).status).toBe(200);
  const notice = await waitForMail(app, from, /email was changed/);
  return { token, undo: tokenIn(notice, '/undo-email'), notice };
}

describe('the confirmation link opened again', () => {
  test('says the change is done (already verified), not that the link is bad; once undone it is just invalid', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'twice@example.com', GOOD_PASSWORD);
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', change('twice-new@example.com', { currentPassword: GOOD_PASSWORD }), { token })).status).toBe(200);
    const confirm = tokenIn(await waitForMail(app, 'twice-new@example.com', /Confirm/), '/verify/email');
    const status = async () => (await call(app, 'GET', `/api/v1/verify/email/status?token=${confirm}`)).json.status;
    expect(await status()).toBe('pending');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: confirm })).status).toBe(200);
    expect(await status()).toBe('verified');
    const again = await call(app, 'POST', '/api/v1/verify/email', { token: confirm });
    expect([again.status, again.json.errorType]).toEqual([409, 'ALREADY_VERIFIED']);
    const undo = tokenIn(await waitForMail(app, 'twice@example.com', /email was changed/), '/undo-email');
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: undo })).status).toBe(200);
    expect(await status()).toBe('invalid');
  });
});

describe('the undo link mailed to the old address', () => {
  test('puts the old address back, ends every session, voids the links mailed to the new address; works once', async () => {
    const app = await makeApp();
    const { token, undo, notice } = await changed(app, 'owner@example.com', 'thief@example.com');
    expect(notice.text).toContain('expires in 7 days');
    // The new address's own copy carries no undo link.
    const theirs = await waitForMail(app, 'thief@example.com', /email was changed/);
    expect(() => tokenIn(theirs, '/undo-email')).toThrow();
    // A reset link is out to the new address (whoever holds it asked before the owner acted).
    await rows(app, "INSERT INTO email_tokens (token_hash, user_id, purpose, email, created_at, expires_at) SELECT 'h-reset', id, 'reset', NULL, ?, ? FROM users WHERE email = 'thief@example.com'", [Date.now(), Date.now() + 3_600_000]);

    const r = await call(app, 'POST', '/api/v1/email-change/undo', { token: undo });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, email: 'owner@example.com' });
    expect(r.json.message).toContain('Reset your password');
    expect((await details(app, token)).status).toBe(401);
    expect(await rows(app, 'SELECT id FROM sessions WHERE revoked_at IS NULL')).toHaveLength(0);
    expect((await rows(app, "SELECT used_at FROM email_tokens WHERE token_hash = 'h-reset'"))[0]!.used_at).not.toBeNull();
    expect((await call(app, 'POST', '/api/v1/login', { email: 'owner@example.com', password: GOOD_PASSWORD, userType: 'USER' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'thief@example.com', password: GOOD_PASSWORD, userType: 'USER' })).status).toBe(401);

    const again = await call(app, 'POST', '/api/v1/email-change/undo', { token: undo });
    expect(again.status).toBe(400);
    expect((await call(app, 'GET', `/api/v1/email-change/undo/status?token=${undo}`)).json.status).toBe('used');
  });

  // Time passes for the link: its row is aged as a whole, so what is checked is the lifetime it was given.
  const age = (app: TestApp, ms: number) => rows(app, "UPDATE email_tokens SET created_at = created_at - ?, expires_at = expires_at - ? WHERE purpose = 'email_undo'", [ms, ms]);

  test('works just before 7 days have passed', async () => {
    const app = await makeApp();
    const { undo } = await changed(app, 'week@example.com', 'other@example.com');
    await age(app, 7 * DAY_MS - 60_000);
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: undo })).status).toBe(200);
    expect(await rows(app, "SELECT id FROM users WHERE email = 'week@example.com'")).toHaveLength(1);
  });

  test('is refused just after 7 days, and the address stays as it is', async () => {
    const app = await makeApp();
    const { token, undo } = await changed(app, 'late@example.com', 'kept@example.com');
    await age(app, 7 * DAY_MS + 1_000);
    const r = await call(app, 'POST', '/api/v1/email-change/undo', { token: undo });
    expect(r.status).toBe(400);
    expect((await details(app, token)).json.user.email).toBe('kept@example.com');
    expect((await call(app, 'GET', `/api/v1/email-change/undo/status?token=${undo}`)).json.status).toBe('expired');
  });

  test("the undo of a later change cannot cancel the owner's undo of the first; the owner's cancels the later one", async () => {
    const app = await makeApp();
    const { token, undo: ownersUndo } = await changed(app, 'first@example.com', 'second@example.com');
    // The second change (made by whoever now holds the session and the password) mails its undo to the second address.
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', change('third@example.com', { currentPassword: GOOD_PASSWORD }), { token })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(await waitForMail(app, 'third@example.com', /Confirm/), '/verify/email') }, { token })).status).toBe(200);
    // The second address has two such mails: as the new address of the first change, then as the old one of the second.
    await waitForMail(app, 'second@example.com', /email was changed/, 1);
    const withLink = (await outbox(app)).filter((m) => m.to === 'second@example.com' && m.text.includes('/undo-email/'));
    expect(withLink).toHaveLength(1);
    const laterUndo = tokenIn(withLink[0]!, '/undo-email');
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: laterUndo })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: ownersUndo })).status).toBe(200);
    expect(await rows(app, "SELECT id FROM users WHERE email = 'first@example.com'")).toHaveLength(1);
  });

  test('a made-up, malformed or missing token is a 400 and changes nothing', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'plain@example.com');
    for (const body of [{ token: 'x'.repeat(43) }, { token: 42 }, {}]) expect((await call(app, 'POST', '/api/v1/email-change/undo', body)).status).toBe(400);
    expect((await details(app, token)).status).toBe(200);
  });
});

describe('the pages', () => {

  test('/undo-email/:token: opening it changes nothing; its button restores, once; then the page says the link is used', async () => {
    const app = await makeApp();
    const { token, undo } = await changed(app, 'pageowner@example.com', 'pagethief@example.com');
    const shown = await (await page(app, `/undo-email/${undo}`)).text();
    expect(shown).toContain('Restore My Email');
    expect((await details(app, token)).json.user.email).toBe('pagethief@example.com');
    const r = await form(app, `/undo-email/${undo}`, {});
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/forgot-password');
    expect((await details(app, token)).status).toBe(401);
    expect(await rows(app, "SELECT id FROM users WHERE email = 'pageowner@example.com'")).toHaveLength(1);
    expect(await (await page(app, `/undo-email/${undo}`)).text()).toContain('This link has already been used.');
    const twice = await form(app, `/undo-email/${undo}`, {});
    expect(twice.status).toBe(400);
  });

  test('the no-script profile form asks for the current password before a new address is taken', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'noscript@example.com');
    const claims = await app.deps.signer.verify(token);
    const base = { _action: 'profile', _token: formTokenOf(app, { sessionId: claims!.sid }), name: '', phoneNo: '', email: 'moved@example.com' };
    const cookie = `token=${token}`;
    // Before any script the field is on the page, so a new address takes one post.
    const first = await (await page(app, '/profile-setting', { cookie })).text();
    expect(first).toMatch(/<label for="profile-current-password">Your Password<\/label>.*?<input id="profile-current-password"[^>]* name="currentPassword"/);
    const refused = await form(app, '/profile-setting', base, cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Current password is required');
    expect(html).toContain('name="currentPassword"');
    expect(await pendingOf(app, 'noscript@example.com')).toBeNull();
    const wrong = await form(app, '/profile-setting', { ...base, currentPassword: 'Guess1234!' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).not.toContain('Guess1234!');
    const ok = await form(app, '/profile-setting', { ...base, currentPassword: GOOD_PASSWORD }, cookie);
    expect(ok.status).toBe(303);
    expect(await pendingOf(app, 'noscript@example.com')).toBe('moved@example.com');
  });
});

describe('the confirmation link of a change, opened without script', () => {
  test('a signed-in player goes back to Profile Settings told the new address; a visitor goes to Login told the same', async () => {
    const app = await makeApp();
    for (const [from, to, signedIn] of [['stay-in@example.com', 'now-here@example.com', true], ['signed-out@example.com', 'moved-out@example.com', false]] as const) {
      const { token } = await registeredPlayer(app, from);
      expect((await call(app, 'PATCH', '/api/v1/user/update-profile', change(to, { currentPassword: GOOD_PASSWORD }), { token })).status).toBe(200);
      const confirm = tokenIn(await waitForMail(app, to, /Confirm/), '/verify/email');
      const claims = await app.deps.signer.verify(token);
      const r = signedIn
        ? await form(app, `/verify/email/${confirm}`, { _token: formTokenOf(app, { sessionId: claims!.sid }) }, `token=${token}`)
        : await form(app, `/verify/email/${confirm}`, {});
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(signedIn ? '/profile-setting' : '/login');
      const next = await page(app, r.headers.get('location')!, { cookie: [signedIn ? `token=${token}` : '', ...r.headers.getSetCookie().map((c) => c.split(';')[0])].filter(Boolean).join('; ') });
      expect((await next.text()).replaceAll('<!-- -->', '')).toContain(`Email Changed! Your email address is now ${to}.`);
    }
  });
});

describe('a confirmed e-mail change and the links mailed to the old address', () => {
  test('a password reset link the old inbox received before the change no longer sets the password', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'oldbox@example.com');
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: 'oldbox@example.com', captchaId: c.json.captchaId, captcha: 'K7MP' })).status).toBe(200);
    const reset = tokenIn(await waitForMail(app, 'oldbox@example.com', /reset/i), '/reset-password');
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', change('newbox@example.com', { currentPassword: GOOD_PASSWORD }), { token })).status).toBe(200);
    const confirm = tokenIn(await waitForMail(app, 'newbox@example.com', /Confirm/), '/verify/email');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: confirm })).status).toBe(200);
    const r = await call(app, 'PATCH', `/api/v1/reset-password/${reset}`, { newPassword: 'Hijacked123!x' });
    expect(r.status).toBe(400);
    const login = await call(app, 'POST', '/api/v1/login', { email: 'newbox@example.com', password: GOOD_PASSWORD, userType: 'USER' });
    expect(login.status).toBe(200);
  });
});
