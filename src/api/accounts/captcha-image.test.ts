import { describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { outbox, registeredPlayer, waitForMail } from '../../../tests/helpers/accounts';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../../services/auth/captcha';

// The forgot-password page is prepared (the same bytes for every visit); its captcha picture is its own request,
// which issues a fresh captcha and binds it to the browser by a short-lived cookie the form's post is checked by.

const ORIGIN = 'http://localhost:3000';

/** Fetches the picture as the page's <img> does; the test then gives that captcha an answer it knows. */
async function picture(app: TestApp, answer = 'K7MP') {
  const r = await call(app, 'GET', '/api/v1/captcha.svg');
  const cookie = r.headers.get('set-cookie')!;
  const id = /^captcha=([0-9a-f-]{36});/.exec(cookie)![1]!;
  await app.deps.store.set(captchaKey(id), captchaAnswerHash(id, answer), CAPTCHA_TTL_MS);
  return { r, id, cookie: `captcha=${id}`, answer };
}

const postForm = (app: TestApp, fields: Record<string, string>, cookie?: string) =>
  app.handle(
    new Request(ORIGIN + '/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, 'sec-fetch-site': 'same-origin', ...(cookie && { cookie }) },
      body: new URLSearchParams(fields),
    }),
  );

describe('the captcha picture as its own request', () => {
  test('an SVG drawn as paths, never cached, its id in an httpOnly cookie as long-lived as the captcha', async () => {
    const app = await makeApp();
    const { r, id } = await picture(app);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toStartWith('image/svg+xml');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.text).toStartWith('<svg');
    expect(r.text).not.toContain('<text');
    expect(r.headers.get('set-cookie')).toBe(`captcha=${id}; HttpOnly; SameSite=Lax; Path=/; Max-Age=600`);
    // Each fetch is a new captcha.
    const again = await picture(app);
    expect(again.id).not.toBe(id);
  });

  test('counts under the same per-address limit as the JSON captcha', async () => {
    const app = await makeApp();
    for (let i = 0; i < 60; i++) await call(app, 'GET', i % 2 ? '/api/v1/captcha' : '/api/v1/captcha.svg');
    const r = await call(app, 'GET', '/api/v1/captcha.svg');
    expect(r.status).toBe(429);
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  test('the prepared page has no per-visit bytes: the same HTML each time, an <img> of the picture, no captcha id', async () => {
    const app = await makeApp();
    const one = await (await app.handle(new Request(ORIGIN + '/forgot-password'))).text();
    const two = await (await app.handle(new Request(ORIGIN + '/forgot-password'))).text();
    expect(two).toBe(one);
    expect(one).toContain('src="/api/v1/captcha.svg"');
    expect(one).not.toContain('name="captchaId"');
    expect(one).not.toContain('data:image/svg+xml');
    expect(app.routes['/forgot-password']).toBeDefined();
  });

  test('the plain form post is checked against the cookie: right once, then refused; no cookie or a wrong answer refused', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'plain.captcha@example.com');
    const c = await picture(app);
    const wrongFirst = await picture(app);
    const wrong = await postForm(app, { email: 'plain.captcha@example.com', captcha: 'AAAA' }, wrongFirst.cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Captcha does not match');
    // The wrong guess used that captcha up.
    expect((await postForm(app, { email: 'plain.captcha@example.com', captcha: wrongFirst.answer }, wrongFirst.cookie)).status).toBe(400);
    expect((await postForm(app, { email: 'plain.captcha@example.com', captcha: c.answer })).status).toBe(400);

    const before = (await outbox(app)).filter((m) => m.to === 'plain.captcha@example.com' && /Reset/.test(m.subject)).length;
    const ok = await postForm(app, { email: 'plain.captcha@example.com', captcha: c.answer.toLowerCase() }, c.cookie);
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/forgot-password');
    await waitForMail(app, 'plain.captcha@example.com', /Reset/, before);
    // One try: the same cookie and answer again are refused.
    expect((await postForm(app, { email: 'plain.captcha@example.com', captcha: c.answer }, c.cookie)).status).toBe(400);
  });

  test('the island posts without an id: the API takes it from the cookie; a posted id still wins over the cookie', async () => {
    const app = await makeApp();
    await registeredPlayer(app, 'island.captcha@example.com');
    const c = await picture(app);
    const byCookie = await call(app, 'POST', '/api/v1/forget-password', { email: 'island.captcha@example.com', captcha: c.answer }, { headers: { cookie: c.cookie } });
    expect(byCookie.status).toBe(200);
    const other = await picture(app, 'QW23');
    const json = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(json.json.captchaId), captchaAnswerHash(json.json.captchaId, 'ZZZZ'), CAPTCHA_TTL_MS);
    // The cookie's answer with the posted id is refused: the id decides which captcha is checked.
    const mixed = await call(app, 'POST', '/api/v1/forget-password', { email: 'island.captcha@example.com', captchaId: json.json.captchaId, captcha: other.answer }, { headers: { cookie: other.cookie } });
    expect(mixed.status).toBe(400);
    expect(mixed.json.errors).toEqual([{ field: 'captcha', message: 'Captcha does not match' }]);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: 'island.captcha@example.com', captcha: other.answer })).status).toBe(400);
  });
});
