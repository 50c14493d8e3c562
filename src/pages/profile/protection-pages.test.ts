import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});

const cookie = (p: TestPlayer) => ({ cookie: `token=${p.token}` });
const html = async (p: TestPlayer, path = '/profile-setting') => {
  const r = await page(app, path, cookie(p));
  expect(r.status).toBe(200);
  return r.text();
};
/** A plain form post to the profile page, as a browser without script sends it. */
const post = (p: TestPlayer, fields: Record<string, string>) =>
  app.handle(new Request(BASE + '/profile-setting', {
    method: 'POST', redirect: 'manual',
    headers: { ...cookie(p), origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _token: formTokenOf(app, p), ...fields }).toString(),
  }));
const limits = async (p: TestPlayer) => (await call(app, 'GET', '/api/v1/user/limits', undefined, { token: p.token })).json;
const text = (doc: string) => doc.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

describe('/profile-setting: Responsible gaming section', () => {
  test('shows the three forms as plain posts with the session token', async () => {
    const p = await createPlayer(app);
    const doc = await html(p);
    expect(doc).toContain('id="responsible-gaming-title">Responsible gaming</h2>');
    for (const action of ['limits', 'coolOff', 'selfExclude']) expect(doc).toContain(`name="_action" value="${action}"`);
    expect(doc.match(/<form[^>]*action="\/profile-setting" method="post"/g)!.length).toBeGreaterThanOrEqual(5);
    expect(doc).toContain(`name="_token" value="${formTokenOf(app, p)}"`);
    for (const f of ['daily', 'weekly', 'monthly', 'timeZone', 'password', 'confirm']) expect(doc).toContain(`name="${f}"`);
    expect(doc).toContain('<option value="America/New_York">Eastern (New York)</option>');
    expect(doc).toContain('href="/support#gambling-help"');
  });

  test('saving limits without script: set at once, a raise waits and is listed', async () => {
    const p = await createPlayer(app);
    const r = await post(p, { _action: 'limits', daily: '50', weekly: '', monthly: '$300.50', timeZone: 'America/Chicago' });
    expect(r.status).toBe(303);
    // Back to the limits themselves, with the confirmation shown there (not at the top of a long page).
    expect(r.headers.get('location')).toBe('/profile-setting#deposit-limits');
    expect(await limits(p)).toMatchObject({ deposit: { daily: 50, weekly: null, monthly: 300.5 }, timeZone: 'America/Chicago' });
    const flash = r.headers.get('set-cookie')!.split(';')[0]!;
    const back = await (await page(app, '/profile-setting', { cookie: `token=${p.token}; ${flash}` })).text();
    const saved = '<p class="alert alert-success flash" role="status">Deposit limits saved.</p>';
    expect(back).toContain(`<h3 id="deposit-limits">Deposit limits</h3>${saved}`);
    expect(back.split(saved).length).toBe(2);
    expect(back).not.toContain('<div class="flash-wrap">');
    await post(p, { _action: 'limits', daily: '80', weekly: '', monthly: '300.50', timeZone: 'America/Chicago' });
    const doc = text(await html(p));
    expect(doc).toMatch(/Daily limit becomes \$80\.00 on \w{3} \d{1,2}, \d{4}, .* \(America\/Chicago\) ?\./);
    expect((await limits(p)).deposit.daily).toBe(50);
  });

  test("a player's own zone outside the usual list is still offered and kept", async () => {
    const p = await createPlayer(app);
    await call(app, 'PUT', '/api/v1/user/limits', { timeZone: 'Europe/Berlin' }, { token: p.token });
    const doc = await html(p);
    expect(doc).toMatch(/<option value="Europe\/Berlin" selected="">Europe\/Berlin<\/option>/);
  });

  test('a bad limit re-renders the form with the field message and what was typed; nothing changes', async () => {
    const p = await createPlayer(app);
    const r = await post(p, { _action: 'limits', daily: 'lots', weekly: '', monthly: '' });
    expect(r.status).toBe(400);
    const doc = await r.text();
    expect(text(doc)).toContain('Daily limit must be an amount above $0 with at most two decimals, up to $1,000,000, or empty for no limit');
    expect(doc).toContain('value="lots"');
    expect(doc).toContain('aria-invalid="true"');
    expect((await limits(p)).deposit.daily).toBeNull();
  });

  test('a cool-off needs the confirmation ticked, then starts and is shown', async () => {
    const p = await createPlayer(app);
    const unticked = await post(p, { _action: 'coolOff', period: '7d' });
    expect(unticked.status).toBe(400);
    expect(text(await unticked.text())).toContain('Tick the box to confirm your break');
    expect((await limits(p)).coolOffUntil).toBeNull();
    expect((await post(p, { _action: 'coolOff', period: '7d', confirm: 'yes' })).status).toBe(303);
    expect((await limits(p)).coolOffUntil).not.toBeNull();
    expect(text(await html(p))).toMatch(/You are on a cool-off break until \w{3} \d{1,2}, \d{4}/);
  });

  test('self-exclusion needs the confirmation and the right password', async () => {
    const p = await createPlayer(app);
    const unticked = await post(p, { _action: 'selfExclude', period: '1y', password: p.password });
    expect(text(await unticked.text())).toContain('Tick the box to confirm you understand it cannot be undone');
    const wrong = await post(p, { _action: 'selfExclude', period: '1y', password: 'not-it', confirm: 'yes' });
    expect(wrong.status).toBe(400);
    const wrongDoc = await wrong.text();
    expect(text(wrongDoc)).toContain('Password is incorrect');
    // The password is never sent back into the page.
    expect(wrongDoc).not.toContain('not-it');
    expect((await limits(p)).selfExcludedUntil).toBeNull();
    expect((await post(p, { _action: 'selfExclude', period: 'permanent', password: p.password, confirm: 'yes' })).status).toBe(303);
    expect((await limits(p)).selfExcludedUntil).toBe('permanent');
    expect(text(await html(p))).toContain('You are self-excluded permanently.');
  });

  test('a post without the session token changes nothing', async () => {
    const p = await createPlayer(app);
    const r = await app.handle(new Request(BASE + '/profile-setting', {
      method: 'POST', redirect: 'manual',
      headers: { ...cookie(p), origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _action: 'coolOff', period: '30d', confirm: 'yes' }).toString(),
    }));
    expect(r.status).toBe(403);
    expect((await limits(p)).coolOffUntil).toBeNull();
  });
});

describe('/profile-setting: devices and activity', () => {
  test('lists this device and the others, each other one with a sign-out form; recent activity is shown', async () => {
    const p = await createPlayer(app);
    const other = (await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' }, { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' } })).json.token;
    const doc = await html(p);
    expect(text(doc)).toContain('This device');
    expect(text(doc)).toContain('Safari on macOS');
    expect(doc.match(/value="endSession"/g)).toHaveLength(1);
    expect(doc).toContain('value="endOtherSessions"');
    expect(text(doc)).toContain('Signed in');

    const sessionId = /name="sessionId" value="([^"]+)"/.exec(doc)![1]!;
    const r = await post(p, { _action: 'endSession', sessionId });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/profile-setting#sessions');
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: other })).status).toBe(401);
    expect(text(await html(p))).toContain('Device signed out');
  });

  test('sign out of all other devices', async () => {
    const p = await createPlayer(app);
    const others = [];
    for (let i = 0; i < 2; i++) others.push((await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' })).json.token);
    expect((await post(p, { _action: 'endOtherSessions' })).status).toBe(303);
    for (const t of others) expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: t })).status).toBe(401);
    expect((await page(app, '/profile-setting', cookie(p))).status).toBe(200);
  });

  test("ending another player's session from the form is refused and changes nothing", async () => {
    const p = await createPlayer(app);
    const q = await createPlayer(app);
    const r = await post(p, { _action: 'endSession', sessionId: q.sessionId });
    expect(r.status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: q.token })).status).toBe(200);
  });
});

describe('the header\'s Logout form', () => {
  test('records LOGOUT for the session it ends', async () => {
    const p = await createPlayer(app);
    const keep = (await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' })).json.token;
    const r = await app.handle(new Request(BASE + '/logout', {
      method: 'POST', redirect: 'manual',
      headers: { ...cookie(p), origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _token: formTokenOf(app, p) }).toString(),
    }));
    expect(r.status).toBe(303);
    const events = (await call(app, 'GET', '/api/v1/user/security-events', undefined, { token: keep })).json.events;
    expect(events[0].type).toBe('LOGOUT');
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: p.token })).status).toBe(401);
  });
});

describe('support and history pages', () => {
  test('/support links to real help organisations', async () => {
    const r = await page(app, '/support');
    const doc = await r.text();
    expect(doc).toContain('id="gambling-help"');
    expect(doc).toContain('href="tel:18004262537"');
    for (const site of ['https://www.ncpgambling.org', 'https://www.gamblersanonymous.org', 'https://www.gamcare.org.uk']) expect(doc).toContain(`href="${site}"`);
  });

  test('/transactions has a Download CSV link for the tab shown, which downloads with the cookie alone', async () => {
    const p = await createPlayer(app);
    const doc = await html(p, '/transactions');
    const href = /href="(\/api\/v1\/transaction\/export\.csv\?type=[A-Z]+)"[^>]*>Download CSV/.exec(doc)![1]!;
    // The history opens on All (docs/decisions/history-all-tab.md).
    expect(href).toBe('/api/v1/transaction/export.csv?type=ALL');
    const csv = await page(app, href, cookie(p));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toStartWith('text/csv');
  });
});
