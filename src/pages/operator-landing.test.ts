import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { submitIdentity } from '../../tests/helpers/identity';

// An operator signs in to the console, not to a player's dashboard; operators have no game accounts, and the
// console's Overview counts identity reviews waiting as the menu does.
let app: TestApp;
let op: TestPlayer;

beforeAll(async () => {
  app = await makeApp({ GAME_PROVIDER: 'manual' });
  op = await createOperatorUser(app, { password: 'Console-Pass-42' });
});

const signIn = (email: string, password: string, next?: string) =>
  app.handle(new Request(BASE + '/login', {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
    body: new URLSearchParams({ email, password, ...(next && { next }) }),
  }));

describe('where a sign-in lands', () => {
  test('an operator in the console, a player on the dashboard; a page they were going to wins', async () => {
    expect((await signIn(op.email, 'Console-Pass-42')).headers.get('location')).toBe('/admin');
    const player = await createPlayer(app, { password: 'Player-Pass-42' });
    expect((await signIn(player.email, 'Player-Pass-42')).headers.get('location')).toBe('/home');
    expect((await signIn(op.email, 'Console-Pass-42', '/admin/withdrawals')).headers.get('location')).toBe('/admin/withdrawals');
    // The API says which (the island goes there itself).
    const api = await call(app, 'POST', '/api/v1/login', { email: op.email, password: 'Console-Pass-42', userType: 'USER' });
    expect(api.json.user.role).toBe('ADMIN');
    // Signed in, the sign-in page sends each to their own place.
    const again = await page(app, '/login', { cookie: `token=${op.token}` });
    expect([again.status, again.headers.get('location')]).toEqual([303, '/admin']);
  });
});

describe('operators play no game', () => {
  test('no game account is made for an operator and, with GAME_PROVIDER=manual, no task is queued for one', async () => {
    const before = (await app.deps.games.tasks()).length;
    const games = await call(app, 'GET', '/api/v1/games/list', undefined, { token: op.token });
    expect(games.json.userGames).toEqual([]);
    const move = await call(app, 'POST', '/api/v1/transfer/transfer-data-request', { gameId: 'ultra-panda', userName: 'x', amount: 1 }, { token: op.token });
    expect([move.status, move.json.errorType]).toEqual([403, 'OPERATOR_NO_GAMES']);
    expect((await app.deps.games.tasks()).length).toBe(before);
    const rows = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM user_games WHERE user_id = ?', args: [op.userId] });
    expect(Number(rows.rows[0]!.n)).toBe(0);
    // A player still gets theirs (the operator's task queue has them).
    const player = await createPlayer(app);
    await call(app, 'GET', '/api/v1/games/list', undefined, { token: player.token });
    expect((await app.deps.games.tasks()).length).toBeGreaterThan(before);
  });
});

describe('the console Overview', () => {
  test('shows identity reviews waiting as a tile, linked to the queue', async () => {
    const player = await createPlayer(app);
    expect((await submitIdentity(app, player)).status).toBe(201);
    const doc = await (await page(app, '/admin', { cookie: `token=${op.token}` })).text();
    expect(doc).toMatch(/<dt>Identity reviews waiting<\/dt><dd><a href="\/admin\/identity">1<\/a><\/dd>/);
  });
});
