import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, outbox, registeredPlayer, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../../services/auth/captcha';

const FORGOT = 'If an account exists for this email, a password reset link has been sent.';

/** A captcha issued by the API whose answer the test then knows (the image is for eyes only). */
async function knownCaptcha(app: TestApp, answer = 'K7MP') {
  const r = await call(app, 'GET', '/api/v1/captcha');
  await app.deps.store.set(captchaKey(r.json.captchaId), captchaAnswerHash(r.json.captchaId, answer), CAPTCHA_TTL_MS);
  return { captchaId: r.json.captchaId as string, captcha: answer };
}

async function resetLinkFor(app: TestApp, email: string) {
  const before = (await outbox(app)).filter((m) => m.to === email && /Reset/.test(m.subject)).length;
  const r = await call(app, 'POST', '/api/v1/forget-password', { email, ...(await knownCaptcha(app)) });
  expect(r.status).toBe(200);
  return tokenIn(await waitForMail(app, email, /Reset/, before), '/reset-password');
}

describe('GET /captcha', () => {
  test('issues an id and an SVG image drawn as paths, stored hashed with a 10-minute expiry', async () => {
    const kept: { key: string; value: string; ttlMs: number }[] = [];
    const app = await makeApp();
    const set = app.deps.store.set.bind(app.deps.store);
    app.deps.store.set = (key, value, ttlMs) => (kept.push({ key, value, ttlMs }), set(key, value, ttlMs));
    const r = await call(app, 'GET', '/api/v1/captcha');
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.json.image).toStartWith('data:image/svg+xml;base64,');
    const svg = Buffer.from(r.json.image.split(',')[1], 'base64').toString();
    expect(svg).toStartWith('<svg');
    expect(svg).not.toContain('<text');
    expect(svg.match(/<path /g)!.length).toBeGreaterThanOrEqual(4 + 5);
    expect(kept).toEqual([{ key: `captcha:${r.json.captchaId}`, value: expect.stringMatching(/^[0-9a-f]{64}$/), ttlMs: 10 * 60_000 }]);
  });
});

describe('GET /captcha?kind=question (the non-visual form)', () => {
  test('a question in words, no picture; it counts under the same per-address limit as the picture', async () => {
    const app = await makeApp();
    const q = await call(app, 'GET', '/api/v1/captcha?kind=question');
    expect(q.status).toBe(200);
    expect(q.json.question).toMatch(/^What is [a-z]+ (plus|minus) [a-z]+\?$/);
    expect(q.json.image).toBeUndefined();
    expect(q.headers.get('cache-control')).toBe('no-store');
    for (let i = 0; i < 59; i++) await call(app, 'GET', i % 2 ? '/api/v1/captcha' : '/api/v1/captcha?kind=question');
    expect((await call(app, 'GET', '/api/v1/captcha?kind=question')).status).toBe(429);
  });

  test('the page draws it on the server with ?captcha=question, so it works without script; its plain post keeps it', async () => {
    const app = await makeApp();
    const html = await (await app.handle(new Request('http://localhost:3000/forgot-password?captcha=question'))).text();
    expect(html).toMatch(/<p id="forgot-captcha-question">What is [a-z]+ (plus|minus) [a-z]+\?<\/p>/);
    expect(html).toContain('action="/forgot-password?captcha=question"');
    expect(html).toContain('Answer (in digits or words)');
    expect(html).toContain('href="/forgot-password">Show the picture instead</a>');
    const plain = await (await app.handle(new Request('http://localhost:3000/forgot-password'))).text();
    expect(plain).toContain('href="/forgot-password?captcha=question">Cannot see the picture? Answer a question instead</a>');
  });
});

describe('POST /forget-password', () => {
  test('a right captcha (any letter case) answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'forgot@example.com');
    const known = await call(app, 'POST', '/api/v1/forget-password', { email: 'Forgot@example.com', ...(await knownCaptcha(app, 'K7MP')), captcha: 'k7mp' });
    const unknown = await call(app, 'POST', '/api/v1/forget-password', { email: 'ghost@example.com', ...(await knownCaptcha(app)) });
    expect(known.status).toBe(200);
    expect(known.json).toEqual({ success: true, message: FORGOT });
    expect(unknown.json).toEqual(known.json);
    const mail = await waitForMail(app, 'forgot@example.com', /Reset/);
    expect(mail.text).toContain('http://localhost:3000/reset-password/');
    expect(mail.html).toContain('Reset Password');
    await Bun.sleep(30);
    expect((await outbox(app)).some((m) => m.to === 'ghost@example.com')).toBe(false);
    const [t] = await rows(app, "SELECT expires_at - created_at AS ttl FROM email_tokens WHERE purpose = 'reset'");
    expect(Number(t!.ttl)).toBe(3600_000);
  });

  test('a wrong, reused, unknown or missing captcha is a 400 on captcha and sends nothing', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'captcha@example.com');
    const c = await knownCaptcha(app);
    const wrong = await call(app, 'POST', '/api/v1/forget-password', { email: 'captcha@example.com', captchaId: c.captchaId, captcha: 'AAAA' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([{ field: 'captcha', message: 'Captcha does not match' }]);
    // A wrong guess uses the captcha up: the right answer no longer works either.
    const reused = await call(app, 'POST', '/api/v1/forget-password', { email: 'captcha@example.com', ...c });
    expect(reused.json.errors).toEqual([{ field: 'captcha', message: 'Captcha does not match' }]);
    const made = await call(app, 'POST', '/api/v1/forget-password', { email: 'captcha@example.com', captchaId: crypto.randomUUID(), captcha: 'K7MP' });
    expect(made.json.errors).toEqual([{ field: 'captcha', message: 'Captcha does not match' }]);
    const missing = await call(app, 'POST', '/api/v1/forget-password', { email: 'captcha@example.com', captchaId: c.captchaId, captcha: '' });
    expect(missing.json.errors).toEqual([{ field: 'captcha', message: 'Captcha is required' }]);
    const expired = await knownCaptcha(app);
    await app.deps.store.set(captchaKey(expired.captchaId), captchaAnswerHash(expired.captchaId, expired.captcha), 1);
    await Bun.sleep(5);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: 'captcha@example.com', ...expired })).status).toBe(400);
    await Bun.sleep(30);
    expect((await outbox(app)).filter((m) => /Reset/.test(m.subject))).toHaveLength(0);
  });
});

describe('PATCH /reset-password/:id', () => {
  test('a reset meets the register rule and refuses a common password, and the link still works afterwards', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'weak@example.com');
    const link = await resetLinkFor(app, 'weak@example.com');
    for (const [weak, message] of [
      ['password1', 'Password must contain at least one uppercase letter, one lowercase letter, and one number'],
      ['Password1', 'This password is too common. Choose one that is harder to guess.'],
      ['short', 'Password must be at least 8 characters'],
    ]) {
      const r = await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: weak });
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([{ field: 'newPassword', message }]);
    }
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: 'BrandNew123' })).status).toBe(200);
  });

  test('sets the password, uses the link up, ends every session and older links', async () => {
    const app = await makeApp();
    const { token: session } = await registeredPlayer(app, 'reset@example.com');
    const older = await resetLinkFor(app, 'reset@example.com');
    const newest = await resetLinkFor(app, 'reset@example.com');
    expect(newest).not.toBe(older);
    const r = await call(app, 'PATCH', `/api/v1/reset-password/${newest}`, { newPassword: 'BrandNew123' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, message: 'Password updated successfully' });
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: session })).status).toBe(401);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'reset@example.com', password: GOOD_PASSWORD })).status).toBe(401);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'reset@example.com', password: 'BrandNew123' })).status).toBe(200);
    for (const used of [newest, older]) {
      const again = await call(app, 'PATCH', `/api/v1/reset-password/${used}`, { newPassword: 'Another123' });
      expect(again.status).toBe(400);
      expect(again.json.message).toBe('Invalid or expired token.');
    }
  });

  test('GET /reset-password/:id/status tells live, used, expired and unknown links apart without spending one', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'status@example.com');
    const status = async (t: string) => (await call(app, 'GET', `/api/v1/reset-password/${t}/status`)).json.status;
    const used = await resetLinkFor(app, 'status@example.com');
    expect(await status(used)).toBe('live');
    expect(await status(used)).toBe('live');
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${used}`, { newPassword: 'BrandNew123' })).status).toBe(200);
    expect(await status(used)).toBe('used');
    const late = await resetLinkFor(app, 'status@example.com');
    await rows(app, "UPDATE email_tokens SET expires_at = ? WHERE used_at IS NULL AND purpose = 'reset'", [Date.now() - 1]);
    expect(await status(late)).toBe('expired');
    expect(await status('A'.repeat(43))).toBe('unknown');
    expect(await status('nope')).toBe('unknown');
  });

  test('an expired link (over 1 hour) is refused and the password stays', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'slow@example.com');
    const link = await resetLinkFor(app, 'slow@example.com');
    await rows(app, "UPDATE email_tokens SET expires_at = ? WHERE purpose = 'reset'", [Date.now() - 1]);
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: 'BrandNew123' })).status).toBe(400);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'slow@example.com', password: GOOD_PASSWORD })).status).toBe(200);
  });

  // Time passes for the link: its row is aged as a whole (created and expiring that much earlier), so what is
  // checked is the lifetime the link was given, not a constant.
  const ageResetLinks = (app: TestApp, ms: number) =>
    rows(app, "UPDATE email_tokens SET created_at = created_at - ?, expires_at = expires_at - ? WHERE purpose = 'reset'", [ms, ms]);

  test('a reset link still works just before one hour has passed', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'justintime@example.com');
    const link = await resetLinkFor(app, 'justintime@example.com');
    await ageResetLinks(app, 3_600_000 - 30_000);
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: 'BrandNew123' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'justintime@example.com', password: 'BrandNew123', userType: 'USER' })).status).toBe(200);
  });

  test('a reset link is refused just after one hour has passed, and the password stays', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'justlate@example.com');
    const link = await resetLinkFor(app, 'justlate@example.com');
    await ageResetLinks(app, 3_600_000 + 1_000);
    const r = await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: 'BrandNew123' });
    expect(r.status).toBe(400);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'justlate@example.com', password: GOOD_PASSWORD, userType: 'USER' })).status).toBe(200);
  });

  test('a verification link cannot reset a password, nor a reset link verify an e-mail', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', { email: 'mix@example.com', password: GOOD_PASSWORD, reference: 'sms', userType: 'USER', termsAccepted: true, ageConfirmed: true });
    const verify = tokenIn(await waitForMail(app, 'mix@example.com', /Verify/), '/verify/email');
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${verify}`, { newPassword: 'BrandNew123' })).status).toBe(400);
    const reset = await resetLinkFor(app, 'mix@example.com');
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: reset })).status).toBe(400);
    // Neither attempt used the other link up.
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${reset}`, { newPassword: 'BrandNew123' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: verify })).status).toBe(200);
  });

  test('a reset link proves the inbox, so an unverified account can sign in after using it', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', { email: 'never@example.com', password: GOOD_PASSWORD, reference: 'sms', userType: 'USER', termsAccepted: true, ageConfirmed: true });
    expect((await call(app, 'POST', '/api/v1/login', { email: 'never@example.com', password: GOOD_PASSWORD })).status).toBe(401);
    const reset = await resetLinkFor(app, 'never@example.com');
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${reset}`, { newPassword: 'BrandNew123' })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'never@example.com', password: 'BrandNew123' })).status).toBe(200);
  });

  test('two racing uses of one link: exactly one succeeds', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'twice@example.com');
    const link = await resetLinkFor(app, 'twice@example.com');
    const results = await Promise.all(['FirstPass123', 'SecondPass123'].map((p) => call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: p })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  test.each([
    [{}, 'Password is required'],
    [{ newPassword: '' }, 'Password is required'],
    [{ newPassword: 'short1A' }, 'Password must be at least 8 characters'],
    [{ newPassword: 12345678 }, 'Password is required'],
    [{ newPassword: 'A1' + 'a'.repeat(200) }, 'Password must be at most 128 characters'],
  ])('spec §5 rule %o → 400 on newPassword, link still good', async (body, message) => {
    const app = await makeApp();
    await registeredPlayer(app, 'rules@example.com');
    const link = await resetLinkFor(app, 'rules@example.com');
    const r = await call(app, 'PATCH', `/api/v1/reset-password/${link}`, body);
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'newPassword', message }]);
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: 'BrandNew123' })).status).toBe(200);
  });
});
