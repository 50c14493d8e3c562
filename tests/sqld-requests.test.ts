import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@libsql/client';
import { startCountingProxy, type CountingProxy } from '../bench/lib/sqld-proxy';
import { seedPlayers, type BenchPlayer } from '../bench/lib/players';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { AppError } from '../src/lib/app-error';
import { appendRows } from '../src/services/ledger/append-rows';
import { verifyLedger } from '../src/services/ledger/ledger-verify';
import { createLedger } from '../src/services/ledger/ledger';
import { systemId, walletId, type Ledger } from '../src/services/ledger/ledger.types';
import { sendCredits } from '../src/services/wallet/p2p';
import { cents } from '../src/shared/money';
import { sqldPath, startSqld, type SqldServer } from './helpers/sqld';

const SECRET = 'sqld-requests-secret-sqld-requests-secret';

/**
 * What each money movement costs a libSQL server in requests, counted by a proxy in front of a real sqld: every
 * movement is one request, movements that queue while one is in flight share the next, and a movement that breaks
 * a rule inside a shared request fails alone.
 */
describe.skipIf(!sqldPath)('requests to a libSQL server per movement', () => {
  let sqld: SqldServer;
  let proxy: CountingProxy;
  let client: Client;
  let direct: Client;
  const commits: number[] = [];
  let ledger: Ledger;

  beforeAll(async () => {
    sqld = await startSqld();
    direct = openDatabase(sqld.url).client;
    await migrate(direct);
    proxy = startCountingProxy(sqld.url);
    client = openDatabase(proxy.url).client;
    ledger = createLedger(client, { onCommit: (n) => commits.push(n) });
    // The first call learns the protocol version (a GET, not counted); do it before counting.
    await client.execute('SELECT 1');
  });
  afterAll(async () => {
    client?.close();
    direct?.close();
    proxy?.stop();
    await sqld?.stop();
  });

  const available = async (id: string) => Number((await direct.execute({ sql: 'SELECT balance_cents - pending_cents AS a FROM accounts WHERE id = ?', args: [walletId(id)] })).rows[0]?.a ?? 0);
  /** The requests `fn` sent to the server. */
  async function counted<T>(fn: () => Promise<T>): Promise<{ value: T; requests: number }> {
    proxy.reset();
    const value = await fn();
    return { value, requests: proxy.requests() };
  }

  test('a transfer, a hold, its post and a void are one request each, and move the money', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    const t = await counted(() => ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 100, code: 'P2P' }));
    expect(t.requests).toBe(1);
    const h = await counted(() => ledger.hold({ debit: walletId(p!.id), credit: systemId('bitcoin_withdrawals'), amountCents: 300, code: 'WITHDRAWAL' }));
    expect(h.requests).toBe(1);
    expect(await available(p!.id)).toBe(600);
    const posted = await counted(() => ledger.post(h.value.id, { amountCents: 200 }));
    expect(posted.requests).toBe(1);
    expect(posted.value).toMatchObject({ status: 'posted', amountCents: 200, debitAccountId: walletId(p!.id), pendingId: h.value.id });
    expect(await available(p!.id)).toBe(700);
    const h2 = await ledger.hold({ debit: walletId(p!.id), credit: systemId('bitcoin_withdrawals'), amountCents: 50, code: 'WITHDRAWAL' });
    expect(await available(p!.id)).toBe(650);
    const voided = await counted(() => ledger.void(h2.id));
    expect(voided.requests).toBe(1);
    expect(voided.value).toMatchObject({ status: 'voided', amountCents: 50 });
    expect([await available(p!.id), await available(q!.id)]).toEqual([700, 1_100]);
  });

  test('a settled hold, a missing hold and a post above the hold are refused in that one request', async () => {
    const [p] = await seedPlayers(sqld.url, SECRET, 1, 1_000);
    const h = await ledger.hold({ debit: walletId(p!.id), credit: systemId('bitcoin_withdrawals'), amountCents: 300, code: 'WITHDRAWAL' });
    const above = await counted(() => ledger.post(h.id, { amountCents: 301 }).then(() => null as never as AppError, (e: AppError) => e));
    expect([above.value.status, above.requests]).toEqual([400, 1]);
    await ledger.void(h.id);
    const again = await counted(() => ledger.post(h.id).then(() => null as never as AppError, (e: AppError) => e));
    expect([again.value.status, again.value.errorType, again.requests]).toEqual([409, 'HOLD_NOT_PENDING', 1]);
    const missing = await ledger.void('no-such-hold').then(() => null as never as AppError, (e: AppError) => e);
    expect([missing.status, missing.errorType]).toEqual([404, 'HOLD_NOT_FOUND']);
    expect(await available(p!.id)).toBe(1_000);
  });

  test('transfers that queue together share one request, and an overdraft among them fails alone', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 100);
    commits.length = 0;
    const r = await counted(() =>
      Promise.allSettled(Array.from({ length: 20 }, (_, i) => ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: i === 7 ? 1_000 : 5, code: 'P2P' }))),
    );
    // The first request committed nothing: each movement's 3 statements without a savepoint, their entries joined at
    // the end. The second carried each movement in its savepoint with its entries (8 steps, the undo included), and
    // the overdraft was undone alone inside it.
    expect(r.requests).toBe(2);
    expect(proxy.perRequest()).toEqual([1 + 20 * 3 + 1 + 2, 1 + 20 * 8 + 2]);
    expect(commits).toEqual([19]);
    const entries = await direct.execute({ sql: 'SELECT count(*) AS n FROM entries WHERE account_id = ?', args: [walletId(p!.id)] });
    expect(Number(entries.rows[0]!.n)).toBe(1 + 19);
    expect(r.value.map((s) => s.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect(((r.value[7] as PromiseRejectedResult).reason as AppError).errorType).toBe('INSUFFICIENT_FUNDS');
    expect([await available(p!.id), await available(q!.id)]).toEqual([5, 195]);
  });

  test('when the first movement of a request fails, that is its answer, and the others go again in their savepoints', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 100);
    const own = createLedger(client);
    const r = await counted(() =>
      Promise.allSettled(Array.from({ length: 5 }, (_, i) => own.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: i === 0 ? 1_000 : 5, code: 'P2P' }))),
    );
    expect(((r.value[0] as PromiseRejectedResult).reason as AppError).errorType).toBe('INSUFFICIENT_FUNDS');
    expect(r.value.slice(1).map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(proxy.perRequest()).toEqual([1 + 5 * 3 + 1 + 2, 1 + 4 * 8 + 2]);
    expect([await available(p!.id), await available(q!.id)]).toEqual([80, 120]);
    const entries = await direct.execute({ sql: 'SELECT count(*) AS n FROM entries WHERE account_id = ?', args: [walletId(p!.id)] });
    expect(Number(entries.rows[0]!.n)).toBe(1 + 4);
    // However many of a request fail, two requests answer them all.
    proxy.reset();
    const all = await Promise.allSettled(Array.from({ length: 6 }, () => own.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1_000, code: 'P2P' })));
    expect(all.map((x) => x.status)).toEqual(Array(6).fill('rejected'));
    expect(proxy.requests()).toBe(2);
  });

  test('a queue of many movements leaves in two halves, so sqld writes one while the other is answered', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    commits.length = 0;
    const r = await counted(() =>
      Promise.all(Array.from({ length: 60 }, () => ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P' }))),
    );
    expect(commits).toEqual([30, 30]);
    expect(r.requests).toBe(2);
    expect(await available(q!.id)).toBe(1_060);
    // Twenty queued together are too few to split (the test above): each half would cost sqld more than it overlaps.
  });

  test('movements arriving while a request is in flight go together in the next one', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    commits.length = 0;
    const move = () => ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P' });
    const r = await counted(async () => {
      const first = move();
      // Once the first request has reached the server (the proxy runs in this process, so its answer is still some
      // turns away), these ten wait for it and leave together.
      while (proxy.requests() === 0) await Bun.sleep(0);
      const rest = Array.from({ length: 10 }, move);
      return Promise.all([first, ...rest]);
    });
    expect(commits).toEqual([1, 10]);
    expect(r.requests).toBe(2);
    expect(await available(q!.id)).toBe(1_011);
  });

  test('a queue a little over the smallest half leaves whole: no straggler pays a request and a commit of its own', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    const own = createLedger(client, { onCommit: (n) => commits.push(n) });
    commits.length = 0;
    const move = () => own.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P' });
    proxy.reset();
    const first = move();
    while (proxy.requests() === 0) await Bun.sleep(0);
    // Half of the 26 moving would be 13, so the floor of 24 applies; the one left would then go alone.
    await Promise.all([first, ...Array.from({ length: 25 }, move)]);
    expect(commits).toEqual([1, 25]);
    expect(await available(q!.id)).toBe(1_026);
  });

  test('an idle instance waits a moment for company: movements and reads a moment apart leave together', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    commits.length = 0;
    const move = () => ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P' });
    const read = () => client.execute({ sql: 'SELECT balance_cents FROM accounts WHERE id = ?', args: [walletId(q!.id)] });
    const r = await counted(async () => {
      const first = [move(), read()] as const;
      // A later turn, well inside GATHER_MS: nothing has left yet.
      await new Promise((resolve) => setImmediate(resolve));
      return Promise.all([...first, move(), read()]);
    });
    expect(commits).toEqual([2]);
    // Both reads in one request; both movements in one transaction (BEGIN, 3 statements each, their entries in one
    // statement, COMMIT, ROLLBACK).
    expect(proxy.perRequest().sort((a, b) => a - b)).toEqual([2, 1 + 2 * 3 + 1 + 2]);
    expect(r.requests).toBe(2);
    expect(await available(q!.id)).toBe(1_002);
  });

  test('a P2P transfer reads its checks and the receiver in one request and writes in one more; concurrent ones share them', async () => {
    const players = await seedPlayers(sqld.url, SECRET, 11, 1_000);
    const [to, ...from] = players as [BenchPlayer, ...BenchPlayer[]];
    const one = await counted(() => sendCredits(client, ledger, { userId: from[0]!.id, email: from[0]!.email }, to.email, cents(100)));
    expect(one.requests).toBe(2);
    // The checks (play controls, debt, the sender's name) and the receiver are one statement: sqld
    // spends its CPU per statement as well as per request. The write carries the balances back (no read after it).
    const [reads, writes] = proxy.perRequest();
    expect(reads).toBe(1);
    // BEGIN, the movement's 3 own statements, the 4 of rows it only adds (entries, history, notifications, mail),
    // COMMIT, and a ROLLBACK that runs only if something failed.
    expect(writes).toBe(10);
    expect([one.value.senderAvailableCents, one.value.receiverAvailableCents]).toEqual([900, 1_100]);
    const many = await counted(() => Promise.all(from.map((f) => sendCredits(client, ledger, { userId: f.id, email: f.email }, to.email, cents(10)))));
    expect(many.requests).toBe(2);
    expect(await available(to.id)).toBe(1_200);
  });

  test("sqld's own counters, which the bench reads instead of a proxy, count the requests the proxy counts", async () => {
    const players = await seedPlayers(sqld.url, SECRET, 6, 1_000);
    const [to, ...from] = players as [BenchPlayer, ...BenchPlayer[]];
    const before = await sqld.counters();
    const r = await counted(() => Promise.all(from.map((f) => sendCredits(client, ledger, { userId: f.id, email: f.email }, to.email, cents(10)))));
    const after = await sqld.counters();
    expect(after.requests - before.requests).toBe(r.requests);
    // The five transfers' checks in one read, their movements in one write: 3 statements each (see the transfer test
    // above), and the rows they only add in 4 statements for all five.
    expect(proxy.perRequest()).toEqual([5, 1 + 5 * 3 + 4 + 2]);
    // sqld counts the statements it ran; the proxy those sent, which include the write request's ROLLBACK that a
    // success skips.
    expect(after.statements - before.statements).toBe(5 + 22 - 1);
    expect(await available(to.id)).toBe(1_050);
  });

  test('requests one after another continue one stream (one sqld connection), for the movements and for the reads', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    const move = () => sendCredits(client, ledger, { userId: p!.id, email: p!.email }, q!.email, cents(1));
    await move();
    proxy.reset();
    await move();
    await move();
    // Each transfer is a read request and a write request, and every one of them continues the stream before it.
    expect(proxy.perRequest()).toEqual([1, 10, 1, 10]);
    expect(proxy.continued()).toEqual([true, true, true, true]);
  });

  test('a stream sqld no longer knows is replaced: the movement and the read run once, on a new stream', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    await ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P' });
    proxy.reset();
    proxy.spoilNextBaton();
    const t = await ledger.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 100, code: 'P2P' });
    expect(t.available).toEqual({ [walletId(p!.id)]: 899, [walletId(q!.id)]: 1_101 });
    // Refused on the forgotten stream, sent again on a new one (no baton), moved once. (The client also tells sqld
    // to close the forgotten stream: a request without statements.)
    expect([proxy.continued()[0], proxy.continued().at(-1)]).toEqual([true, false]);
    expect(proxy.perRequest().filter((n) => n > 0)).toEqual([7, 7]);
    expect([await available(p!.id), await available(q!.id)]).toEqual([899, 1_101]);

    await client.execute('SELECT 1');
    proxy.reset();
    proxy.spoilNextBaton();
    const r = await client.execute({ sql: 'SELECT balance_cents FROM accounts WHERE id = ?', args: [walletId(q!.id)] });
    expect(Number(r.rows[0]!.balance_cents)).toBe(1_101);
    expect([proxy.continued()[0], proxy.continued().at(-1)]).toEqual([true, false]);
    expect(proxy.perRequest().filter((n) => n > 0)).toEqual([1, 1]);
  });

  /** Every row a P2P transfer adds, as the database holds it. */
  async function rowsOf(transferId: string) {
    const q = async (sql: string) => (await direct.execute({ sql, args: [transferId] })).rows.map((r) => ({ ...r }) as Record<string, unknown>);
    return {
      entries: await q('SELECT account_id, amount_cents FROM entries WHERE transfer_id = ? ORDER BY amount_cents'),
      history: await q('SELECT uuid, user_id, direction, amount_cents FROM transactions WHERE transfer_id = ? ORDER BY direction DESC'),
      mail: await q("SELECT to_address FROM mail_queue WHERE json_extract(data, '$.transferId') = ?"),
    };
  }
  const noteCount = async (...ids: string[]) =>
    Number((await direct.execute({ sql: `SELECT count(*) AS n FROM notifications WHERE id IN (${ids.map(() => '?').join(', ')})`, args: ids })).rows[0]!.n);

  test('the rows transfers only add go in one statement per table for the whole request, and each transfer has its own', async () => {
    const players = await seedPlayers(sqld.url, SECRET, 11, 1_000);
    const [to, ...from] = players as [BenchPlayer, ...BenchPlayer[]];
    const r = await counted(() => Promise.all(from.map((f, i) => sendCredits(client, ledger, { userId: f.id, email: f.email }, to.email, cents(10 + i)))));
    expect(proxy.perRequest()).toEqual([10, 1 + 10 * 3 + 4 + 2]);
    for (const [i, sent] of r.value.entries()) {
      const rows = await rowsOf(sent.transferId);
      const amount = 10 + i;
      expect(rows.entries).toEqual([{ account_id: walletId(from[i]!.id), amount_cents: -amount }, { account_id: walletId(to.id), amount_cents: amount }]);
      expect(rows.history).toMatchObject([
        { uuid: sent.transactionUuid, user_id: from[i]!.id, direction: 'out', amount_cents: amount },
        { user_id: to.id, direction: 'in', amount_cents: amount },
      ]);
      expect(await noteCount(sent.notes.sender.id, sent.notes.receiver.id)).toBe(2);
      expect(rows.mail).toEqual([{ to_address: to.email }]);
    }
    expect((await verifyLedger(direct)).ok).toBe(true);
    // What each movement's statement would have answered alone: its own rows added.
    const two = () => appendRows({ sql: 'INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, ?, ?, ?), (?, ?, ?, ?, ?)', args: [crypto.randomUUID(), to.id, 'T', 'a', 1, crypto.randomUUID(), to.id, 'T', 'b', 1] });
    const own = createLedger(client);
    const moved = await Promise.all(from.slice(0, 3).map((f) => own.transfer({ debit: walletId(f.id), credit: walletId(to.id), amountCents: 1, code: 'P2P', with: () => [two()] })));
    expect(moved.map((t) => [t.withResults![0]!.rowsAffected, t.withResults![0]!.rows.length])).toEqual([[2, 0], [2, 0], [2, 0]]);
  });

  test('a refused transfer among them: the request goes again with each movement\'s own rows, so does the next, and the refused one adds nothing', async () => {
    const players = await seedPlayers(sqld.url, SECRET, 7, 1_000);
    const [to, ...from] = players as [BenchPlayer, ...BenchPlayer[]];
    // A ledger of its own: what the requests carry depends on how the ledger's previous request ended.
    const own = createLedger(client);
    const send = (f: BenchPlayer, amount: number) => sendCredits(client, own, { userId: f.id, email: f.email }, to.email, cents(amount));
    const r = await counted(() => Promise.allSettled(from.map((f, i) => send(f, i === 3 ? 2_000 : 10))));
    expect(r.value.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(((r.value[3] as PromiseRejectedResult).reason as AppError).errorType).toBe('INSUFFICIENT_FUNDS');
    // The checks; the joined attempt (nothing committed); the same six, each with its rows inside its savepoint
    // (SAVEPOINT, 7 statements, RELEASE, the 2 undo steps).
    expect(proxy.perRequest()).toEqual([6, 1 + 6 * 3 + 4 + 2, 1 + 6 * 11 + 2]);
    const refused = Number((await direct.execute({ sql: 'SELECT (SELECT count(*) FROM transactions WHERE user_id = ?1) + (SELECT count(*) FROM notifications WHERE user_id = ?1) AS n', args: [from[3]!.id] })).rows[0]!.n);
    expect(refused).toBe(0);
    for (const x of r.value) if (x.status === 'fulfilled') expect((await rowsOf(x.value.transferId)).history).toHaveLength(2);
    expect(await available(to.id)).toBe(1_050);
    // The next request goes unjoined too; the one after it joined again.
    const next = await counted(() => Promise.all(from.slice(0, 3).map((f) => send(f, 1))));
    expect(next.requests).toBe(2);
    expect(proxy.perRequest()).toEqual([3, 1 + 3 * 11 + 2]);
    await counted(() => Promise.all(from.slice(0, 3).map((f) => send(f, 1))));
    expect(proxy.perRequest()).toEqual([3, 1 + 3 * 3 + 4 + 2]);
    expect((await verifyLedger(direct)).ok).toBe(true);
  });

  test('a joined insert that breaks a rule: the request goes again unjoined, and only the movement whose row broke it fails', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    const taken = crypto.randomUUID();
    await direct.execute({ sql: "INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, 'T', 'taken', 0)", args: [taken, q!.id] });
    const ids = Array.from({ length: 5 }, (_, i) => (i === 2 ? taken : crypto.randomUUID()));
    const note = (id: string) => appendRows({ sql: 'INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)', args: [id, q!.id, 'T', 'moved', 1] });
    const own = createLedger(client);
    const r = await counted(() =>
      Promise.allSettled(ids.map((id) => own.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P', with: () => [note(id)] }))),
    );
    expect(r.value.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((r.value[2] as PromiseRejectedResult).reason)).toContain('UNIQUE constraint failed: notifications.id');
    expect(r.requests).toBe(2);
    expect(await noteCount(...ids)).toBe(5);
    expect(Number((await direct.execute({ sql: "SELECT count(*) AS n FROM notifications WHERE content = 'moved'" })).rows[0]!.n)).toBe(4);
    expect([await available(p!.id), await available(q!.id)]).toEqual([996, 1_004]);
  });

  test('rows to add that a later statement of the same movement follows stay in their place', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    // changes() is what the statement just before did: the notification's one row here, both balances (two) if the
    // notification had been moved to the end of the request.
    await createLedger(client).transfer({
      debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 1, code: 'P2P',
      with: () => [
        appendRows({ sql: 'INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)', args: [first, q!.id, 'T', 'first', 1] }),
        { sql: "INSERT INTO notifications (id, user_id, type, content, created_at) SELECT ?, ?, 'T', 'second', 1 WHERE changes() = 1", args: [second, q!.id] },
      ],
    });
    expect(await noteCount(first, second)).toBe(2);
  });

  test('a joined request with a repeated externalRef or a second settlement of one hold: the money moves once, the repeat is answered as before', async () => {
    const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
    const own = createLedger(client);
    const note = () => appendRows({ sql: 'INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)', args: [crypto.randomUUID(), q!.id, 'T', 'ref', 1] });
    const ref = `once-${p!.id}`;
    const same = await Promise.all([1, 2, 3].map(() => own.transfer({ debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 10, code: 'P2P', externalRef: ref, with: () => [note()] })));
    expect(new Set(same.map((t) => t.id)).size).toBe(1);
    expect(same.map((t) => t.replayed).sort()).toEqual([false, true, true]);
    expect(Number((await direct.execute({ sql: "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND content = 'ref'", args: [q!.id] })).rows[0]!.n)).toBe(1);
    const h = await own.hold({ debit: walletId(p!.id), credit: systemId('bitcoin_withdrawals'), amountCents: 300, code: 'WITHDRAWAL' });
    const settled = await Promise.allSettled([own.post(h.id, { with: () => [note()] }), own.void(h.id, { with: () => [note()] }), own.post(h.id)]);
    expect(settled.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    for (const x of settled.slice(1)) expect(((x as PromiseRejectedResult).reason as AppError).errorType).toBe('HOLD_NOT_PENDING');
    expect([await available(p!.id), await available(q!.id)]).toEqual([690, 1_010]);
    expect((await verifyLedger(direct)).ok).toBe(true);
  });

  test('an error that ends the transaction, first in a joined request or later in it, fails only its own movement', async () => {
    await direct.execute('CREATE TABLE IF NOT EXISTS ends_tx (x TEXT)');
    await direct.execute("CREATE TRIGGER IF NOT EXISTS ends_tx_rollback BEFORE INSERT ON ends_tx WHEN NEW.x = 'end' BEGIN SELECT RAISE(ROLLBACK, 'ended the transaction'); END");
    for (const bad of [0, 2]) {
      const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
      const own = createLedger(client);
      const r = await Promise.allSettled([0, 1, 2, 3].map((i) => own.transfer({
        debit: walletId(p!.id), credit: walletId(q!.id), amountCents: 10, code: 'P2P',
        with: () => [{ sql: 'INSERT INTO ends_tx (x) VALUES (?)', args: [i === bad ? 'end' : 'ok'] },
          appendRows({ sql: 'INSERT INTO notifications (id, user_id, type, content, created_at) VALUES (?, ?, ?, ?, ?)', args: [crypto.randomUUID(), q!.id, 'T', 'ended', 1] })],
      })));
      expect(r.map((x) => x.status)).toEqual([0, 1, 2, 3].map((i) => (i === bad ? 'rejected' : 'fulfilled')));
      expect(String((r[bad] as PromiseRejectedResult).reason)).toContain('ended the transaction');
      expect([await available(p!.id), await available(q!.id)]).toEqual([970, 1_030]);
      expect(Number((await direct.execute({ sql: "SELECT count(*) AS n FROM notifications WHERE user_id = ? AND content = 'ended'", args: [q!.id] })).rows[0]!.n)).toBe(3);
    }
    expect((await verifyLedger(direct)).ok).toBe(true);
  });

  test('each caller of a shared request gets its own movement\'s results, joined or each in its savepoint', async () => {
    const players = await seedPlayers(sqld.url, SECRET, 6, 1_000);
    // No refusal: one joined request. A refusal after the others: the same movements go again in their savepoints.
    for (const refused of [-1, 2]) {
      const own = createLedger(client);
      const r = await Promise.allSettled([0, 1, 2].map((i) => own.transfer({
        debit: walletId(players[2 * i]!.id), credit: walletId(players[2 * i + 1]!.id), amountCents: i === refused ? 100_000 : 10 + i, code: 'P2P',
        with: () => [{ sql: 'SELECT ? AS mine', args: [i] }],
      })));
      expect(r.map((x) => x.status)).toEqual([0, 1, 2].map((i) => (i === refused ? 'rejected' : 'fulfilled')));
      for (const [i, x] of r.entries()) {
        if (x.status !== 'fulfilled') continue;
        const [d, c] = [players[2 * i]!.id, players[2 * i + 1]!.id];
        expect(x.value.available).toEqual({ [walletId(d)]: await available(d), [walletId(c)]: await available(c) });
        expect(Number(x.value.withResults![0]!.rows[0]!.mine)).toBe(i);
      }
    }
  });

  test('a COMMIT that fails (a deferred foreign key) answers every caller of its request, and none of them is told of money that did not move', async () => {
    await direct.execute('CREATE TABLE IF NOT EXISTS deferred_ref (account_id TEXT REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED)');
    const dangling = { sql: 'INSERT INTO deferred_ref (account_id) VALUES (?)', args: ['no-such-account'] };
    // Joined: every statement succeeds and only the COMMIT fails. With a refusal after it: the same go again in their
    // savepoints, the refused one is undone alone, and the COMMIT fails there with one movement kept.
    for (const amounts of [[10, 20, 30], [10, 100_000]]) {
      const [p, q] = await seedPlayers(sqld.url, SECRET, 2, 1_000);
      const own = createLedger(client);
      const all = Promise.allSettled(amounts.map((amountCents, i) => own.transfer({
        debit: walletId(p!.id), credit: walletId(q!.id), amountCents, code: 'P2P', with: () => (i === 0 ? [dangling] : []),
      })));
      const r = await Promise.race([all, Bun.sleep(5_000).then(() => 'a caller was never answered' as const)]);
      if (typeof r === 'string') throw new Error(r);
      expect(String((r[0] as PromiseRejectedResult).reason)).toContain('FOREIGN KEY constraint failed');
      const told = r.reduce((sum, x, i) => sum + (x.status === 'fulfilled' ? amounts[i]! : 0), 0);
      expect([await available(p!.id), await available(q!.id)]).toEqual([1_000 - told, 1_000 + told]);
    }
    expect(Number((await direct.execute('SELECT count(*) AS n FROM deferred_ref')).rows[0]!.n)).toBe(0);
    expect((await verifyLedger(direct)).ok).toBe(true);
  });
});
