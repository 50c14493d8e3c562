import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { createLogger } from '../lib/logger';
import { serveApp } from '../serve';
import { systemId, walletId } from '../services/ledger/ledger.types';

let app: TestApp;
let server: ReturnType<typeof serveApp>;
let base: string;
let player: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
  player = await createPlayer(app, { name: 'Fast Reader' });
  await app.deps.ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(player.userId), amountCents: 1234, code: 'DEPOSIT' });
});
afterAll(() => server.stop(true));

const READS = ['/api/v1/user/wallet-balance', '/api/v1/user/details'];
/** History rows as the services write them (the history version moves by trigger, as it does for theirs). */
async function insertHistory(userId: string, type: string, n: number) {
  for (let i = 0; i < n; i++)
    await app.deps.database.client.execute({
      sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, transfer_id, created_at) VALUES (?, ?, ?, ?, 'in', 'completed', ?, NULL, ?)`,
      args: [crypto.randomUUID(), `CR-TEST${i}`, userId, type, 100 + i, Date.now() + i],
    });
}
const SAME = ['content-type', 'cache-control', 'x-content-type-options', 'referrer-policy', 'content-security-policy'];
const get = (path: string, headers: Record<string, string>) => fetch(base + path, { headers });
/** The framework route's own answer, through the whole pipeline: what the fast path must equal. */
const reference = (path: string, headers: Record<string, string>) => app.handle(new Request('http://localhost:3000' + path, { headers }));

describe('signed-in reads ahead of the framework', () => {
  test('the two reads are routes of their own, served before the framework pipeline', () => {
    for (const path of READS) expect(app.routes[path]).toBeDefined();
  });

  test('with a bearer token and with the cookie, each answers what the framework route answers, headers and all', async () => {
    const auths: Record<string, string>[] = [{ authorization: `Bearer ${player.token}` }, { cookie: `token=${player.token}` }];
    for (const auth of auths) {
      for (const path of READS) {
        // Twice: the first call verifies the token, the second takes the path that needs no promise.
        for (let i = 0; i < 2; i++) {
          const [res, ref] = [await get(path, auth), await reference(path, auth)];
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual(await ref.json());
          for (const h of SAME) expect(res.headers.get(h)).toBe(ref.headers.get(h));
          expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
        }
      }
    }
    const balance = await (await get(READS[0]!, { authorization: `Bearer ${player.token}` })).json();
    expect(balance.walletAmount).toBe(12.34);
    const details = await (await get(READS[1]!, { authorization: `Bearer ${player.token}` })).json();
    expect(details.user).toMatchObject({ _id: player.userId, playerId: player.playerId, name: 'Fast Reader', email: player.email, emailVerified: true });
  });

  test('the balance is read live: a movement shows on the next call', async () => {
    const p = await createPlayer(app);
    const auth = { authorization: `Bearer ${p.token}` };
    expect((await (await get(READS[0]!, auth)).json()).walletAmount).toBe(0);
    await app.deps.ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(p.userId), amountCents: 500, code: 'DEPOSIT' });
    expect((await (await get(READS[0]!, auth)).json()).walletAmount).toBe(5);
  });

  test('no token, a forged token, an ended session and an expired session are each the framework 401', async () => {
    const p = await createPlayer(app);
    const auth = { authorization: `Bearer ${p.token}` };
    expect((await get(READS[0]!, auth)).status).toBe(200); // the token is now known to the fast path
    const cases: [string, Record<string, string>][] = [
      ['none', {}],
      ['forged', { authorization: `Bearer ${p.token.slice(0, -4)}AAAA` }],
    ];
    for (const [, headers] of cases) {
      for (const path of READS) {
        const res = await get(path, headers);
        expect(res.status).toBe(401);
        expect((await res.json()).message).toBe('Session expired. Please log in again.');
      }
    }
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ?', args: [Date.now(), p.sessionId] });
    for (const path of READS) expect((await get(path, auth)).status).toBe(401);
    const q = await createPlayer(app);
    const qa = { authorization: `Bearer ${q.token}` };
    expect((await get(READS[1]!, qa)).status).toBe(200);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ?', args: [Date.now() - 1, q.sessionId] });
    for (const path of READS) expect((await get(path, qa)).status).toBe(401);
  });

  test("an operator's read takes the framework path, which pushes the idle end of the session back", async () => {
    const op = await createPlayer(app, { role: 'ADMIN' });
    const soon = Date.now() + 60_000;
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET expires_at = ? WHERE id = ?', args: [soon, op.sessionId] });
    const auth = { authorization: `Bearer ${op.token}` };
    for (let i = 0; i < 2; i++) expect((await get(READS[1]!, auth)).status).toBe(200);
    const row = await app.deps.database.client.execute({ sql: 'SELECT expires_at FROM sessions WHERE id = ?', args: [op.sessionId] });
    expect(Number(row.rows[0]!.expires_at)).toBeGreaterThan(soon + 60 * 60_000);
  });

  test('a history page is what the framework route answers, for each type, page and limit', async () => {
    const p = await createPlayer(app);
    for (let i = 0; i < 3; i++) await app.deps.ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: walletId(p.userId), amountCents: 100 + i, code: 'DEPOSIT' });
    await insertHistory(p.userId, 'DEPOSIT', 3);
    const auth = { authorization: `Bearer ${p.token}` };
    for (const path of ['DEPOSIT', 'DEPOSIT?page=2&limit=2', 'DEPOSIT?limit=1', 'P2P', 'WITHDRAW?page=1']) {
      for (let i = 0; i < 2; i++) {
        const url = `/api/v1/transaction/transaction-List/${path}`;
        const [res, ref] = [await get(url, auth), await reference(url, auth)];
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(await ref.json());
        for (const h of SAME) expect(res.headers.get(h)).toBe(ref.headers.get(h));
      }
    }
    const body = await (await get('/api/v1/transaction/transaction-List/DEPOSIT?page=2&limit=2', auth)).json();
    expect(body.pagination).toEqual({ totalPages: 2, totalUsers: 3, limit: 2, currentPage: 2 });
  });

  test('a change to the history (a new row, a status change) shows on the very next read of a page read before', async () => {
    const p = await createPlayer(app);
    const auth = { authorization: `Bearer ${p.token}` };
    const url = '/api/v1/transaction/transaction-List/DEPOSIT';
    const list = async () => (await (await get(url, auth)).json()).TransactionList as { transactionStatus: string }[];
    expect(await list()).toEqual([]);
    await insertHistory(p.userId, 'DEPOSIT', 1);
    expect((await list()).length).toBe(1);
    await app.deps.database.client.execute({ sql: "UPDATE transactions SET status = 'expired' WHERE user_id = ?", args: [p.userId] });
    expect((await list()).map((t) => t.transactionStatus)).toEqual(['expired']);
    await app.deps.database.client.execute({ sql: 'DELETE FROM transactions WHERE user_id = ?', args: [p.userId] });
    expect(await list()).toEqual([]);
  });

  test('a payment arriving for a deposit (its row unchanged, still pending) shows on the next read of a page read before', async () => {
    const p = await createPlayer(app);
    const auth = { authorization: `Bearer ${p.token}` };
    const d = (await app.handle(new Request('http://localhost:3000/api/v1/btc/create-deposit-request', {
      method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ amount: '10' }) })).then((r) => r.json())).data;
    const row = async () => ((await (await get('/api/v1/transaction/transaction-List/DEPOSIT', auth)).json()).TransactionList as Record<string, unknown>[])[0]!;
    expect(await row()).toMatchObject({ transactionStatus: 'pending' });
    expect((await row()).paymentReceived).toBeUndefined();
    // Seen on-chain in time, not yet confirmed: the row itself stays pending, but it must stop asking to be paid.
    await app.deps.simulator!.simulate(d.invoiceId, 'received');
    await app.deps.deposits.idle();
    expect(await row()).toMatchObject({ transactionStatus: 'pending', paymentReceived: true });
  });

  test("one player's cached page is never another's", async () => {
    const [a, b] = [await createPlayer(app), await createPlayer(app)];
    await insertHistory(a.userId, 'P2P', 2);
    const url = '/api/v1/transaction/transaction-List/P2P';
    expect((await (await get(url, { authorization: `Bearer ${a.token}` })).json()).TransactionList.length).toBe(2);
    expect((await (await get(url, { authorization: `Bearer ${b.token}` })).json()).TransactionList.length).toBe(0);
  });

  test('bad input, odd queries and no session get the framework answer', async () => {
    const auth = { authorization: `Bearer ${player.token}` };
    for (const url of ['/api/v1/transaction/transaction-List/NOPE', '/api/v1/transaction/transaction-List/P2P?page=0', '/api/v1/transaction/transaction-List/P2P?page=x',
      '/api/v1/transaction/transaction-List/P2P?page=1&page=2', '/api/v1/transaction/transaction-List/p2p', '/api/v1/transaction/transaction-List/P2P?limit=500']) {
      const [res, ref] = [await get(url, auth), await reference(url, auth)];
      expect({ url, status: res.status }).toEqual({ url, status: ref.status });
      expect(await res.json()).toEqual(await ref.json());
    }
    expect((await get('/api/v1/transaction/transaction-List/P2P', {})).status).toBe(401);
  });

  test('other methods on the same paths still reach the framework', async () => {
    const res = await fetch(base + READS[0], { method: 'POST', headers: { authorization: `Bearer ${player.token}` } });
    expect(res.status).toBe(404);
  });
});

describe('the fast reads log and count as the framework does', () => {
  test('each answer writes the framework route\'s log line (its own request id) and counts under the route', async () => {
    const lines: string[] = [];
    const logged = await makeApp({ LOG_LEVEL: 'info' }, { logger: createLogger(false, (l) => void lines.push(l)) });
    const served = serveApp(logged, { port: 0, hostname: '127.0.0.1' });
    try {
      const reader = await createPlayer(logged);
      const auth = { authorization: `Bearer ${reader.token}` };
      const paths = [...READS, '/api/v1/transaction/transaction-List/P2P'];
      for (const path of paths) {
        lines.length = 0;
        // Twice on the fast path (a token first verified, then one seen before), once through the framework.
        const answers = [];
        for (let i = 0; i < 2; i++) answers.push(await fetch(`http://127.0.0.1:${served.port}${path}?page=1&limit=10`, { headers: auth }));
        answers.push(await logged.handle(new Request(`http://localhost:3000${path}?page=1&limit=10`, { headers: auth })));
        const parsed = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
        expect(parsed).toHaveLength(3);
        const shape = ({ t, ms, requestId, ...rest }: Record<string, unknown>) => rest;
        for (const [i, line] of parsed.entries()) {
          expect(shape(line)).toEqual(shape(parsed[2]!));
          expect(line.requestId).toBe(answers[i]!.headers.get('x-request-id'));
          expect(typeof line.ms).toBe('number');
        }
        expect(parsed[2]).toMatchObject({ level: 'info', method: 'GET', path, status: 200 });
        const route = parsed[2]!.route as string;
        expect(logged.deps.metrics.registry.render()).toContain(`coinreel_http_requests_total{route="${route}",method="GET",status="200"} 3`);
        expect(logged.deps.metrics.registry.render()).toContain(`coinreel_http_request_duration_seconds_count{route="${route}"} 3`);
      }
    } finally {
      served.stop(true);
    }
  });
});
