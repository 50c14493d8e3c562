import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Client } from '@libsql/client';
import { startCountingProxy, type CountingProxy } from '../bench/lib/sqld-proxy';
import { seedPlayers, type BenchPlayer } from '../bench/lib/players';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { AppError } from '../src/lib/app-error';
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
    expect(r.requests).toBe(1);
    expect(commits).toEqual([19]);
    expect(r.value.map((s) => s.status)).toEqual(Array.from({ length: 20 }, (_, i) => (i === 7 ? 'rejected' : 'fulfilled')));
    expect(((r.value[7] as PromiseRejectedResult).reason as AppError).errorType).toBe('INSUFFICIENT_FUNDS');
    expect([await available(p!.id), await available(q!.id)]).toEqual([5, 195]);
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
    // Both reads in one request; both movements in one transaction (BEGIN, 8 steps each, COMMIT, ROLLBACK).
    expect(proxy.perRequest().sort((a, b) => a - b)).toEqual([2, 1 + 2 * 8 + 2]);
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
    // BEGIN, SAVEPOINT, the movement's 7 statements, RELEASE, the 2 steps that undo a failed movement, COMMIT, ROLLBACK.
    expect(writes).toBe(14);
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
    // The five transfers' checks in one read, their movements in one write.
    expect(proxy.perRequest()).toEqual([5, 58]);
    // sqld counts the statements it ran; the proxy those sent, which include the steps a success skips: the two that
    // undo a failed movement, and the write request's ROLLBACK (see the transfer test above).
    expect(after.statements - before.statements).toBe(5 + 58 - 2 * 5 - 1);
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
    expect(proxy.perRequest()).toEqual([1, 14, 1, 14]);
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
    expect(proxy.perRequest().filter((n) => n > 0)).toEqual([11, 11]);
    expect([await available(p!.id), await available(q!.id)]).toEqual([899, 1_101]);

    await client.execute('SELECT 1');
    proxy.reset();
    proxy.spoilNextBaton();
    const r = await client.execute({ sql: 'SELECT balance_cents FROM accounts WHERE id = ?', args: [walletId(q!.id)] });
    expect(Number(r.rows[0]!.balance_cents)).toBe(1_101);
    expect([proxy.continued()[0], proxy.continued().at(-1)]).toEqual([true, false]);
    expect(proxy.perRequest().filter((n) => n > 0)).toEqual([1, 1]);
  });
});
