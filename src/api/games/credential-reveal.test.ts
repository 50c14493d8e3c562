import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { codeFor, makeClockedApp, testClock, turnOnTwoStep } from '../../../tests/helpers/two-step';

// With two-step verification on, a game password is shown only for a code: it hands over the game account and the
// credits in it, as a game password reset does (which already takes one). A stolen session alone cannot read it.
let app: TestApp;
let p: TestPlayer;
let secret: string;
let passwords: Record<string, string>;
// The app's two-step codes follow this clock: each code is a step of its own (a code works once).
const clock = testClock();
const nextCode = () => {
  clock.step();
  return codeFor(secret, clock.now());
};

beforeAll(async () => {
  app = await makeClockedApp(clock);
  p = await createPlayer(app);
  const before = (await call(app, 'GET', '/api/v1/games/list', undefined, { token: p.token })).json.userGames;
  passwords = Object.fromEntries(before.map((g: any) => [g._id, g.gameCredentialId.password]));
  ({ secret } = await turnOnTwoStep(app, p, clock.now()));
});

const list = async (token: string) => (await call(app, 'GET', '/api/v1/games/list', undefined, { token })).json.userGames;
const show = (id: string, body: unknown, token = p.token) => call(app, 'POST', `/api/v1/game/credential/${id}/show`, body, { token });

describe('game passwords behind two-step verification', () => {
  test('the list leaves them out while two-step is on, and names that', async () => {
    const games = await list(p.token);
    expect(games.map((g: any) => g.gameCredentialId)).toEqual(games.map((g: any) => ({ userName: g.gameCredentialId.userName, password: null, passwordLocked: true })));
    const other = await createPlayer(app);
    expect((await call(app, 'GET', '/api/v1/games/list', undefined, { token: other.token })).headers.get('cache-control')).toContain('no-store');
    expect((await list(other.token)).every((g: any) => typeof g.gameCredentialId.password === 'string' && !g.gameCredentialId.passwordLocked)).toBe(true);
  });

  test('show: no code, a wrong code, another player\'s account, then the right code', async () => {
    const id = Object.keys(passwords)[0]!;
    const none = await show(id, {});
    expect([none.status, none.json.errorType]).toEqual([401, 'TOTP_REQUIRED']);
    const wrong = await show(id, { totp: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.password).toBeUndefined();
    const other = await createPlayer(app);
    const theirs = (await list(other.token))[0]._id;
    const notMine = await show(theirs, { totp: nextCode() });
    expect([notMine.status, notMine.json.password]).toEqual([404, undefined]);
    const ok = await show(id, { totp: nextCode() });
    expect([ok.status, ok.json.password]).toEqual([200, passwords[id]]);
    // The answer carries the password: no browser or proxy cache may keep it.
    expect(ok.headers.get('cache-control')).toContain('no-store');
  });

  test('another site cannot ask for it', async () => {
    const id = Object.keys(passwords)[0]!;
    const r = await app.handle(new Request(`${BASE}/api/v1/game/credential/${id}/show`, {
      method: 'POST', headers: { cookie: `token=${p.token}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify({ totp: nextCode() }),
    }));
    expect(r.status).toBe(403);
  });

  test('the dashboard without script: no password in the page; the reveal form shows it for the right code only', async () => {
    const cookie = `token=${p.token}`;
    const home = await (await app.handle(new Request(`${BASE}/home`, { headers: { cookie } }))).text();
    for (const pw of Object.values(passwords)) expect(home).not.toContain(pw);
    expect(home).toContain('name="_action" value="reveal"');
    const id = Object.keys(passwords)[0]!;
    const post = (totp: string) => app.handle(new Request(`${BASE}/home`, {
      method: 'POST',
      headers: { cookie, origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _action: 'reveal', _token: formTokenOf(app, p), id, totp }).toString(),
    }));
    const refused = await post('000000');
    expect(refused.status).toBe(401);
    const refusedPage = await refused.text();
    expect(refusedPage).not.toContain(passwords[id]!);
    expect(refusedPage).toContain('aria-invalid="true"');
    const shown = await post(nextCode());
    expect(shown.status).toBe(200);
    const page = await shown.text();
    expect(page).toContain(`<code id="pw-${id}" aria-live="polite">${passwords[id]}</code>`);
    expect(shown.headers.get('cache-control')).toContain('no-store');
  });
});

describe('an account the game has not made yet', () => {
  test('has no password to show: 404, whoever asks', async () => {
    const manual = await makeClockedApp(testClock(), { GAME_PROVIDER: 'manual' });
    const q = await createPlayer(manual);
    const games = (await call(manual, 'GET', '/api/v1/games/list', undefined, { token: q.token })).json.userGames;
    expect(games.map((g: any) => g.accountStatus)).toEqual(['creating', 'creating']);
    const r = await call(manual, 'POST', `/api/v1/game/credential/${games[0]._id}/show`, {}, { token: q.token });
    expect([r.status, r.json.password]).toEqual([404, undefined]);
  });
});
