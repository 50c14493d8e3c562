import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});

const cookie = (p: TestPlayer) => ({ cookie: `token=${p.token}` });
const html = async (p: TestPlayer, extraCookie = '') => (await page(app, '/profile-setting', { cookie: `token=${p.token}${extraCookie}` })).text();
/** The privacy card's plain post, as a browser without script sends it: an unticked box is not sent at all. */
const post = (p: TestPlayer, fields: Record<string, string>, token = formTokenOf(app, p)) =>
  app.handle(new Request(BASE + '/profile-setting', {
    method: 'POST', redirect: 'manual',
    headers: { ...cookie(p), origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _token: token, _action: 'privacy', ...fields }).toString(),
  }));
const saved = async (p: TestPlayer) => (await call(app, 'GET', '/api/v1/user/privacy', undefined, { token: p.token })).json.privacy.tickerOptIn;
const box = (doc: string) => /<input id="privacy-ticker"[^>]*>/.exec(doc)![0];

describe('/profile-setting: the ticker choice', () => {
  test('a Privacy card with the box unticked by default, as a plain form with the session token', async () => {
    const p = await createPlayer(app);
    const doc = await html(p);
    expect(doc).toContain('<h2 id="privacy-title">Privacy</h2>');
    expect(doc).toMatch(/<form[^>]*action="\/profile-setting#privacy" method="post"/);
    expect(doc).toContain('name="_action" value="privacy"');
    expect(box(doc)).toContain('name="tickerOptIn"');
    expect(box(doc)).not.toContain('checked');
    expect(doc).toContain('The ticker never shows your name');
  });

  test('without script: ticking saves it on the account and says so in the card; unticking turns it off', async () => {
    const p = await createPlayer(app);
    const on = await post(p, { tickerOptIn: 'on' });
    expect([on.status, on.headers.get('location')]).toEqual([303, '/profile-setting#privacy']);
    expect(await saved(p)).toBe(true);
    const flash = on.headers.get('set-cookie')!.split(';')[0]!;
    const back = await html(p, `; ${flash}`);
    expect(back).toContain('<h2 id="privacy-title">Privacy</h2><p class="alert alert-success flash" role="status">Saved. Your cash-outs may appear in the ticker, without your name, rounded to whole dollars.</p>');
    expect(box(back)).toContain('checked');
    expect((await post(p, {})).status).toBe(303);
    expect(await saved(p)).toBe(false);
  });

  test('a post without the session\'s form token changes nothing', async () => {
    const p = await createPlayer(app);
    const r = await post(p, { tickerOptIn: 'on' }, 'forged');
    expect(r.status).toBe(403);
    expect(await saved(p)).toBe(false);
  });
});
