import { beforeAll, describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, gameCents, sandboxOf } from '../../../tests/helpers/games';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;

beforeAll(async () => {
  app = await makeApp({ ULTRA_PANDA_URL: 'https://panda.example/download' });
  alice = await createPlayer(app);
  bob = await createPlayer(app);
});

const get = (p: TestPlayer | null, path: string) => call(app, 'GET', `/api/v1${path}`, undefined, { token: p?.token });
const reset = (p: TestPlayer, id: string, body: unknown) => call(app, 'PUT', `/api/v1/game/password/request-reset/${id}`, body, { token: p.token });

describe('game catalogue and accounts', () => {
  test('getgames lists the active games with their download links from config', async () => {
    const r = await get(null, '/getgames');
    expect(r.status).toBe(200);
    expect(r.json.activeGames.map((g: any) => [g.id, g.name])).toEqual([['ultra-panda', 'Ultra Panda'], ['vblink', 'VBlink']]);
    expect(r.json.activeGames[0]).toMatchObject({ gameSlug: 'ultra-panda', gameLink: 'https://panda.example/download', image: '/images/ultra-panda.svg' });
  });

  test('a first read makes one account per game; the password is stored encrypted and sent only to its owner', async () => {
    const a = await gameAccounts(app, alice);
    expect(Object.keys(a)).toEqual(['ultra-panda', 'vblink']);
    const up = a['ultra-panda'];
    expect(up).toMatchObject({ requestStatus: false, accountStatus: 'active', gameBalance: 0, gameId: { gameSlug: 'ultra-panda', gameLink: 'https://panda.example/download' } });
    expect(up.gameCredentialId.userName).toBe(`up${alice.playerId}`);
    expect(up.gameCredentialId.password).toMatch(/^[a-z0-9]{8}$/);
    const again = await gameAccounts(app, alice);
    expect(again['ultra-panda'].gameCredentialId).toEqual(up.gameCredentialId);
    const stored = await app.deps.database.client.execute({ sql: 'SELECT password_enc FROM user_games WHERE user_id = ?', args: [alice.userId] });
    expect(stored.rows).toHaveLength(2);
    for (const row of stored.rows) {
      expect(String(row.password_enc)).toMatch(/^v1\./);
      expect(String(row.password_enc)).not.toContain(up.gameCredentialId.password);
    }
    const bobs = await gameAccounts(app, bob);
    expect(bobs['ultra-panda']._id).not.toBe(up._id);
    expect(JSON.stringify(bobs)).not.toContain(up.gameCredentialId.password);
  });

  test('concurrent first reads make one account per game, and every answer names the same one', async () => {
    const carol = await createPlayer(app);
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(carol, '/games/list')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const names = new Set(answers.flatMap((r) => r.json.userGames.map((g: any) => `${g._id}/${g.gameCredentialId?.userName}/${g.gameCredentialId?.password}`)));
    expect(names.size).toBe(2);
    const rows = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM user_games WHERE user_id = ?', args: [carol.userId] });
    expect(Number(rows.rows[0]!.n)).toBe(2);
    const vendor = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM sandbox_game_accounts WHERE user_name LIKE ?', args: [`%${carol.playerId}%`] });
    expect(Number(vendor.rows[0]!.n)).toBe(2);
  });

  test('user-Game-Detail names the player own user name; an unknown game is a 404; a visitor is a 401', async () => {
    const mine = await gameAccounts(app, alice);
    const r = await get(alice, '/game/user-Game-Detail/vblink');
    expect(r.status).toBe(200);
    expect(r.json.userDetail.gameCredentialId).toEqual({ userName: mine['vblink'].gameCredentialId.userName });
    expect(r.json.userDetail.gameCredentialId.password).toBeUndefined();
    expect((await get(alice, '/game/user-Game-Detail/nope')).status).toBe(404);
    expect((await get(null, '/game/user-Game-Detail/vblink')).status).toBe(401);
    expect((await get(null, '/games/list')).status).toBe(401);
  });

  test('an inactive game is not offered and cannot be used', async () => {
    await app.deps.database.client.execute("UPDATE games SET active = 0 WHERE id = 'vblink'");
    try {
      expect((await get(null, '/getgames')).json.activeGames.map((g: any) => g.id)).toEqual(['ultra-panda']);
      expect(Object.keys(await gameAccounts(app, alice))).toEqual(['ultra-panda']);
      expect((await get(alice, '/game/user-Game-Detail/vblink')).status).toBe(404);
    } finally {
      await app.deps.database.client.execute("UPDATE games SET active = 1 WHERE id = 'vblink'");
    }
  });
});

describe('game password reset', () => {
  test('fewer than 5 characters is a 400 with the spec message and changes nothing', async () => {
    const id = (await gameAccounts(app, alice))['ultra-panda']._id;
    for (const body of [{ requestedPassword: 'abcd' }, {}, { requestedPassword: 12345 }]) {
      const r = await reset(alice, id, body);
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([{ field: 'requestedPassword', message: 'Password must be at least 5 characters long.' }]);
    }
    expect((await gameAccounts(app, alice))['ultra-panda'].requestStatus).toBe(false);
  });

  test("another player's account id is refused as not found, and nothing of theirs changes", async () => {
    const bobs = await gameAccounts(app, bob);
    const r = await reset(alice, bobs['vblink']._id, { requestedPassword: 'hijack1' });
    expect(r.status).toBe(404);
    expect((await gameAccounts(app, bob))['vblink'].gameCredentialId).toEqual(bobs['vblink'].gameCredentialId);
  });

  test('the sandbox applies a reset at once: new password in the list, a notification, the flag cleared', async () => {
    const id = (await gameAccounts(app, alice))['vblink']._id;
    const heard: any[] = [];
    const off = app.deps.hub.subscribe(alice.userId, (m) => heard.push(m));
    const r = await reset(alice, id, { requestedPassword: 'Panda-2024' });
    off();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: 'Your game password has been reset.', requestStatus: false });
    const after = (await gameAccounts(app, alice))['vblink'];
    expect(after).toMatchObject({ requestStatus: false, gameCredentialId: { password: 'Panda-2024' } });
    expect(heard.find((m) => m.event === 'notification')?.data).toMatchObject({ notificationType: 'GAME_PASSWORD_RESET', notificationContent: 'Your VBlink password has been reset.' });
  });

  test('a game that refuses the reset: 502 with its reason, the old password kept, the flag cleared', async () => {
    const before = (await gameAccounts(app, alice))['vblink'];
    sandboxOf(app).failNext('setPassword', 'The game server is unavailable. Please try again later.');
    const r = await reset(alice, before._id, { requestedPassword: 'another1' });
    expect(r.status).toBe(502);
    expect(r.json.message).toBe('The password could not be reset: The game server is unavailable. Please try again later.');
    const after = (await gameAccounts(app, alice))['vblink'];
    expect(after.gameCredentialId).toEqual(before.gameCredentialId);
    expect(after.requestStatus).toBe(false);
  });
});

describe('Play a round (sandbox, outside production)', () => {
  test('wins or loses a few credits inside the game, never below zero', async () => {
    const { userName } = (await gameAccounts(app, alice))['ultra-panda'].gameCredentialId;
    for (let i = 0; i < 5; i++) {
      const before = await gameCents(app, 'ultra-panda', userName);
      const r = await call(app, 'POST', '/api/v1/game/sandbox/play/ultra-panda', undefined, { token: alice.token, peer: LOOPBACK });
      expect(r.status).toBe(200);
      const after = await gameCents(app, 'ultra-panda', userName);
      expect(after).toBeGreaterThanOrEqual(0);
      expect(Math.round(r.json.gameBalance * 100)).toBe(after);
      expect(r.json.message).toMatch(/^(You won \$\d+\.\d\d|You lost \$\d+\.\d\d|An even round) in Ultra Panda\.$/);
      expect(Math.abs(after - before)).toBeLessThanOrEqual(500);
    }
  });
});
