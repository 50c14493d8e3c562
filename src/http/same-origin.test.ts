import { describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import { rows } from '../../tests/helpers/accounts';
import { fromOwnSite } from './same-origin';

// What Chromium sends with every request, and on top of it for a form's navigation or a page's fetch (without
// Accept-Encoding: the answers are read here as they leave the app, not through a decompressing client).
const CHROME = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Linux"',
};
const FORM_NAVIGATION = {
  ...CHROME,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
  'cache-control': 'max-age=0',
  'content-type': 'application/x-www-form-urlencoded',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
  'sec-fetch-user': '?1',
  'upgrade-insecure-requests': '1',
};
const PAGE_FETCH = { ...CHROME, accept: 'application/json', 'content-type': 'application/json', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

type Branch = { name: string; where: Record<string, string>; cookie: boolean; allowed: boolean };
const EVIL = 'https://evil.example';
/** Each branch of the check: where the browser says the request comes from, and whether a cookie rides along. */
const BRANCHES: Branch[] = [
  { name: 'cross-site', where: { origin: EVIL, referer: EVIL + '/', 'sec-fetch-site': 'cross-site' }, cookie: true, allowed: false },
  { name: 'same-site (a sibling host)', where: { origin: 'http://shop.localhost:3000', referer: 'http://shop.localhost:3000/', 'sec-fetch-site': 'same-site' }, cookie: true, allowed: false },
  // A sibling's page that hides its origin (Referrer-Policy: no-referrer makes a browser send Origin: null), or sends
  // none: only Sec-Fetch-Site tells these from the site's own pages, and it alone refuses them.
  { name: 'same-site with Origin: null (a sibling page under no-referrer)', where: { origin: 'null', 'sec-fetch-site': 'same-site' }, cookie: true, allowed: false },
  { name: 'same-site without an Origin', where: { 'sec-fetch-site': 'same-site' }, cookie: true, allowed: false },
  { name: 'cross-site with Origin: null (a sandboxed frame)', where: { origin: 'null', 'sec-fetch-site': 'cross-site' }, cookie: true, allowed: false },
  { name: 'Origin: null without Sec-Fetch-Site (an older browser)', where: { origin: 'null' }, cookie: true, allowed: false },
  { name: 'Origin: null without Sec-Fetch-Site or a cookie', where: { origin: 'null' }, cookie: false, allowed: false },
  { name: "same-origin with Origin: null (the site's own page under no-referrer)", where: { origin: 'null', 'sec-fetch-site': 'same-origin' }, cookie: true, allowed: true },
  { name: 'a foreign Origin without Sec-Fetch-Site (an older browser)', where: { origin: EVIL, referer: EVIL + '/' }, cookie: true, allowed: false },
  { name: 'a foreign Origin though Sec-Fetch-Site says same-origin', where: { origin: EVIL, 'sec-fetch-site': 'same-origin' }, cookie: true, allowed: false },
  { name: 'a matching Origin without Sec-Fetch-Site (an older browser)', where: { origin: BASE, referer: BASE + '/' }, cookie: true, allowed: true },
  { name: 'same-origin with a matching Origin', where: { origin: BASE, referer: BASE + '/', 'sec-fetch-site': 'same-origin' }, cookie: true, allowed: true },
  { name: 'Sec-Fetch-Site: none (the player typed it)', where: { 'sec-fetch-site': 'none' }, cookie: true, allowed: true },
  { name: 'neither header, with a cookie', where: {}, cookie: true, allowed: false },
  { name: 'neither header, no cookie (an API client)', where: {}, cookie: false, allowed: true },
];

const post = (app: TestApp, path: string, headers: Record<string, string>, body: string, method = 'POST') =>
  app.handle(new Request(BASE + path, { method, headers, body, redirect: 'manual' }));

describe('fromOwnSite', () => {
  const req = (h: Record<string, string>) => new Request('http://127.0.0.1:3000/x', { method: 'POST', headers: h });
  test("PUBLIC_URL's origin and the request's own origin are ours; nothing else is", () => {
    expect(fromOwnSite(req({ origin: 'https://coinreel.example' }), 'https://coinreel.example/')).toBe(true);
    expect(fromOwnSite(req({ origin: 'http://127.0.0.1:3000' }), 'https://coinreel.example')).toBe(true);
    expect(fromOwnSite(req({ origin: 'https://coinreel.example.evil.example' }), 'https://coinreel.example')).toBe(false);
    expect(fromOwnSite(req({ origin: 'null' }), 'https://coinreel.example')).toBe(false);
    expect(fromOwnSite(req({ origin: 'null', 'sec-fetch-site': 'cross-site' }), 'https://coinreel.example')).toBe(false);
    // A page of ours under a no-referrer policy hides its origin on its own posts; Sec-Fetch-Site still vouches.
    expect(fromOwnSite(req({ origin: 'null', 'sec-fetch-site': 'same-origin' }), 'https://coinreel.example')).toBe(true);
  });
});

describe('POST /api/v1/login from each kind of origin (login CSRF)', () => {
  const app = makeApp();
  for (const b of BRANCHES)
    test(`${b.name}: ${b.allowed ? 'signs in' : '403 CROSS_SITE, no session cookie'}`, async () => {
      const a = await app;
      const p = await createPlayer(a);
      const headers = { ...PAGE_FETCH, ...b.where, ...(b.cookie && { cookie: 'device=AAAAAAAAAAAAAAAAAAAAAAAA' }) };
      const res = await post(a, '/api/v1/login', headers, JSON.stringify({ email: p.email, password: p.password, userType: 'USER' }));
      const json = (await res.json()) as Record<string, unknown>;
      if (b.allowed) {
        expect(res.status).toBe(200);
        expect(res.headers.get('set-cookie')).toMatch(/^token=/);
      } else {
        expect(res.status).toBe(403);
        expect(json).toEqual({ success: false, message: 'Request must come from the site itself.', errorType: 'CROSS_SITE' });
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await rows(a, 'SELECT id FROM sessions WHERE user_id = ? AND id <> ?', [p.userId, p.sessionId])).toHaveLength(0);
      }
    });

  test('a cross-site form-encoded login (what a <form> on another site posts) is refused before anything reads it', async () => {
    const a = await app;
    const p = await createPlayer(a);
    const body = new URLSearchParams({ email: p.email, password: p.password, userType: 'USER' }).toString();
    const res = await post(a, '/api/v1/login', { ...FORM_NAVIGATION, origin: EVIL, 'sec-fetch-site': 'cross-site' }, body);
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('a signed-in API write from each kind of origin', () => {
  const app = makeApp();
  for (const b of BRANCHES)
    test(`${b.name}: ${b.allowed ? 'runs' : 'refused, nothing changes'}`, async () => {
      const a = await app;
      const p = await createPlayer(a);
      // The cookie is the session itself; without one, the same client holds a bearer token.
      const auth: Record<string, string> = b.cookie ? { cookie: `token=${p.token}` } : { authorization: `Bearer ${p.token}` };
      const res = await post(a, '/api/v1/user/update-profile', { ...PAGE_FETCH, ...b.where, ...auth }, JSON.stringify({ name: 'Changed Name', phoneNo: '', email: p.email }), 'PATCH');
      const [row] = await rows(a, 'SELECT name FROM users WHERE id = ?', [p.userId]);
      expect(res.status).toBe(b.allowed ? 200 : 403);
      expect(row!.name).toBe(b.allowed ? 'Changed Name' : null);
    });
});

describe('the plain /login form from each kind of origin', () => {
  const app = makeApp();
  for (const b of BRANCHES)
    test(`${b.name}: ${b.allowed ? 'signs in' : 'a plain 403 page, no session cookie'}`, async () => {
      const a = await app;
      const p = await createPlayer(a);
      const headers = { ...FORM_NAVIGATION, ...b.where, ...(b.cookie && { cookie: 'device=AAAAAAAAAAAAAAAAAAAAAAAA' }) };
      const res = await post(a, '/login', headers, new URLSearchParams({ email: p.email, password: p.password }).toString());
      if (b.allowed) {
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/home');
        expect(res.headers.getSetCookie().some((c) => c.startsWith('token=ey'))).toBe(true);
      } else {
        expect(res.status).toBe(403);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('Request must come from the site itself.');
        expect(res.headers.get('set-cookie')).toBeNull();
      }
    });
});

describe('the header form POST /logout from each kind of origin', () => {
  const app = makeApp();
  const alive = async (a: TestApp, p: TestPlayer) => (await call(a, 'GET', '/api/v1/user/details', undefined, { token: p.token })).status === 200;
  for (const b of BRANCHES)
    test(`${b.name}: ${b.allowed ? 'ends the session' : 'refused, the session lives'}`, async () => {
      const a = await app;
      const p = await createPlayer(a);
      const headers = { ...FORM_NAVIGATION, ...b.where, ...(b.cookie && { cookie: `token=${p.token}` }) };
      const res = await post(a, '/logout', headers, new URLSearchParams({ _token: formTokenOf(a, p) }).toString());
      if (b.allowed) {
        expect(res.status).toBe(303);
        expect(res.headers.get('set-cookie')).toMatch(/^token=; /);
        // Without a cookie there is no session to end: the browser is only sent home.
        expect(await alive(a, p)).toBe(!b.cookie);
      } else {
        expect(res.status).toBe(403);
        expect(res.headers.get('set-cookie')).toBeNull();
        expect(await alive(a, p)).toBe(true);
      }
    });
});

describe('every account call and any other write, signed in or not', () => {
  const app = makeApp();
  const calls: [string, string][] = [
    ['POST', '/api/v1/register'], ['POST', '/api/v1/logout'], ['POST', '/api/v1/forget-password'], ['PATCH', '/api/v1/reset-password/x'],
    ['POST', '/api/v1/resend-verification-email'], ['POST', '/api/v1/verify/email'], ['PATCH', '/api/v1/user/change-password'],
    ['DELETE', '/api/v1/user/sessions/x'], ['PUT', '/api/v1/game/password/request-reset/x'], ['POST', '/api/v1/nowhere'],
    ['POST', '/register'], ['POST', '/forgot-password'], ['POST', '/reset-password/x'], ['POST', '/profile-setting'],
  ];
  for (const [method, path] of calls)
    test(`${method} ${path} from another site: 403`, async () => {
      const a = await app;
      const api = path.startsWith('/api/');
      const res = await post(a, path, { ...(api ? PAGE_FETCH : FORM_NAVIGATION), origin: EVIL, 'sec-fetch-site': 'cross-site' }, api ? '{}' : 'email=a%40b.co', method);
      expect(res.status).toBe(403);
      if (api) expect(((await res.json()) as { errorType: string }).errorType).toBe('CROSS_SITE');
    });

  test('reads are not refused: a page opened from a link on another site still loads', async () => {
    const a = await app;
    const res = await a.handle(new Request(BASE + '/login', { headers: { ...CHROME, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } }));
    expect(res.status).toBe(200);
  });

  test('the BTCPay webhook is reached server to server whatever the headers, and still checks its signature', async () => {
    const a = await app;
    for (const headers of [{ 'content-type': 'application/json', cookie: 'a=b' }, { 'content-type': 'application/json', origin: EVIL, 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const res = await post(a, '/api/v1/webhooks/btcpay', headers, '{"deliveryId":"d1"}');
      expect(res.status).toBe(401);
      expect(((await res.json()) as { errorType: string }).errorType).toBe('BAD_SIGNATURE');
    }
  });
});

describe('the JSON API takes JSON bodies only', () => {
  const app = makeApp();
  const sameOrigin = { ...CHROME, origin: BASE, 'sec-fetch-site': 'same-origin' };
  for (const type of ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'multipart/form-data; boundary=x'])
    test(`${type}: 415 UNSUPPORTED_MEDIA_TYPE, nothing runs`, async () => {
      const a = await app;
      const p = await createPlayer(a);
      const body = type.startsWith('multipart') ? '--x--' : `email=${encodeURIComponent(p.email)}&password=${p.password}&userType=USER`;
      const res = await post(a, '/api/v1/login', { ...sameOrigin, 'content-type': type }, body);
      expect(res.status).toBe(415);
      expect(((await res.json()) as { errorType: string }).errorType).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(res.headers.get('set-cookie')).toBeNull();
    });

  test('application/json (with a charset) is taken; a write with no body needs no type', async () => {
    const a = await app;
    const p = await createPlayer(a);
    const res = await post(a, '/api/v1/login', { ...sameOrigin, 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ email: p.email, password: p.password, userType: 'USER' }));
    expect(res.status).toBe(200);
    const out = await a.handle(new Request(BASE + '/api/v1/logout', { method: 'POST', headers: { ...sameOrigin, authorization: `Bearer ${p.token}` } }));
    expect(out.status).toBe(200);
  });

  test('the identity upload takes multipart from the site itself only; another site gets 403 before anything reads it', async () => {
    const a = await app;
    const p = await createPlayer(a);
    const form = new FormData();
    form.set('legalName', 'Nora Night');
    const upload = (headers: Record<string, string>) => a.handle(new Request(BASE + '/api/v1/identity/submission', { method: 'POST', headers: { ...headers, cookie: `token=${p.token}` }, body: form }));
    const ours = await upload(sameOrigin);
    // Read as a submission (its own field messages), not refused for its body's type.
    expect(ours.status).toBe(400);
    expect(((await ours.json()) as { errorType?: string }).errorType).not.toBe('UNSUPPORTED_MEDIA_TYPE');
    const foreign = await upload({ ...CHROME, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { errorType: string }).errorType).toBe('CROSS_SITE');
  });

  test('the page forms keep taking form-encoded posts', async () => {
    const a = await app;
    const p = await createPlayer(a);
    const res = await post(a, '/login', { ...FORM_NAVIGATION, origin: BASE, 'sec-fetch-site': 'same-origin' }, new URLSearchParams({ email: p.email, password: p.password }).toString());
    expect(res.status).toBe(303);
  });
});
