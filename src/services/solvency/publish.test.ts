import { describe, expect, test } from 'bun:test';
import { gunzipSync } from 'node:zlib';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { checkSnapshot } from '../../shared/solvency/check';
import { readNonce } from '../../shared/solvency/scheme';
import { readSnapshot } from '../../shared/solvency/snapshot-reader';
import { verifyLedger } from '../ledger/ledger-verify';
import { debtId, heldId, systemId, walletId } from '../ledger/ledger.types';
import { takeLease } from '../jobs/lease';
import { NothingToProve, PUBLISH_LEASE, PublishBusy } from './publish';

async function fileOf(app: TestApp, id: string, encoding = 'gzip') {
  const res = await app.handle(new Request(`http://localhost:3000/solvency/${id}.json`, { headers: { 'accept-encoding': encoding } }));
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, text: res.headers.get('content-encoding') === 'gzip' ? gunzipSync(bytes).toString() : bytes.toString() };
}

async function nonceOf(app: TestApp, p: TestPlayer) {
  const r = await call(app, 'GET', '/api/v1/solvency/me', undefined, { token: p.token });
  expect(r.status).toBe(200);
  return r.json as { accountNonce: string; latest: { id: string; createdAt: string; liabilityCents: number | null; url: string } | null };
}

describe('which ledger accounts count', () => {
  test("wallet, held money and money in flight count; a debt lowers it; a player in debt counts 0; paid-out money does not", async () => {
    const app = await makeApp();
    const { ledger } = app.deps;
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => createPlayer(app)));
    // a: $100 in the wallet, $30 of it held for a withdrawal not yet paid and $20 for a game load not yet settled.
    await fund(app, a!.userId, 100_00);
    await ledger.hold({ debit: walletId(a!.userId), credit: systemId('bitcoin_withdrawals'), amountCents: 30_00, code: 'WITHDRAWAL' });
    await ledger.hold({ debit: walletId(a!.userId), credit: systemId('game_float:ultra-panda'), amountCents: 20_00, code: 'GAME_LOAD' });
    // b: $10 in the wallet and $50 held past a deposit limit.
    await fund(app, b!.userId, 10_00);
    await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: heldId(b!.userId), amountCents: 50_00, code: 'DEPOSIT_HELD' });
    // c: $20 in the wallet but owes $50 after a reversed deposit: in debt, counts 0.
    await fund(app, c!.userId, 20_00);
    await ledger.transfer({ debit: debtId(c!.userId), credit: systemId('bitcoin_deposits'), amountCents: 50_00, code: 'DEPOSIT_REVERSAL' });
    // d: nothing at all. e: $40, owes $15, and $5 withdrawn and paid out (gone from the ledger's players).
    await fund(app, e!.userId, 45_00);
    await ledger.transfer({ debit: debtId(e!.userId), credit: systemId('bitcoin_deposits'), amountCents: 15_00, code: 'DEPOSIT_REVERSAL' });
    const paid = await ledger.hold({ debit: walletId(e!.userId), credit: systemId('bitcoin_withdrawals'), amountCents: 5_00, code: 'WITHDRAWAL' });
    await ledger.post(paid.id);

    const s = await app.deps.solvency.publish();
    const owed = { a: 100_00, b: 60_00, c: 0, d: 0, e: 25_00 };
    expect(s.rootCents).toBe(185_00);
    expect(s.players).toBe(5);
    expect(s.notices).toBe(5);
    const { text } = await fileOf(app, s.id);
    for (const [name, p] of Object.entries({ a, b, c, d, e })) {
      const me = await nonceOf(app, p!);
      expect(me.latest).toEqual({ id: s.id, createdAt: new Date(s.createdAt).toISOString(), url: `/solvency/${s.id}.json`, liabilityCents: owed[name as keyof typeof owed] });
      const r = await checkSnapshot(readSnapshot(text), readNonce(me.accountNonce)!);
      expect(r.ok && r.liabilityCents).toBe(owed[name as keyof typeof owed]);
    }
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });
});

describe('publication', () => {
  test('the file: public, gzip or plain, immutable and cached for good; the list, newest first, each naming the one before', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    await fund(app, p.userId, 12_34);
    const first = await app.deps.solvency.publish({ id: 'first' });
    await fund(app, p.userId, 1_00);
    const second = await app.deps.solvency.publish();
    expect(second.previousRoot).toBe(first.rootDigest);
    expect(second.seq).toBe(first.seq + 1);

    const gz = await fileOf(app, second.id);
    const plain = await fileOf(app, second.id, 'identity');
    expect(gz.res.headers.get('content-encoding')).toBe('gzip');
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(gz.text);
    expect(plain.res.headers.get('content-length')).toBe(String(Buffer.byteLength(plain.text)));
    expect(plain.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.res.headers.get('etag')).toBe(`"${second.fileSha256}"`);
    expect(new Bun.CryptoHasher('sha256').update(plain.text).digest('hex')).toBe(second.fileSha256);
    const o = JSON.parse(plain.text);
    expect(o).toMatchObject({ version: 'coinreel-pol-v1', id: second.id, createdAt: new Date(second.createdAt).toISOString(), previousRoot: first.rootDigest, root: { digest: second.rootDigest, value: 13_34 } });
    expect(o.reserves).toMatchObject({ source: 'sandbox', sandbox: true, rateUsdPerBtc: '50000.00', onchain: { btc: '0.00000000', cents: 0 } });
    const again = await app.handle(new Request(`http://localhost:3000/solvency/${second.id}.json`, { headers: { 'if-none-match': `"${second.fileSha256}"` } }));
    expect(again.status).toBe(304);

    // A visitor's list: no sign-in, newest first.
    const list = await call(app, 'GET', '/api/v1/solvency');
    expect(list.status).toBe(200);
    expect(list.json.snapshots.map((x: { id: string }) => x.id)).toEqual([second.id, 'first']);
    expect(list.json.snapshots[1]).toMatchObject({ id: 'first', root: { digest: first.rootDigest, value: 12_34 }, url: '/solvency/first.json', previousRoot: null });
    expect((await call(app, 'GET', '/api/v1/solvency?limit=1')).json.snapshots).toHaveLength(1);
    expect((await call(app, 'GET', `/api/v1/solvency?before=${second.id}`)).json.snapshots.map((x: { id: string }) => x.id)).toEqual(['first']);
    expect((await call(app, 'GET', '/api/v1/solvency?before=first')).json.snapshots).toEqual([]);
    expect((await call(app, 'GET', '/api/v1/solvency?before=a%20b')).json.errors).toEqual([{ field: 'before', message: 'Before must be a snapshot id.' }]);
    for (const bad of ['0', '1001', 'x', '2.5']) {
      const r = await call(app, 'GET', `/api/v1/solvency?limit=${bad}`);
      expect(r.status).toBe(400);
      expect(r.json.errors).toEqual([{ field: 'limit', message: 'Limit must be a whole number from 1 to 1000.' }]);
    }
    for (const missing of ['nope', 'first.txt', '..%2Fx', 'a%20b']) expect((await app.handle(new Request(`http://localhost:3000/solvency/${missing}.json`))).status).toBe(404);
  });

  test('written once, never changed: the row and the pieces of its file refuse every change', async () => {
    const app = await makeApp();
    await createPlayer(app);
    const s = await app.deps.solvency.publish();
    const db = app.deps.database.client;
    for (const sql of [
      `UPDATE solvency_snapshots SET root_cents = 1 WHERE id = '${s.id}'`,
      `DELETE FROM solvency_snapshots WHERE id = '${s.id}'`,
      `UPDATE solvency_chunks SET data = x'00' WHERE snapshot_id = '${s.id}'`,
      `DELETE FROM solvency_chunks WHERE snapshot_id = '${s.id}'`,
      `INSERT INTO solvency_chunks (snapshot_id, n, data) VALUES ('${s.id}', 99, x'00')`,
    ]) await expect(db.execute(sql)).rejects.toThrow(/a published snapshot never changes/);
  });

  test('a publication that never finished leaves nothing behind the next one; one at a time; none without players', async () => {
    const app = await makeApp();
    const db = app.deps.database.client;
    await expect(app.deps.solvency.publish()).rejects.toBeInstanceOf(NothingToProve);
    const p = await createPlayer(app);
    await db.execute("INSERT INTO solvency_chunks (snapshot_id, n, data) VALUES ('crashed', 0, x'1f8b')");
    await db.execute(`INSERT INTO solvency_inclusions (snapshot_id, user_id, liability_cents) VALUES ('crashed', '${p.userId}', 5)`);
    expect(await takeLease(db, PUBLISH_LEASE, 'someone-else', 60_000)).toBe(true);
    await expect(app.deps.solvency.publish()).rejects.toBeInstanceOf(PublishBusy);
    await db.execute(`UPDATE job_leases SET expires_at = 0 WHERE name = '${PUBLISH_LEASE}'`);
    const s = await app.deps.solvency.publish();
    expect((await db.execute("SELECT count(*) AS n FROM solvency_chunks WHERE snapshot_id = 'crashed'")).rows[0]!.n).toBe(0);
    expect((await db.execute("SELECT count(*) AS n FROM solvency_inclusions WHERE snapshot_id = 'crashed'")).rows[0]!.n).toBe(0);
    await expect(app.deps.solvency.publish({ id: s.id })).rejects.toThrow(/is taken/);
  });
});

describe("a player's own proof", () => {
  test('GET /solvency/me needs a sign-in and answers only for the one signed in', async () => {
    const app = await makeApp();
    const [a, b] = [await createPlayer(app), await createPlayer(app)];
    expect((await call(app, 'GET', '/api/v1/solvency/me')).status).toBe(401);
    const before = await nonceOf(app, a);
    expect(before.accountNonce).toMatch(/^[0-9a-f]{64}$/);
    expect(before.latest).toBeNull();
    await fund(app, a.userId, 7_00);
    await app.deps.solvency.publish();
    const [ma, mb] = [await nonceOf(app, a), await nonceOf(app, b)];
    expect(ma.accountNonce).toBe(before.accountNonce);
    expect(mb.accountNonce).not.toBe(ma.accountNonce);
    expect([ma.latest!.liabilityCents, mb.latest!.liabilityCents]).toEqual([7_00, 0]);
    const r = await call(app, 'GET', '/api/v1/solvency/me', undefined, { token: a.token });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  test('each player is told, with a link to check; the next snapshot replaces the notice, unread again', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    await fund(app, p.userId, 1234_56);
    const first = await app.deps.solvency.publish();
    const notes = async () => (await call(app, 'GET', '/api/v1/notification?limit=10&page=1', undefined, { token: p.token })).json.getlist;
    const [n1] = await notes();
    expect(n1).toMatchObject({ notificationType: 'PROOF_OF_LIABILITIES', link: `/solvency?snapshot=${first.id}` });
    expect(n1.notificationContent).toStartWith('Your balance of $1,234.56 on ');
    await app.deps.database.client.execute({ sql: 'UPDATE notifications SET read_at = 1 WHERE user_id = ?', args: [p.userId] });
    await fund(app, p.userId, 1_00);
    const second = await app.deps.solvency.publish();
    const list = await notes();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ link: `/solvency?snapshot=${second.id}` });
    expect(list[0].notificationContent).toStartWith('Your balance of $1,235.56 on ');
    expect((await app.deps.database.client.execute('SELECT read_at FROM notifications')).rows[0]!.read_at).toBeNull();
  });
});
