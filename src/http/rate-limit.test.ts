import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../tests/helpers/app';
import { GOOD_PASSWORD, registeredPlayer } from '../../tests/helpers/accounts';
import { tryAgainIn } from '../lib/app-error';
import { createMemoryRateLimiter } from './rate-limit';

describe('in-memory rate limiter', () => {
  test('allows the limit per window, then says how long to wait; a new window starts afresh', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', rule)).ok).toBe(true);
    now += 15_500;
    expect(await limiter.hit('k', rule)).toEqual({ ok: false, retryAfterSeconds: 45 });
    expect((await limiter.hit('other', rule)).ok).toBe(true);
    now += 44_500;
    expect((await limiter.hit('k', rule)).ok).toBe(true);
  });

  test('peek answers as the next hit would once the limit is reached, without counting', async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { limit: 2, windowSeconds: 60 };
    for (let i = 0; i < 5; i++) expect((await limiter.peek('k', rule)).ok).toBe(true);
    await limiter.hit('k', rule);
    expect((await limiter.peek('k', rule)).ok).toBe(true);
    await limiter.hit('k', rule);
    now += 10_000;
    expect(await limiter.peek('k', rule)).toEqual({ ok: false, retryAfterSeconds: 50 });
    now += 50_000;
    expect((await limiter.peek('k', rule)).ok).toBe(true);
  });

  test('the wait is told in whole minutes rounded up, or seconds under a minute', () => {
    expect(tryAgainIn(14 * 60)).toBe('Try again in 14 minutes.');
    expect(tryAgainIn(13 * 60 + 1)).toBe('Try again in 14 minutes.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(45)).toBe('Try again in 45 seconds.');
    expect(tryAgainIn(1)).toBe('Try again in 1 second.');
  });
});

const limited = (message: string) => ({ success: false, errorType: 'RATE_LIMITED', message });

describe('rate limits on the account calls', () => {
  test('login: 10 wrong passwords lock the address for 15 minutes, even for the right one; the answer says how long', async () => {
    let now = Date.now();
    const app = await makeApp({}, { rateLimiter: createMemoryRateLimiter(() => now) });
    await registeredPlayer(app, 'target@example.com');
    now += 61_000;
    const login = (password: string, email = 'target@example.com') => call(app, 'POST', '/api/v1/login', { email, password });
    for (let i = 0; i < 10; i++) {
      expect((await login(`Guess${i}xx`)).status).toBe(401);
      now += 5_000; // under the per-minute rule's pace
    }
    now += 60_000;
    const blocked = await call(app, 'POST', '/api/v1/login', { email: 'TARGET@example.com', password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    // 15 minutes from the first failure, less the 1 min 50 s gone by: 13 min 10 s, told as 14 minutes.
    expect(blocked.json).toEqual(limited('Too many attempts. Try again in 14 minutes.'));
    expect(blocked.headers.get('retry-after')).toBe(String(15 * 60 - 110));
    expect((await login('Guess', 'other@example.com')).status).toBe(401);
    now += (15 * 60 - 110) * 1000;
    expect((await login(GOOD_PASSWORD)).status).toBe(200);
  });

  test('login: the lockout spares a browser that signed in to the account before (its device cookie); any other stays locked', async () => {
    let now = Date.now();
    const app = await makeApp({}, { rateLimiter: createMemoryRateLimiter(() => now) });
    await registeredPlayer(app, 'owner@example.com');
    now += 61_000;
    const signIn = (password: string, cookie?: string) => call(app, 'POST', '/api/v1/login', { email: 'owner@example.com', password }, { headers: cookie ? { cookie } : {} });
    const first = await signIn(GOOD_PASSWORD);
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith('device='))!.split(';')[0]!;
    now += 61_000;
    for (let i = 0; i < 10; i++) {
      expect((await signIn(`Guess${i}xx`)).status).toBe(401);
      now += 5_000;
    }
    now += 60_000;
    // The guesser (no cookie, or a made-up one) is locked out; the owner's browser is not.
    expect((await signIn(GOOD_PASSWORD)).status).toBe(429);
    expect((await signIn(GOOD_PASSWORD, 'device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(429);
    expect((await signIn(GOOD_PASSWORD, device)).status).toBe(200);
    // A wrong password from the owner's browser is still only a wrong password.
    expect((await signIn('Wrong-one1', device)).status).toBe(401);
  });

  test('login: signing in successfully does not count towards the lockout', async () => {
    let now = Date.now();
    const app = await makeApp({}, { rateLimiter: createMemoryRateLimiter(() => now) });
    await registeredPlayer(app, 'often@example.com');
    for (let i = 0; i < 12; i++) {
      expect((await call(app, 'POST', '/api/v1/login', { email: 'often@example.com', password: GOOD_PASSWORD })).status).toBe(200);
      now += 10_000;
    }
  });

  test('login: 10 a minute per e-mail, then 429 with Retry-After, whatever the address case', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'fast@example.com');
    // registeredPlayer signed in once already.
    for (let i = 0; i < 9; i++) expect((await call(app, 'POST', '/api/v1/login', { email: 'fast@example.com', password: GOOD_PASSWORD })).status).toBe(200);
    const blocked = await call(app, 'POST', '/api/v1/login', { email: 'FAST@example.com', password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.json?.message).toMatch(/^Too many attempts\. Try again in (\d+ seconds?|1 minute)\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  test('login: 50 a minute per client address, read from the trusted proxy header only when configured', async () => {
    const app = await makeApp({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 50; i++) expect((await call(app, 'POST', '/api/v1/login', {}, from(`10.0.0.${i}, 203.0.113.7`))).status).toBe(400);
    expect((await call(app, 'POST', '/api/v1/login', {}, from('203.0.113.7'))).status).toBe(429);
    // The left, client-written entries do not pick the bucket; the proxy's last entry does.
    expect((await call(app, 'POST', '/api/v1/login', {}, from('203.0.113.7, 198.51.100.2'))).status).toBe(400);
  });

  test('register: 30 per client address per 15 minutes', async () => {
    const app = await makeApp();
    for (let i = 0; i < 30; i++) expect((await call(app, 'POST', '/api/v1/register', {})).status).toBe(400);
    const r = await call(app, 'POST', '/api/v1/register', {});
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });

  test('forgot-password: 5 per e-mail per 15 minutes; resend-verification: 5 per e-mail', async () => {
    const app = await makeApp();
    const forgot = () => call(app, 'POST', '/api/v1/forget-password', { email: 'f@example.com', captchaId: crypto.randomUUID(), captcha: 'ABCD' });
    for (let i = 0; i < 5; i++) expect((await forgot()).status).toBe(400);
    expect((await forgot()).status).toBe(429);
    const resend = () => call(app, 'POST', '/api/v1/resend-verification-email', { email: 'r@example.com' });
    for (let i = 0; i < 5; i++) expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(429);
  });

  test('change-password: 10 tries per player per 15 minutes, so a stolen session cannot guess the current password', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'guess@example.com');
    const attempt = () => call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: 'Wrong1234!', newPassword: 'Changed123!' }, { token });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(429);
  });

  test('e-mail changes: 10 per player per hour; saving other fields is not limited', async () => {
    const app = await makeApp();
    const { token } = await registeredPlayer(app, 'mover@example.com');
    const move = (n: number) => call(app, 'PATCH', '/api/v1/user/update-profile', { email: `moved${n}@example.com`, currentPassword: GOOD_PASSWORD }, { token });
    for (let i = 0; i < 10; i++) expect((await move(i)).status).toBe(200);
    expect((await move(10)).status).toBe(429);
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Mo', email: 'mover@example.com' }, { token })).status).toBe(200);
  });
});
