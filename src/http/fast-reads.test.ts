import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
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

  test('other methods on the same paths still reach the framework', async () => {
    const res = await fetch(base + READS[0], { method: 'POST', headers: { authorization: `Bearer ${player.token}` } });
    expect(res.status).toBe(404);
  });
});
