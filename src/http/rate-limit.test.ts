import { describe, expect, test } from 'bun:test';
import { call, makeApp } from '../../tests/helpers/app';
import { registeredPlayer } from '../../tests/helpers/accounts';
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
});

const MESSAGE = { success: false, errorType: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' };

describe('rate limits on the account calls', () => {
  test('login: 10 a minute per e-mail, then 429 with Retry-After, whatever the address case', async () => {
    const app = await makeApp();
    for (let i = 0; i < 10; i++) {
      const r = await call(app, 'POST', '/api/v1/login', { email: 'target@example.com', password: `Guess${i}` });
      expect(r.status).toBe(401);
    }
    const blocked = await call(app, 'POST', '/api/v1/login', { email: 'TARGET@example.com', password: 'Guess10' });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual(MESSAGE);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await call(app, 'POST', '/api/v1/login', { email: 'other@example.com', password: 'Guess' })).status).toBe(401);
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
    const move = (n: number) => call(app, 'PATCH', '/api/v1/user/update-profile', { email: `moved${n}@example.com` }, { token });
    for (let i = 0; i < 10; i++) expect((await move(i)).status).toBe(200);
    expect((await move(10)).status).toBe(429);
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Mo', email: 'mover@example.com' }, { token })).status).toBe(200);
  });
});
