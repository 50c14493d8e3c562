import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, type TestApp } from '../../tests/helpers/app';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import { tokenIn, waitForMail } from '../../tests/helpers/accounts';
import { codeFor, turnOnTwoStep } from '../../tests/helpers/two-step';
import { serveApp } from '../serve';
import { SESSION_ENDED } from './socket';

let app: TestApp;
let server: ReturnType<typeof serveApp>;
let operator: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  operator = await createOperatorUser(app);
  server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
});
afterAll(() => server.stop(true));

type Page = { ws: WebSocket; heard: string[]; closed: Promise<number> };

/** A page's socket signed in by `token`'s cookie (or, `inMessage`, by the token in its first message), once ready. */
async function socketOf(token: string, inMessage = false): Promise<Page> {
  const headers = inMessage ? {} : { cookie: `token=${token}`, origin: `http://127.0.0.1:${server.port}` };
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers } as never);
  if (inMessage) ws.addEventListener('open', () => ws.send(JSON.stringify({ token })));
  const heard: string[] = [];
  const closed = new Promise<number>((r) => ws.addEventListener('close', (e) => r(e.code)));
  await new Promise<void>((ready, failed) => {
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data));
      heard.push(m.event);
      if (m.event === 'ready') ready();
    });
    void closed.then(() => failed(new Error('closed before ready')));
  });
  return { ws, heard, closed };
}

/** Proof that a socket is still open and still hears its player's pushes. */
async function stillHears(p: Page, userId: string) {
  const event = `probe-${crypto.randomUUID()}`;
  app.deps.hub.publish(userId, { event, data: {} });
  for (let i = 0; i < 200 && !p.heard.includes(event); i++) await Bun.sleep(5);
  expect(p.heard).toContain(event);
}

/** A sign-in through the API (with the two-step code when given): its token and session. */
async function signInWith(p: { email: string; password: string }, totp?: string) {
  const login = await call(app, 'POST', '/api/v1/login', { email: p.email, password: p.password, userType: 'USER', ...(totp && { totp }) });
  if (login.status !== 200) throw new Error(`login ${login.status} ${login.text}`);
  return { token: login.json.token as string, sessionId: (await app.deps.signer.verify(login.json.token))!.sid };
}

/** A player (or an operator) signed in twice (two devices), each with a page open. */
async function twoDevices(kind: 'player' | 'operator' = 'player') {
  const p = kind === 'player' ? await createPlayer(app) : await createOperatorUser(app);
  const second = await signInWith(p);
  return { p, second, pages: [await socketOf(p.token), await socketOf(second.token)] as const };
}

describe("a revoked session's open sockets close at once (one instance)", () => {
  test('signing out through the API closes that session\'s socket only; the other device still hears pushes', async () => {
    const { p, pages } = await twoDevices();
    expect((await call(app, 'POST', '/api/v1/logout', undefined, { token: p.token })).status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('a socket signed in by a token in its first message closes too', async () => {
    const p = await createPlayer(app);
    const s = await socketOf(p.token, true);
    expect((await call(app, 'POST', '/api/v1/logout', undefined, { token: p.token })).status).toBe(200);
    expect(await s.closed).toBe(SESSION_ENDED);
  });

  test("the header's Logout form closes that session's socket", async () => {
    const { p, pages } = await twoDevices();
    const res = await app.handle(new Request(BASE + '/logout', {
      method: 'POST', body: new URLSearchParams({ _token: formTokenOf(app, p) }),
      headers: { cookie: `token=${p.token}`, origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    }));
    expect(res.status).toBe(303);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('ending one session from the device list closes its socket', async () => {
    const { p, second, pages } = await twoDevices();
    expect((await call(app, 'DELETE', `/api/v1/user/sessions/${p.sessionId}`, undefined, { token: second.token })).status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('"sign out of every other device" closes the others\' sockets and keeps the asking one', async () => {
    const { p, second, pages } = await twoDevices();
    expect((await call(app, 'DELETE', '/api/v1/user/sessions', undefined, { token: second.token })).json.ended).toBe(1);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('a password change closes the other sessions\' sockets and keeps the changing one', async () => {
    const { p, second, pages } = await twoDevices();
    const r = await call(app, 'PATCH', '/api/v1/user/change-password', { currentPassword: p.password, newPassword: 'Changed123!x' }, { token: second.token });
    expect(r.status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test("a password reset closes every one of the player's sockets, and no other player's", async () => {
    const { p, pages } = await twoDevices();
    const bystander = await createPlayer(app);
    const theirs = await socketOf(bystander.token);
    const { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } = await import('../services/auth/captcha');
    const c = await call(app, 'GET', '/api/v1/captcha');
    await app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'K7MP'), CAPTCHA_TTL_MS);
    expect((await call(app, 'POST', '/api/v1/forget-password', { email: p.email, captchaId: c.json.captchaId, captcha: 'K7MP' })).status).toBe(200);
    const link = tokenIn(await waitForMail(app, p.email, /Reset/), '/reset-password');
    expect((await call(app, 'PATCH', `/api/v1/reset-password/${link}`, { newPassword: 'BrandNew123!' })).status).toBe(200);
    expect(await Promise.all(pages.map((s) => s.closed))).toEqual([SESSION_ENDED, SESSION_ENDED]);
    await stillHears(theirs, bystander.userId);
    theirs.ws.close();
  });

  test("an operator's lock closes every socket of the player", async () => {
    const { p, pages } = await twoDevices();
    expect((await call(app, 'POST', `/api/v1/admin/players/${p.userId}/lock`, { reason: 'fraud review' }, { token: operator.token })).status).toBe(200);
    expect(await Promise.all(pages.map((s) => s.closed))).toEqual([SESSION_ENDED, SESSION_ENDED]);
  });

  test("an operator's two-step reset ends every session of the player and closes their sockets", async () => {
    const p = await createPlayer(app);
    const { secret } = await turnOnTwoStep(app, p, Date.now());
    // The second device signs in with its code once two-step is on (turning it on ended every other session).
    const second = await signInWith(p, codeFor(secret, Date.now() + 30_000));
    const pages = [await socketOf(p.token), await socketOf(second.token)];
    expect((await call(app, 'POST', `/api/v1/admin/players/${p.userId}/2fa/reset`, { reason: 'lost phone, ID checked' }, { token: operator.token })).status).toBe(200);
    expect(await Promise.all(pages.map((s) => s.closed))).toEqual([SESSION_ENDED, SESSION_ENDED]);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: second.token })).status).toBe(401);
  });

  test('undoing an e-mail change closes every socket of the player', async () => {
    const { p, second } = await twoDevices();
    const to = `moved.${p.email}`;
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: to, currentPassword: p.password }, { token: second.token })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(await waitForMail(app, to, /Confirm/), '/verify/email') })).status).toBe(200);
    const undo = tokenIn(await waitForMail(app, p.email, /email was changed/), '/undo-email');
    // Two devices signed in after the change (the change and its confirmation ended the sessions from before).
    const pages = [await socketOf((await signInWith({ ...p, email: to })).token), await socketOf((await signInWith({ ...p, email: to })).token)];
    expect((await call(app, 'POST', '/api/v1/email-change/undo', { token: undo })).status).toBe(200);
    expect(await Promise.all(pages.map((s) => s.closed))).toEqual([SESSION_ENDED, SESSION_ENDED]);
  });
});

describe('a change to how the account is protected ends every other session and closes its sockets', () => {
  test('turning two-step on: the other device is signed out and its socket closes; the asking one stays, for players and operators alike', async () => {
    for (const kind of ['player', 'operator'] as const) {
      const { p, second, pages } = await twoDevices(kind);
      const s = await call(app, 'POST', '/api/v1/user/2fa/setup', {}, { token: second.token });
      const on = await call(app, 'POST', '/api/v1/user/2fa/enable', { code: codeFor(s.json.secret, Date.now()), currentPassword: p.password }, { token: second.token });
      expect(on.status).toBe(200);
      expect(await pages[0].closed).toBe(SESSION_ENDED);
      expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: p.token })).status).toBe(401);
      await stillHears(pages[1], p.userId);
      expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: second.token })).status).toBe(200);
      pages[1].ws.close();
    }
  });

  test('turning two-step off: the same', async () => {
    const p = await createPlayer(app);
    const { secret, recoveryCodes } = await turnOnTwoStep(app, p, Date.now());
    const second = await signInWith(p, codeFor(secret, Date.now() + 30_000));
    const pages = [await socketOf(p.token), await socketOf(second.token)];
    expect((await call(app, 'POST', '/api/v1/user/2fa/disable', { totp: recoveryCodes[0] }, { token: second.token })).status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: p.token })).status).toBe(401);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('asking for a new e-mail address ends the other sessions; a name or phone change alone does not', async () => {
    const { p, second, pages } = await twoDevices();
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Sam', phoneNo: '', email: p.email }, { token: second.token })).status).toBe(200);
    await stillHears(pages[0], p.userId);
    const to = `asked.${p.email}`;
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: 'Sam', phoneNo: '', email: to, currentPassword: p.password }, { token: second.token })).status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: p.token })).status).toBe(401);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('confirming the new address ends every session but the one of the browser that opened the link', async () => {
    const { p, second } = await twoDevices();
    const to = `confirmed.${p.email}`;
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: to, currentPassword: p.password }, { token: second.token })).status).toBe(200);
    const link = tokenIn(await waitForMail(app, to, /Confirm/), '/verify/email');
    // Signed in again meanwhile on a third device; the link is opened in the asking browser.
    const third = await signInWith(p);
    const pages = [await socketOf(third.token), await socketOf(second.token)];
    const r = await app.handle(new Request(BASE + '/api/v1/verify/email', {
      method: 'POST', body: JSON.stringify({ token: link }),
      headers: { cookie: `token=${second.token}`, origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    }));
    expect(r.status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    expect((await call(app, 'GET', '/api/v1/user/details', undefined, { token: third.token })).status).toBe(401);
    await stillHears(pages[1], p.userId);
    pages[1].ws.close();
  });

  test('confirming from a browser that is not signed in ends every session', async () => {
    const { p, second, pages } = await twoDevices();
    const to = `anywhere.${p.email}`;
    expect((await call(app, 'PATCH', '/api/v1/user/update-profile', { name: '', phoneNo: '', email: to, currentPassword: p.password }, { token: second.token })).status).toBe(200);
    expect(await pages[0].closed).toBe(SESSION_ENDED);
    expect((await call(app, 'POST', '/api/v1/verify/email', { token: tokenIn(await waitForMail(app, to, /Confirm/), '/verify/email') })).status).toBe(200);
    expect(await pages[1].closed).toBe(SESSION_ENDED);
  });
});

describe('a session that ends while its socket is still signing in', () => {
  // The socket server alone, with a session lookup held open on demand: the lookup has read the session as live, the
  // revocation commits and is announced, and only then does the socket join.
  const { createInProcessHub } = require('./hub.in-process') as typeof import('./hub.in-process');
  const { createSocketServer } = require('./socket') as typeof import('./socket');
  const me = { userId: 'u-late', sessionId: 's-late' } as unknown as import('../services/auth/viewer').SignedIn;

  async function held(inMessage: boolean) {
    const hub = createInProcessHub();
    let release!: () => void;
    const lookedUp = Promise.withResolvers<void>();
    const socket = createSocketServer(hub, async (req) => {
      if (!req.headers.get('cookie') && !req.headers.get('authorization')) return null;
      lookedUp.resolve();
      await new Promise<void>((r) => (release = r));
      return me;
    });
    const srv = Bun.serve({ port: 0, hostname: '127.0.0.1', websocket: socket.websocket, fetch: (req, s) => socket.upgrade(req, s as never) });
    const ws = new WebSocket(`ws://127.0.0.1:${srv.port}/ws`, { headers: inMessage ? {} : { cookie: 'token=x' } } as never);
    if (inMessage) ws.addEventListener('open', () => ws.send(JSON.stringify({ token: 'x' })));
    const heard: string[] = [];
    ws.addEventListener('message', (e) => heard.push(JSON.parse(String(e.data)).event));
    const closed = new Promise<number>((r) => ws.addEventListener('close', (e) => r(e.code)));
    await lookedUp.promise;
    return { hub, release: () => release(), heard, closed, stop: () => srv.stop(true) };
  }

  for (const how of ['the cookie', 'a token in the first message'])
    test(`signed in by ${how}: the socket is closed as it joins, and hears nothing`, async () => {
      const t = await held(how !== 'the cookie');
      try {
        t.hub.endSessions({ userId: 'u-late', sessionIds: ['s-late'] });
        t.release();
        expect(await t.closed).toBe(SESSION_ENDED);
        expect(t.heard).toEqual([]);
      } finally {
        t.stop();
      }
    });

  test("another session's end does not stop it", async () => {
    const t = await held(false);
    try {
      t.hub.endSessions({ userId: 'u-late', sessionIds: ['s-other'] });
      t.hub.endSessions({ userId: 'u-late', except: 's-late' });
      t.release();
      for (let i = 0; i < 200 && !t.heard.includes('ready'); i++) await Bun.sleep(5);
      expect(t.heard).toEqual(['ready']);
    } finally {
      t.stop();
    }
  });
});
