import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, fromPeer, LOOPBACK, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { gameAccounts } from '../../tests/helpers/games';
import { available, fund } from '../../tests/helpers/money';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';

// The dev mailbox, Simulate payment, a sandbox payout's Complete / Cancel and Play a round read every reset link and
// mint credits.
// They answer a client on this machine (the connection's own address), nobody when the server listens on another
// address, and anyone only in a public demo (SANDBOX_CONTROLS=on), whose every page then says it is not real money.

const REMOTE = '192.0.2.7';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

type Who = { peer?: string; headers?: Record<string, string> };
type Setup = { app: TestApp; p: TestPlayer };

async function setup(env: Record<string, string> = {}): Promise<Setup> {
  const app = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', ...env });
  const p = await createPlayer(app);
  await fund(app, p.userId, 100_000);
  return { app, p };
}

const newDeposit = async ({ app, p }: Setup) => {
  // The earlier tries' unpaid deposits count as expired, as they soon would: a player may have only a few waiting.
  await app.deps.database.client.execute({ sql: "UPDATE deposits SET status = 'expired' WHERE user_id = ? AND status = 'pending'", args: [p.userId] });
  return (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 10 }, { token: p.token })).json.data.depositId as string;
};

/** Each control, tried as `who`: whether it answered, and that a refusal changed no balance. */
const CONTROLS: Record<string, (s: Setup, who: Who) => Promise<boolean>> = {
  async 'dev mailbox'({ app }, who) {
    const r = await page(app, '/dev/mailbox', who.headers, who.peer);
    if (r.status === 200) return (await r.text()).includes('Dev mailbox');
    // Refused, it is what any unknown path is: a redirect home.
    expect([r.status, r.headers.get('location')]).toEqual([302, '/']);
    return false;
  },
  async 'Simulate payment (API)'(s, who) {
    const id = await newDeposit(s);
    const before = await available(s.app, s.p.userId);
    const r = await call(s.app, 'POST', `/api/v1/sandbox/deposits/${id}/simulate`, { action: 'pay' }, { token: s.p.token, headers: who.headers, peer: who.peer });
    if (r.status === 200) return (await available(s.app, s.p.userId)) === before + 1000;
    expect([r.status, await available(s.app, s.p.userId)]).toEqual([404, before]);
    return false;
  },
  async 'Simulate payment (form post)'(s, who) {
    const id = await newDeposit(s);
    const before = await available(s.app, s.p.userId);
    const r = await s.app.handle(fromPeer(new Request(BASE + `/deposit-bitcoin?deposit=${id}`, {
      method: 'POST', redirect: 'manual',
      headers: { ...who.headers, cookie: `token=${s.p.token}`, origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _token: formTokenOf(s.app, s.p), _action: 'simulate', depositId: id, simulate: 'pay' }).toString(),
    }), who.peer));
    expect(r.status).toBe(303);
    return (await available(s.app, s.p.userId)) === before + 1000;
  },
  async 'Simulate payment panel'(s, who) {
    const id = await newDeposit(s);
    const doc = await (await page(s.app, `/deposit-bitcoin?deposit=${id}`, { ...who.headers, cookie: `token=${s.p.token}` }, who.peer)).text();
    expect(doc).toContain('data-island="DepositStatus"');
    return doc.includes('data-island="DepositSimulator"');
  },
  async 'sandbox payout buttons in history'(s, who) {
    const doc = await (await page(s.app, '/transactions', { ...who.headers, cookie: `token=${s.p.token}`, 'accept-encoding': 'identity' }, who.peer)).text();
    expect(doc).toContain('data-island="TransactionsTable"');
    return /sandboxPayouts&quot;:true|"sandboxPayouts":true/.test(doc);
  },
  async 'Play a round (API)'(s, who) {
    await gameAccounts(s.app, s.p);
    const r = await call(s.app, 'POST', '/api/v1/game/sandbox/play/ultra-panda', undefined, { token: s.p.token, headers: who.headers, peer: who.peer });
    if (r.status === 200) return true;
    expect(r.status).toBe(404);
    return false;
  },
  async 'Play a round button on the dashboard'(s, who) {
    await gameAccounts(s.app, s.p);
    const doc = await (await page(s.app, '/home', { ...who.headers, cookie: `token=${s.p.token}`, 'accept-encoding': 'identity' }, who.peer)).text();
    expect(doc).toContain('data-island="GameCredentials"');
    return /canPlay&quot;:true|"canPlay":true/.test(doc);
  },
  ...Object.fromEntries(['complete', 'cancel'].map((to) => [`sandbox withdrawal ${to}`, async ({ app }: Setup, who: Who) => {
    // A player of their own each time: a player may have only a few withdrawals open.
    const p = await createPlayer(app);
    await fund(app, p.userId, 10_000);
    const w = await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 }, { token: p.token });
    expect(w.status).toBe(200);
    const r = await call(app, 'POST', `/api/v1/sandbox/withdrawals/${w.json.data.withdrawalId}/${to}`, undefined, { token: p.token, headers: who.headers, peer: who.peer });
    const status = (await call(app, 'GET', `/api/v1/withdraw/${w.json.data.withdrawalId}`, undefined, { token: p.token })).json.data.status;
    if (r.status === 200) return status !== 'pending';
    expect([r.status, status]).toEqual([404, 'pending']);
    return false;
  }])),
};

const cases = Object.entries(CONTROLS);

describe('by default (HOST unset outside production: 127.0.0.1)', () => {
  let s: Setup;
  let proxied: Setup;
  beforeAll(async () => {
    s = await setup();
    proxied = await setup({ TRUSTED_PROXY_HEADER: 'X-Client-IP' });
  });

  test.each(cases)('%s answers a client on this machine', async (_, tryIt) => {
    expect(await tryIt(s, { peer: LOOPBACK })).toBe(true);
    expect(await tryIt(s, { peer: '::1' })).toBe(true);
  });

  test.each(cases)('%s does not answer a client on another machine', async (_, tryIt) => {
    expect(await tryIt(s, { peer: REMOTE })).toBe(false);
  });

  test.each(cases)('%s does not answer a remote client that claims to be local in a header', async (_, tryIt) => {
    expect(await tryIt(s, { peer: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } })).toBe(false);
  });

  test.each(cases)('%s does not answer a request a proxy on this machine forwards for another client', async (_, tryIt) => {
    expect(await tryIt(s, { peer: LOOPBACK, headers: { 'x-forwarded-for': '203.0.113.9' } })).toBe(false);
  });

  test.each(cases)('%s does not answer when the trusted proxy header names another client', async (_, tryIt) => {
    expect(await tryIt(proxied, { peer: LOOPBACK, headers: { 'x-client-ip': '203.0.113.9' } })).toBe(false);
  });

  test.each(cases)('%s does not answer a request that came in no connection', async (_, tryIt) => {
    expect(await tryIt(s, {})).toBe(false);
  });

  test('a page of another site whose name points at this machine (DNS rebinding) gets no dev mailbox and mints nothing', async () => {
    const at = (host: string, path: string, init: RequestInit = {}) => s.app.handle(fromPeer(new Request(`http://${host}:3000${path}`, { redirect: 'manual', ...init }), LOOPBACK));
    expect((await at('evil.example', '/dev/mailbox')).status).toBe(302);
    expect((await at('localhost', '/dev/mailbox')).status).toBe(200);
    expect((await at('127.0.0.1', '/dev/mailbox')).status).toBe(200);
    const id = await newDeposit(s);
    const before = await available(s.app, s.p.userId);
    const simulate = (host: string) => at(host, `/api/v1/sandbox/deposits/${id}/simulate`, {
      method: 'POST', body: JSON.stringify({ action: 'pay' }),
      headers: { authorization: `Bearer ${s.p.token}`, 'content-type': 'application/json', origin: `http://${host}:3000`, 'sec-fetch-site': 'same-origin' },
    });
    expect((await simulate('rebind.evil.example')).status).toBe(404);
    expect(await available(s.app, s.p.userId)).toBe(before);
  });

  test('no page carries the demo banner', async () => {
    for (const path of ['/', '/login', '/about-us']) expect(await (await page(s.app, path)).text()).not.toContain('demo-banner');
    expect(await (await page(s.app, '/home', { cookie: `token=${s.p.token}` })).text()).not.toContain('Demo — not real money');
  });
});

describe('listening on another address (HOST=0.0.0.0) without SANDBOX_CONTROLS', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ HOST: '0.0.0.0' });
  });

  test.each(cases)('%s is off, even for a client on this machine', async (_, tryIt) => {
    expect(await tryIt(s, { peer: LOOPBACK })).toBe(false);
  });
});

describe('a public demo: HOST=0.0.0.0 and SANDBOX_CONTROLS=on', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup({ HOST: '0.0.0.0', SANDBOX_CONTROLS: 'on' });
  });

  test.each(cases)('%s answers a client on another machine', async (_, tryIt) => {
    expect(await tryIt(s, { peer: REMOTE })).toBe(true);
  });

  test('every page says it is a demo with no real money, before the header, in its first HTML', async () => {
    const banner = '<div class="demo-banner" role="region" aria-label="Demo notice"><p><strong>Demo — not real money.</strong>';
    const operator = await createPlayer(s.app, { role: 'ADMIN' });
    const pages: [string, Record<string, string>][] = [
      ['/', {}], ['/login', {}], ['/register', {}], ['/about-us', {}], ['/privacy-policy', {}],
      ['/home', { cookie: `token=${s.p.token}` }], ['/transactions', { cookie: `token=${s.p.token}` }], ['/p2p-transfer', { cookie: `token=${s.p.token}` }],
      ['/admin', { cookie: `token=${operator.token}` }],
    ];
    for (const [path, headers] of pages) {
      const doc = await (await page(s.app, path, { ...headers, 'accept-encoding': 'identity' })).text();
      expect(doc).toContain(banner);
      expect(doc.indexOf('demo-banner')).toBeLessThan(doc.search(/<header/));
    }
    // The prepared pages that skip the framework carry it too.
    const fast = s.app.routes['/login']!.GET as (r: Request) => Promise<Response>;
    expect(await (await fast(new Request(BASE + '/login'))).text()).toContain(banner);
  });
});
