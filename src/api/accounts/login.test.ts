import { describe, expect, spyOn, test } from 'bun:test';
import { BASE, call, makeApp, page } from '../../../tests/helpers/app';
import { GOOD_PASSWORD, outbox, registeredPlayer, registration, rows, tokenIn, waitForMail } from '../../../tests/helpers/accounts';
import { formTokenOf } from '../../../tests/helpers/players';

const INVALID = 'Invalid email or password. Please try again.';
const login = (email: string, password = GOOD_PASSWORD, extra: Record<string, unknown> = {}) => ({ email, password, userType: 'USER', ...extra });

describe('POST /login', () => {
  test('answers the token and user, and sets an httpOnly SameSite=Lax session cookie that ends with the browser', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'cookie@example.com');
    const r = await call(app, 'POST', '/api/v1/login', login(' Cookie@Example.com '));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: 'Login successful', user: { email: 'cookie@example.com', name: '' } });
    expect(r.json.user.playerId).toBeGreaterThanOrEqual(1_000_000);
    expect(typeof r.json.user._id).toBe('string');
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('token='))!;
    expect(cookie).toStartWith(`token=${r.json.token};`);
    // Beside it, the long-lived device cookie that tells this browser from a new device next time.
    expect(r.headers.getSetCookie().find((c) => c.startsWith('device='))).toMatch(/^device=[A-Za-z0-9_-]{24}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=34560000$/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Max-Age');
    expect(cookie).not.toContain('Secure');
    const [s] = await rows(app, 'SELECT created_at, expires_at, remember FROM sessions ORDER BY created_at DESC LIMIT 1');
    expect(Number(s!.expires_at) - Number(s!.created_at)).toBe(12 * 3600_000);
    expect(s!.remember).toBe(0);
    // Both the cookie and the bearer token are accepted.
    const viaCookie = await call(app, 'GET', '/api/v1/user/details', undefined, { headers: { cookie: `token=${r.json.token}` } });
    expect(viaCookie.status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: r.json.token })).status).toBe(200);
  });

  test('remember-me makes a 30-day session and cookie; https makes the cookie Secure', async () => {
    const app = await makeApp({ PUBLIC_URL: 'https://coinreel.example' });
    await registeredPlayer(app, 'remember@example.com');
    const r = await call(app, 'POST', '/api/v1/login', login('remember@example.com', GOOD_PASSWORD, { remember: true }));
    expect(r.status).toBe(200);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Secure');
    const [s] = await rows(app, 'SELECT created_at, expires_at, remember FROM sessions ORDER BY created_at DESC LIMIT 1');
    expect(Number(s!.expires_at) - Number(s!.created_at)).toBe(30 * 24 * 3600_000);
    expect(s!.remember).toBe(1);
  });

  test('an unverified account with the right password is answered exactly as a wrong password; its owner is mailed a fresh link instead', async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('unverified@example.com'));
    await waitForMail(app, 'unverified@example.com', /Verify/);
    const verify = spyOn(Bun.password, 'verify');
    try {
      const right = await call(app, 'POST', '/api/v1/login', login('unverified@example.com'));
      const wrong = await call(app, 'POST', '/api/v1/login', login('unverified@example.com', 'Wrong1234'));
      const unknown = await call(app, 'POST', '/api/v1/login', login('nobody-here@example.com'));
      // The same answer in every part a script can read, after the same hash work.
      for (const r of [right, wrong, unknown]) {
        expect([r.status, r.json, r.headers.get('set-cookie'), r.headers.get('cache-control')]).toEqual([401, { success: false, errorType: 'INVALID_CREDENTIALS', message: INVALID }, null, wrong.headers.get('cache-control')]);
      }
      expect(verify).toHaveBeenCalledTimes(3);
      expect(verify.mock.calls.map((c) => String(c[1]).slice(0, 31))).toEqual(Array(3).fill('$argon2id$v=19$m=19456,t=2,p=1$'));
    } finally {
      verify.mockRestore();
    }
    expect(await rows(app, 'SELECT id FROM sessions')).toHaveLength(0);
    // The owner, who knew the password, has a second verification link (the wrong password sent none); it verifies.
    const fresh = await waitForMail(app, 'unverified@example.com', /Verify/, 1);
    await Bun.sleep(50);
    expect((await outbox(app)).filter((m) => m.to === 'unverified@example.com' && /Verify/.test(m.subject))).toHaveLength(2);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(fresh, '/verify/email') })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/login', login('unverified@example.com'))).status).toBe(200);
  });

  test("the unverified owner's fresh links are limited as a resend is: five in 15 minutes, with the same answer each time", async () => {
    const app = await makeApp();
    await call(app, 'POST', '/api/v1/register', registration('patient@example.com'));
    await waitForMail(app, 'patient@example.com', /Verify/);
    for (let i = 0; i < 7; i++) expect((await call(app, 'POST', '/api/v1/login', login('patient@example.com'))).json.errorType).toBe('INVALID_CREDENTIALS');
    await waitForMail(app, 'patient@example.com', /Verify/, 5);
    await Bun.sleep(100);
    expect((await outbox(app)).filter((m) => m.to === 'patient@example.com' && /Verify/.test(m.subject))).toHaveLength(6);
  });

  test('a wrong password and an unknown e-mail get the same 401 after the same hash work', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'known@example.com');
    const verify = spyOn(Bun.password, 'verify');
    try {
      const wrongPassword = await call(app, 'POST', '/api/v1/login', login('known@example.com', 'Wrong1234'));
      expect(verify).toHaveBeenCalledTimes(1);
      const unknown = await call(app, 'POST', '/api/v1/login', login('unknown@example.com', 'Wrong1234'));
      // The unknown address was checked against the dummy argon2id hash, the same kind of work.
      expect(verify).toHaveBeenCalledTimes(2);
      expect(String(verify.mock.calls[1]![1])).toStartWith('$argon2id$v=19$m=19456,t=2,p=1$');
      expect(wrongPassword.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(unknown.json).toEqual(wrongPassword.json);
      expect(unknown.json).toEqual({ success: false, errorType: 'INVALID_CREDENTIALS', message: INVALID });
    } finally {
      verify.mockRestore();
    }
  });

  test.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'bad@' }, 'email', 'Email address is invalid'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ remember: 'yes' }, 'remember', 'Remember me must be true or false'],
    [{ userType: 'ADMIN' }, 'userType', 'User type must be USER'],
  ])('spec §5 rule %o → 400 on %s', async (change, field, message) => {
    const app = await makeApp();
    const r = await call(app, 'POST', '/api/v1/login', { ...login('x@example.com'), ...change });
    expect(r.status).toBe(400);
    expect(r.json.errors).toContainEqual({ field, message });
  });
});

describe('sessions end', () => {
  test('POST /api/v1/logout revokes the session: the token and cookie are refused afterwards', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'bye@example.com');
    const out = await call(app, 'POST', '/api/v1/logout', undefined, { token });
    expect(out.status).toBe(200);
    expect(out.json.success).toBe(true);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const after = await call(app, 'GET', '/api/v1/user/details', undefined, { token });
    expect(after.status).toBe(401);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { headers: { cookie: `token=${token}` } })).status).toBe(401);
    expect((await call(app, 'POST', '/api/v1/logout', undefined, { token })).status).toBe(401);
  });

  test('the header form POST /logout revokes the session, clears the cookie and goes home', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'form@example.com');
    const claims = await app.deps.signer.verify(token);
    const body = new URLSearchParams({ _token: formTokenOf(app, { sessionId: claims!.sid }) }).toString();
    const res = await app.handle(new Request(BASE + '/logout', { method: 'POST', headers: { cookie: `token=${token}`, origin: BASE, 'content-type': 'application/x-www-form-urlencoded' }, body }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/^token=; HttpOnly; SameSite=Lax; Path=\/; Max-Age=0/);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).status).toBe(401);
    // The page landed on says so, once.
    const flash = res.headers.getSetCookie().find((c) => c.startsWith('flash='))!.split(';')[0]!;
    const landing = await page(app, '/', { cookie: flash });
    expect(await landing.text()).toContain('<p class="alert alert-info flash" role="status">You are signed out.</p>');
    expect(landing.headers.getSetCookie().some((c) => /^flash=; Max-Age=0/.test(c))).toBe(true);
    const home = await page(app, '/home', { cookie: `token=${token}` });
    expect(home.status).toBe(303);
  });

  test('a logout form without the session\'s form token changes nothing', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'notoken@example.com');
    for (const body of ['', '_token=wrong']) {
      const res = await app.handle(new Request(BASE + '/logout', { method: 'POST', headers: { cookie: `token=${token}`, origin: BASE, 'content-type': 'application/x-www-form-urlencoded' }, body }));
      expect(res.status).toBe(303);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).status).toBe(200);
  });

  test('a logout form posted from another site changes nothing', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'csrf@example.com');
    const res = await app.handle(new Request(BASE + '/logout', { method: 'POST', headers: { cookie: `token=${token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } }));
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token })).status).toBe(200);
  });

  test('an expired session is a 401 even with a well-signed token', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'expired@example.com');
    await rows(app, 'UPDATE sessions SET expires_at = ?', [Date.now() - 1]);
    const r = await call(app, 'GET', '/api/v1/user/details', undefined, { token });
    expect(r.status).toBe(401);
    expect(r.json.message).toBe('Session expired. Please log in again.');
  });
});

describe('lockout on the plain /login form', () => {
  test('the page says when to try again, keeps the e-mail and passes Retry-After on', async () => {
    const app = await makeApp();
    for (let i = 0; i < 10; i++) expect((await call(app, 'POST', '/api/v1/login', login('locked@example.com', `Guess${i}xx`))).status).toBe(401);
    const body = new URLSearchParams({ email: 'locked@example.com', password: GOOD_PASSWORD });
    const res = await app.handle(new Request(BASE + '/login', { method: 'POST', redirect: 'manual', headers: { origin: BASE, 'content-type': 'application/x-www-form-urlencoded' }, body }));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const html = await res.text();
    expect(html).toContain('Too many attempts. Try again in 15 minutes.');
    expect(html).toContain('value="locked@example.com"');
    expect(html).not.toContain(GOOD_PASSWORD);
  });
});
