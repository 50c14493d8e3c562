import { beforeAll, describe, expect, test } from 'bun:test';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, moveTo, redeemFrom } from '../../../tests/helpers/games';
import { available, fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let app: TestApp;
let receiver: TestPlayer;
beforeAll(async () => {
  app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600' });
  receiver = await createPlayer(app);
});

type Kind = 'COOL_OFF' | 'SELF_EXCLUDED';
type Ready = { p: TestPlayer; userName: string };

/** A funded player with $50 in Ultra Panda, then on a cool-off or self-excluded. */
async function restricted(kind: Kind): Promise<Ready> {
  const p = await createPlayer(app);
  await fund(app, p.userId, 50_000);
  const userName = (await gameAccounts(app, p))['ultra-panda'].gameCredentialId.userName;
  expect((await moveTo(app, p, { gameId: 'ultra-panda', userName, amount: 50 })).status).toBe(200);
  const r = kind === 'COOL_OFF'
    ? await call(app, 'POST', '/api/v1/user/cool-off', { period: '7d' }, { token: p.token })
    : await call(app, 'POST', '/api/v1/user/self-exclude', { period: '6m', password: p.password }, { token: p.token });
  expect(r.status).toBe(200);
  return { p, userName };
}

for (const kind of ['COOL_OFF', 'SELF_EXCLUDED'] as const) {
  describe(`while ${kind === 'COOL_OFF' ? 'on a cool-off' : 'self-excluded'}`, () => {
    let r: Ready;
    beforeAll(async () => {
      r = await restricted(kind);
    });
    const expectRefused = (res: { status: number; json: any }) => {
      expect(res.status).toBe(403);
      expect(res.json.errorType).toBe(kind);
      // The message names when it ends.
      expect(res.json.message).toMatch(kind === 'COOL_OFF' ? /cool-off break until \w{3} \d{1,2}, \d{4}/ : /self-excluded until \w{3} \d{1,2}, \d{4}/);
    };

    test('a deposit request is refused and no deposit is made', async () => {
      expectRefused(await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: r.p.token }));
      const n = await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM deposits WHERE user_id = ?', args: [r.p.userId] });
      expect(Number(n.rows[0]!.n)).toBe(0);
    });

    test('a transfer to a game is refused and the wallet keeps its credits', async () => {
      const before = await available(app, r.p.userId);
      expectRefused(await moveTo(app, r.p, { gameId: 'ultra-panda', userName: r.userName, amount: 5 }));
      expect(await available(app, r.p.userId)).toBe(before);
    });

    test('a P2P send is refused and nothing moves', async () => {
      const before = await available(app, receiver.userId);
      expectRefused(await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: receiver.email, amount: 5 }, { token: r.p.token }));
      expect(await available(app, receiver.userId)).toBe(before);
    });

    test('a P2P send through the page form is refused the same way', async () => {
      const { formTokenOf } = await import('../../../tests/helpers/players');
      const before = await available(app, receiver.userId);
      const body = new URLSearchParams({ _token: formTokenOf(app, r.p), email: receiver.email, amount: '5' });
      const res = await app.handle(new Request('http://localhost:3000/p2p-transfer', {
        method: 'POST', body, redirect: 'manual',
        headers: { cookie: `token=${r.p.token}`, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      }));
      // The page answers with the same words as the API, and no credits moved.
      expect(await res.text()).toMatch(kind === 'COOL_OFF' ? /cool-off break until/ : /self-excluded until/);
      expect(await available(app, receiver.userId)).toBe(before);
    });

    test('redeeming from a game stays open', async () => {
      const res = await redeemFrom(app, r.p, { gameId: 'ultra-panda', userName: r.userName, amount: 10 });
      expect(res.status).toBe(200);
    });

    test('withdrawing stays open', async () => {
      const res = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 }, { token: r.p.token });
      expect(res.status).toBe(200);
    });

    test('signing in, history, balance and the limits stay open', async () => {
      expect((await call(app, 'POST', '/api/v1/login', { email: r.p.email, password: r.p.password, userType: 'USER' })).status).toBe(200);
      expect((await call(app, 'GET', '/api/v1/transaction/transaction-List/TRANSFER', undefined, { token: r.p.token })).status).toBe(200);
      expect((await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: r.p.token })).status).toBe(200);
      const limits = await call(app, 'GET', '/api/v1/user/limits', undefined, { token: r.p.token });
      expect(limits.status).toBe(200);
      expect(limits.json[kind === 'COOL_OFF' ? 'coolOffUntil' : 'selfExcludedUntil']).toMatch(/^\d{4}-\d\d-\d\dT/);
    });
  });
}

describe('cool-off and self-exclusion cannot be ended early', () => {
  test('a shorter cool-off asked for during a longer one changes nothing', async () => {
    const p = await createPlayer(app);
    const long = await call(app, 'POST', '/api/v1/user/cool-off', { period: '30d' }, { token: p.token });
    const short = await call(app, 'POST', '/api/v1/user/cool-off', { period: '24h' }, { token: p.token });
    expect(short.json.coolOffUntil).toBe(long.json.coolOffUntil);
    const days = (Date.parse(long.json.coolOffUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
  });

  test('a 6-month exclusion during a permanent one stays permanent; a cool-off does not lift it', async () => {
    const p = await createPlayer(app);
    await call(app, 'POST', '/api/v1/user/self-exclude', { period: 'permanent', password: p.password }, { token: p.token });
    await call(app, 'POST', '/api/v1/user/self-exclude', { period: '6m', password: p.password }, { token: p.token });
    await call(app, 'POST', '/api/v1/user/cool-off', { period: '24h' }, { token: p.token });
    const r = await call(app, 'GET', '/api/v1/user/limits', undefined, { token: p.token });
    expect(r.json.selfExcludedUntil).toBe('permanent');
    const refused = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: p.token });
    expect(refused.json).toMatchObject({ errorType: 'SELF_EXCLUDED' });
    expect(refused.json.message).toContain('self-excluded permanently');
  });

  test('a self-exclusion of 1 year ends a year later', async () => {
    const p = await createPlayer(app);
    const r = await call(app, 'POST', '/api/v1/user/self-exclude', { period: '1y', password: p.password }, { token: p.token });
    const end = new Date(r.json.selfExcludedUntil);
    expect(end.getUTCFullYear()).toBe(new Date().getUTCFullYear() + 1);
  });

  test('there is no call that ends one', async () => {
    const p = await createPlayer(app);
    await call(app, 'POST', '/api/v1/user/cool-off', { period: '24h' }, { token: p.token });
    for (const [m, path] of [['DELETE', '/api/v1/user/cool-off'], ['POST', '/api/v1/user/cool-off/end'], ['DELETE', '/api/v1/user/self-exclude']] as const)
      expect((await call(app, m, path, undefined, { token: p.token })).status).toBeGreaterThanOrEqual(400);
    expect((await call(app, 'PUT', '/api/v1/user/limits', { daily: 10, coolOffUntil: null }, { token: p.token })).json.coolOffUntil).not.toBeNull();
  });
});

describe('bad input changes nothing', () => {
  test('self-exclusion with a wrong password is a 400 on the password field', async () => {
    const p = await createPlayer(app);
    const r = await call(app, 'POST', '/api/v1/user/self-exclude', { period: '6m', password: 'wrong-password' }, { token: p.token });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    expect((await call(app, 'GET', '/api/v1/user/limits', undefined, { token: p.token })).json.selfExcludedUntil).toBeNull();
  });

  test('unknown periods and a missing password are refused with field messages', async () => {
    const p = await createPlayer(app);
    expect((await call(app, 'POST', '/api/v1/user/cool-off', { period: '2h' }, { token: p.token })).json.errors).toEqual([{ field: 'period', message: 'Choose a cool-off period: 24h, 7d or 30d' }]);
    const r = await call(app, 'POST', '/api/v1/user/self-exclude', { period: 'forever' }, { token: p.token });
    expect(r.status).toBe(400);
    expect(r.json.errors.map((e: any) => e.field).sort()).toEqual(['password', 'period']);
    expect((await call(app, 'GET', '/api/v1/user/limits', undefined, { token: p.token })).json).toMatchObject({ coolOffUntil: null, selfExcludedUntil: null });
  });

  test('a visitor gets 401', async () => {
    expect((await call(app, 'POST', '/api/v1/user/cool-off', { period: '24h' })).status).toBe(401);
    expect((await call(app, 'GET', '/api/v1/user/limits')).status).toBe(401);
  });
});
