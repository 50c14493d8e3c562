import { createClient, LibsqlBatchError, type Client } from '@libsql/client';
import { beforeEach, describe, expect, test } from 'bun:test';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { AppError } from '../../lib/app-error';
import { createLedger } from './ledger';
import { moneyMoving } from './group-commit';
import { verifyLedger } from './ledger-verify';
import { systemId, walletId, type Ledger } from './ledger.types';

const DEP = systemId('bitcoin_deposits');
const w = (n: number | string) => walletId(`p${n}`);

let client: Client;
let url: string;
let commits: number[];
let ledger: Ledger;

beforeEach(async () => {
  ({ client, url } = await ledgerDb());
  commits = [];
  ledger = createLedger(client, { onCommit: (n) => commits.push(n) });
});

const settle = <T>(ps: Promise<T>[]) => Promise.allSettled(ps);
const errorTypeOf = (r: PromiseSettledResult<unknown>) => (r.status === 'rejected' && r.reason instanceof AppError ? r.reason.errorType : null);

describe('group commit', () => {
  test('concurrent movements share one commit, and every one of them is applied', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => ledger.transfer({ debit: DEP, credit: w(i), amountCents: 100 + i, code: 'DEPOSIT' })));
    expect(commits).toEqual([40]);
    expect(new Set(results.map((t) => t.id)).size).toBe(40);
    for (let i = 0; i < 40; i++) expect((await ledger.balance(w(i))).availableCents).toBe(100 + i);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('one movement breaking a rule fails alone with its own error; the rest of its group commits', async () => {
    await ledger.transfer({ debit: DEP, credit: w('a'), amountCents: 1_000, code: 'DEPOSIT' });
    commits.length = 0;
    const out = await settle([
      ledger.transfer({ debit: w('a'), credit: w('b'), amountCents: 600, code: 'P2P' }),
      ledger.transfer({ debit: w('a'), credit: w('c'), amountCents: 600, code: 'P2P' }), // the second 600 overdraws a
      ledger.transfer({ debit: DEP, credit: w('d'), amountCents: 50, code: 'DEPOSIT' }),
      ledger.transfer({ debit: w('a'), credit: w('e'), amountCents: 400, code: 'P2P' }), // fits after the first
    ]);
    expect(out.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(errorTypeOf(out[1]!)).toBe('INSUFFICIENT_FUNDS');
    expect(commits).toEqual([3]);
    expect((await ledger.balance(w('a'))).availableCents).toBe(0);
    expect((await ledger.balance(w('c'))).availableCents).toBe(0);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('a failing extra statement rolls back only its movement, with the error a batch would have thrown', async () => {
    await client.execute('CREATE TABLE side_rows (transfer_id TEXT NOT NULL UNIQUE, note TEXT NOT NULL)');
    const out = await settle([
      ledger.transfer({ debit: DEP, credit: w(1), amountCents: 10, code: 'DEPOSIT', with: (id) => [{ sql: 'INSERT INTO side_rows VALUES (?, ?)', args: [id, 'ok'] }] }),
      ledger.transfer({ debit: DEP, credit: w(2), amountCents: 20, code: 'DEPOSIT', with: (id) => [{ sql: 'INSERT INTO side_rows VALUES (?, ?)', args: [id, null] }] }),
      ledger.transfer({ debit: DEP, credit: w(3), amountCents: 30, code: 'DEPOSIT' }),
    ]);
    expect(out.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const reason = (out[1] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(LibsqlBatchError);
    expect((reason as LibsqlBatchError).statementIndex).toBe(4); // after the ledger's own four statements
    expect((reason as Error).message).toContain('NOT NULL constraint failed');
    expect(commits).toEqual([2]);
    expect((await ledger.balance(w(2))).availableCents).toBe(0);
    expect(Number((await client.execute('SELECT count(*) FROM side_rows')).rows[0]![0])).toBe(1);
  });

  test('a repeated externalRef inside one group moves money once; the repeat is answered with the first transfer', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => ledger.transfer({ debit: DEP, credit: w(1), amountCents: 500, code: 'DEPOSIT', externalRef: 'pay-1' })));
    expect(a!.id).toBe(b!.id);
    expect([a!.replayed, b!.replayed].sort()).toEqual([false, true]);
    expect(commits).toEqual([1]);
    expect((await ledger.balance(w(1))).availableCents).toBe(500);
  });

  test('no caller is answered before the commit holding its movement; another connection sees it by then', async () => {
    const other = createClient({ url });
    let committed = 0;
    const seenAtAnswer: number[] = [];
    const l = createLedger(client, { onCommit: (n) => (committed += n) });
    await Promise.all(Array.from({ length: 10 }, async (_, i) => {
      const t = await l.transfer({ debit: DEP, credit: w(i), amountCents: 1 + i, code: 'DEPOSIT' });
      seenAtAnswer.push(committed);
      const r = await other.execute({ sql: 'SELECT count(*) FROM transfers WHERE id = ?', args: [t.id] });
      expect(Number(r.rows[0]![0])).toBe(1);
    }));
    expect(seenAtAnswer).toEqual(Array(10).fill(10));
    other.close();
  });

  test('movements arriving during a flush go into the next commit', async () => {
    const first = Array.from({ length: 5 }, (_, i) => ledger.transfer({ debit: DEP, credit: w(i), amountCents: 1, code: 'DEPOSIT' }));
    await first[0];
    const second = Array.from({ length: 3 }, (_, i) => ledger.transfer({ debit: DEP, credit: w(i), amountCents: 1, code: 'DEPOSIT' }));
    await Promise.all([...first, ...second]);
    expect(commits).toEqual([5, 3]);
  });

  test('without grouping each movement is its own commit (what the benchmark compares against)', async () => {
    const l = createLedger(client, { grouping: false, onCommit: (n) => commits.push(n) });
    await Promise.all(Array.from({ length: 5 }, (_, i) => l.transfer({ debit: DEP, credit: w(i), amountCents: 1, code: 'DEPOSIT' })));
    expect(commits).toEqual([1, 1, 1, 1, 1]);
  });

  test('the embedded file runs in WAL mode with synchronous=FULL: a commit is on disk before it is acknowledged', async () => {
    expect(String((await client.execute('PRAGMA journal_mode')).rows[0]![0])).toBe('wal');
    expect(Number((await client.execute('PRAGMA synchronous')).rows[0]![0])).toBe(2);
  });
});

describe('group commit: the WAL on disk before an answer', () => {
  /** A WAL sync the test finishes by hand: `syncs` holds one resolver pair per fsync asked for. */
  function handSync() {
    const syncs: { done: () => void; fail: (e: Error) => void }[] = [];
    const syncWal = () => new Promise<void>((done, fail) => syncs.push({ done, fail }));
    return { syncs, syncWal };
  }
  const settled = async <T>(p: Promise<T>) => {
    let state = 'pending';
    p.then(() => (state = 'fulfilled'), () => (state = 'rejected'));
    await Bun.sleep(20);
    return state;
  };

  test('a group is committed at once but answered only when its fsync is done; other writes keep synchronous=FULL', async () => {
    const { syncs, syncWal } = handSync();
    const l = createLedger(client, { syncWal });
    const other = createClient({ url });
    const moving = Promise.all([1, 2, 3].map((i) => l.transfer({ debit: DEP, credit: w(i), amountCents: i, code: 'DEPOSIT' })));
    expect(await settled(moving)).toBe('pending');
    expect(syncs.length).toBe(1);
    // Written to the WAL (another connection reads it), not yet acknowledged.
    expect(Number((await other.execute("SELECT count(*) FROM transfers WHERE code = 'DEPOSIT'")).rows[0]![0])).toBe(3);
    expect(Number((await client.execute('PRAGMA synchronous')).rows[0]![0])).toBe(2);
    syncs[0]!.done();
    expect((await moving).length).toBe(3);
    other.close();
  });

  test('movements committed while an fsync runs wait for the next one, which covers them all', async () => {
    const { syncs, syncWal } = handSync();
    const l = createLedger(client, { syncWal, onCommit: (n) => commits.push(n) });
    const first = l.transfer({ debit: DEP, credit: w(1), amountCents: 1, code: 'DEPOSIT' });
    await Bun.sleep(20);
    const second = Promise.all([2, 3].map((i) => l.transfer({ debit: DEP, credit: w(i), amountCents: 1, code: 'DEPOSIT' })));
    const third = l.transfer({ debit: DEP, credit: w(4), amountCents: 1, code: 'DEPOSIT' });
    await Bun.sleep(20);
    expect(commits).toEqual([1, 3]);
    // The second fsync waits for the first: it must cover frames written after the first one started.
    expect(syncs.length).toBe(1);
    syncs[0]!.done();
    await first;
    expect(await settled(second)).toBe('pending');
    expect(syncs.length).toBe(2);
    syncs[1]!.done();
    await Promise.all([second, third]);
    expect(syncs.length).toBe(2);
  });

  test('a failed fsync: its callers get an I/O error, and nothing more is written or acknowledged', async () => {
    const { syncs, syncWal } = handSync();
    const l = createLedger(client, { syncWal });
    const lost = l.transfer({ debit: DEP, credit: w(1), amountCents: 5, code: 'DEPOSIT' });
    await Bun.sleep(20);
    syncs[0]!.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(lost).rejects.toThrow(/SQLITE_IOERR_FSYNC/);
    const before = Number((await client.execute('SELECT count(*) FROM transfers')).rows[0]![0]);
    await expect(l.transfer({ debit: DEP, credit: w(2), amountCents: 5, code: 'DEPOSIT' })).rejects.toThrow(/SQLITE_IOERR_FSYNC/);
    expect(Number((await client.execute('SELECT count(*) FROM transfers')).rows[0]![0])).toBe(before);
    expect(syncs.length).toBe(1);
  });

  test('a failed fsync also fails the group committed while it ran: no later fsync acknowledges it', async () => {
    const { syncs, syncWal } = handSync();
    const l = createLedger(client, { syncWal, onCommit: (n) => commits.push(n) });
    const lost = l.transfer({ debit: DEP, credit: w(1), amountCents: 5, code: 'DEPOSIT' });
    await Bun.sleep(20);
    const waiting = l.transfer({ debit: DEP, credit: w(2), amountCents: 5, code: 'DEPOSIT' });
    waiting.catch(() => {}); // answered (rejected) along with the first, before this test asks
    await Bun.sleep(20);
    expect(commits).toEqual([1, 1]);
    syncs[0]!.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    await expect(lost).rejects.toThrow(/SQLITE_IOERR_FSYNC/);
    // After a failed fsync the kernel may have dropped pages a later, successful fsync would not write.
    await Bun.sleep(20);
    for (const s of syncs.slice(1)) s.done();
    await expect(waiting).rejects.toThrow(/SQLITE_IOERR_FSYNC/);
    expect(syncs.length).toBe(1);
  });
});

describe('group commit: a repeated externalRef and the WAL sync', () => {
  test('a repeat of an externalRef is not answered with a first transfer that is not on disk yet: a failed fsync fails every caller', async () => {
    const syncs: { done: () => void; fail: (e: Error) => void }[] = [];
    const l = createLedger(client, { syncWal: () => new Promise<void>((done, fail) => syncs.push({ done, fail })) });
    const pay = () => l.transfer({ debit: DEP, credit: w(1), amountCents: 500, code: 'DEPOSIT', externalRef: 'pay-1' });
    // Two in the first group, one more in a later group while the first group's fsync runs.
    const calls = [pay(), pay()];
    await Bun.sleep(20);
    calls.push(pay());
    const answered: string[] = [];
    for (const c of calls) c.then(() => answered.push('moved'), () => answered.push('refused'));
    await Bun.sleep(20);
    expect(answered).toEqual([]);
    syncs[0]!.fail(Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' }));
    for (const c of calls) await expect(c).rejects.toThrow(/SQLITE_IOERR_FSYNC/);
  });
});

describe('money moving', () => {
  test('is true while a movement is queued, written or made durable, and while many begin close together', async () => {
    expect(moneyMoving(client)).toBe(false);
    // Held back in its fsync: moving for as long as that takes.
    let done = () => {};
    const slow = createLedger(client, { syncWal: () => new Promise<void>((r) => (done = r)) });
    const t = slow.transfer({ debit: DEP, credit: w(1), amountCents: 1, code: 'DEPOSIT' });
    expect(moneyMoving(client)).toBe(true);
    await Bun.sleep(300);
    expect(moneyMoving(client)).toBe(true);
    done();
    await t;
    expect(moneyMoving(client)).toBe(false);
    // One quick movement on its own, answered or refused: not moving once it is answered (its mail goes at once).
    await ledger.transfer({ debit: DEP, credit: w(2), amountCents: 1, code: 'DEPOSIT' });
    expect(moneyMoving(client)).toBe(false);
    await expect(ledger.transfer({ debit: w(3), credit: w(2), amountCents: 5, code: 'P2P' })).rejects.toThrow();
    expect(moneyMoving(client)).toBe(false);
    // Five begun within the moment: moving, even between them, until the moment has passed.
    for (let i = 0; i < 3; i++) await ledger.transfer({ debit: DEP, credit: w(4), amountCents: 1, code: 'DEPOSIT' });
    expect(moneyMoving(client)).toBe(true);
    await Bun.sleep(250);
    expect(moneyMoving(client)).toBe(false);
  });
});

describe('group commit: errors beyond one movement', () => {
  const hangs = <T>(p: Promise<T>, ms = 5_000) => Promise.race([p, Bun.sleep(ms).then(() => { throw new Error('a caller was never answered'); })]);

  test('more movements than one transaction holds go in several commits of the same flush, and every one is answered', async () => {
    const n = 600;
    const out = await hangs(settle(Array.from({ length: n }, (_, i) => ledger.transfer({ debit: DEP, credit: w(i % 6), amountCents: 1, code: 'DEPOSIT' }))));
    expect(out.filter((r) => r.status === 'fulfilled').length).toBe(n);
    expect(commits.length).toBeGreaterThan(1);
    expect(commits.reduce((a, b) => a + b, 0)).toBe(n);
    let total = 0;
    for (let i = 0; i < 6; i++) total += (await ledger.balance(w(i))).availableCents;
    expect(total).toBe(n);
  });

  test('an error that ends the whole transaction fails only its movement; the ones before it go again, each with its own results', async () => {
    await client.execute('CREATE TABLE ends_tx (x TEXT)');
    await client.execute("CREATE TRIGGER ends_tx_rollback BEFORE INSERT ON ends_tx WHEN NEW.x = 'end' BEGIN SELECT RAISE(ROLLBACK, 'ended the transaction'); END");
    for (const bad of [0, 2]) {
      commits.length = 0;
      const to = (i: number) => w(`${bad}-${i}`);
      const out = await hangs(settle([0, 1, 2, 3].map((i) => ledger.transfer({
        debit: DEP, credit: to(i), amountCents: 10 + i, code: 'DEPOSIT',
        with: () => [{ sql: 'INSERT INTO ends_tx (x) VALUES (?)', args: [i === bad ? 'end' : 'ok'] }, { sql: 'SELECT ? AS mine', args: [i] }],
      }))));
      expect(out.map((r) => r.status)).toEqual([0, 1, 2, 3].map((i) => (i === bad ? 'rejected' : 'fulfilled')));
      expect(String((out[bad] as PromiseRejectedResult).reason)).toContain('ended the transaction');
      for (const [i, r] of out.entries()) if (r.status === 'fulfilled') expect(Number(r.value.withResults![1]!.rows[0]!.mine)).toBe(i);
      for (let i = 0; i < 4; i++) expect((await ledger.balance(to(i))).availableCents).toBe(i === bad ? 0 : 10 + i);
      expect(commits).toEqual([3]);
    }
    expect(Number((await client.execute("SELECT count(*) FROM ends_tx WHERE x = 'ok'")).rows[0]![0])).toBe(6);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('a COMMIT that fails (a deferred foreign key) answers every caller of its group with an error, moves nothing, and the next group commits', async () => {
    await client.execute('CREATE TABLE deferred_ref (account_id TEXT REFERENCES accounts (id) DEFERRABLE INITIALLY DEFERRED)');
    const dangling = { sql: 'INSERT INTO deferred_ref (account_id) VALUES (?)', args: ['no-such-account'] };
    await ledger.transfer({ debit: DEP, credit: w('a'), amountCents: 1_000, code: 'DEPOSIT' });
    commits.length = 0;
    // Every statement succeeds and only the COMMIT fails; then the same with a refused movement in the group.
    for (const amounts of [[10, 20, 30], [10, 100_000]]) {
      const out = await hangs(settle(amounts.map((amountCents, i) => ledger.transfer({ debit: w('a'), credit: w('b'), amountCents, code: 'P2P', with: () => (i === 0 ? [dangling] : []) }))));
      expect(out.map((r) => r.status)).toEqual(amounts.map(() => 'rejected'));
      expect(String((out[0] as PromiseRejectedResult).reason)).toContain('FOREIGN KEY constraint failed');
      expect([(await ledger.balance(w('a'))).availableCents, (await ledger.balance(w('b'))).availableCents]).toEqual([1_000, 0]);
    }
    expect(commits).toEqual([]);
    // Nothing of the failed transaction is left open on the connection: the next movement commits on its own.
    await hangs(ledger.transfer({ debit: w('a'), credit: w('b'), amountCents: 5, code: 'P2P' }));
    expect(commits).toEqual([1]);
    expect(Number((await client.execute('SELECT count(*) FROM deferred_ref')).rows[0]![0])).toBe(0);
    expect((await verifyLedger(client)).ok).toBe(true);
  });
});
