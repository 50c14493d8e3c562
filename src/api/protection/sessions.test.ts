import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, page, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let app: TestApp;
beforeAll(async () => {
  app = await makeApp();
});

async function signIn(p: TestPlayer, userAgent: string): Promise<string> {
  const r = await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER' }, { headers: { 'user-agent': userAgent } });
  expect(r.status).toBe(200);
  return r.json.token;
}
const details = (token: string) => call(app, 'GET', '/api/v1/user/details', undefined, { token });
const withCookie = (token: string) => call(app, 'GET', '/api/v1/user/details', undefined, { headers: { cookie: `token=${token}` } });
/** A route of Bun's router that runs our code (not a prepared Response), called as Bun would. */
const handlerOf = (path: string) => {
  const get = app.routes[path]!.GET;
  if (get instanceof Response) throw new Error(`${path} is a prepared answer`);
  return get;
};

describe('GET /user/sessions', () => {
  test('lists the live sessions with device, address and times; the asking one is current', async () => {
    const p = await createPlayer(app);
    const firefox = await signIn(p, FIREFOX);
    await signIn(p, SAFARI);
    const r = await call(app, 'GET', '/api/v1/user/sessions', undefined, { token: firefox });
    expect(r.status).toBe(200);
    expect(r.json.sessions).toHaveLength(3);
    const current = r.json.sessions.filter((s: any) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Firefox on Linux', ip: expect.any(String) });
    expect(r.json.sessions.map((s: any) => s.device)).toContain('Safari on iOS');
    for (const s of r.json.sessions) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt']);
      expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
  });

  test("never shows another player's sessions, nor ended ones", async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    await call(app, 'POST', '/api/v1/logout', undefined, { token: await signIn(a, FIREFOX) });
    const r = await call(app, 'GET', '/api/v1/user/sessions', undefined, { token: a.token });
    expect(r.json.sessions.map((s: any) => s.id)).toEqual([a.sessionId]);
    expect(r.json.sessions.map((s: any) => s.id)).not.toContain(b.sessionId);
  });
});

describe('DELETE /user/sessions/:id', () => {
  test("an ended session's bearer token and cookie get 401 on the next call; the rest keep working", async () => {
    const p = await createPlayer(app);
    const other = await signIn(p, FIREFOX);
    const list = (await call(app, 'GET', '/api/v1/user/sessions', undefined, { token: p.token })).json.sessions;
    const target = list.find((s: any) => !s.current);
    expect((await details(other)).status).toBe(200);
    const r = await call(app, 'DELETE', `/api/v1/user/sessions/${target.id}`, undefined, { token: p.token });
    expect(r.status).toBe(200);
    expect((await details(other)).status).toBe(401);
    expect((await withCookie(other)).status).toBe(401);
    // A signed-in page with the ended cookie sends the visitor to sign in.
    const pg = await page(app, '/profile-setting', { cookie: `token=${other}` });
    expect(pg.status).toBe(303);
    expect(pg.headers.get('location')).toStartWith('/login');
    expect((await details(p.token)).status).toBe(200);
  });

  test("another player's session id is not found and stays live", async () => {
    const a = await createPlayer(app);
    const b = await createPlayer(app);
    const r = await call(app, 'DELETE', `/api/v1/user/sessions/${b.sessionId}`, undefined, { token: a.token });
    expect(r.status).toBe(404);
    expect((await details(b.token)).status).toBe(200);
  });

  test('a cookie-authenticated end from another site is refused', async () => {
    const p = await createPlayer(app);
    const other = await signIn(p, FIREFOX);
    const list = (await call(app, 'GET', '/api/v1/user/sessions', undefined, { token: other })).json.sessions;
    const r = await call(app, 'DELETE', `/api/v1/user/sessions/${list.find((s: any) => !s.current).id}`, undefined, { headers: { cookie: `token=${other}`, 'sec-fetch-site': 'cross-site' } });
    expect(r.status).toBe(403);
    expect((await details(p.token)).status).toBe(200);
  });
});

describe('DELETE /user/sessions', () => {
  test('ends every session but the current one', async () => {
    const p = await createPlayer(app);
    const one = await signIn(p, FIREFOX);
    const two = await signIn(p, SAFARI);
    const r = await call(app, 'DELETE', '/api/v1/user/sessions', undefined, { token: two });
    expect(r.json).toMatchObject({ success: true, ended: 2 });
    expect((await details(one)).status).toBe(401);
    expect((await withCookie(p.token)).status).toBe(401);
    expect((await details(two)).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/user/sessions', undefined, { token: two })).json.sessions).toHaveLength(1);
  });
});

describe('the fast paths honour ended sessions', () => {
  test("a page served from Bun's router treats an ended session's cookie as a visitor's", async () => {
    const p = await createPlayer(app);
    const other = await signIn(p, FIREFOX);
    const viaFastPath = () => handlerOf('/login')(new Request('http://localhost:3000/login', { headers: { cookie: `token=${other}` } }));
    // Signed in, the public-only page sends the player home.
    expect((await viaFastPath()).status).toBe(303);
    await call(app, 'DELETE', '/api/v1/user/sessions', undefined, { token: p.token });
    const r = await viaFastPath();
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('name="password"');
  });
});

describe('the fast reads honour ended sessions', () => {
  test('balance, details and history answered from Bun\'s router refuse an ended token and cookie', async () => {
    const p = await createPlayer(app);
    const other = await signIn(p, FIREFOX);
    const read = (path: string, headers: Record<string, string>) => handlerOf(path.split('?')[0]!.replace(/TRANSFER$/, ':type'))(new Request('http://localhost:3000' + path, { headers }));
    const paths = ['/api/v1/user/wallet-balance', '/api/v1/user/details', '/api/v1/transaction/transaction-List/TRANSFER'];
    for (const path of paths) expect((await read(path, { authorization: `Bearer ${other}` })).status).toBe(200);
    await call(app, 'DELETE', '/api/v1/user/sessions', undefined, { token: p.token });
    for (const path of paths) {
      expect((await read(path, { authorization: `Bearer ${other}` })).status).toBe(401);
      expect((await read(path, { cookie: `token=${other}` })).status).toBe(401);
      expect((await read(path, { authorization: `Bearer ${p.token}` })).status).toBe(200);
    }
  });
});

describe('the session lookup keeps last-seen to the minute', () => {
  test('a call more than a minute after the last one moves lastSeenAt', async () => {
    const p = await createPlayer(app);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET last_seen_at = ? WHERE id = ?', args: [Date.now() - 120_000, p.sessionId] });
    await details(p.token);
    const r = await app.deps.database.client.execute({ sql: 'SELECT last_seen_at FROM sessions WHERE id = ?', args: [p.sessionId] });
    expect(Date.now() - Number(r.rows[0]!.last_seen_at)).toBeLessThan(5_000);
  });
});
