import type { Client } from '@libsql/client';
import { beforeEach, describe, expect, test } from 'bun:test';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { AppError } from '../../lib/app-error';
import { createLedger } from './ledger';
import { verifyLedger } from './ledger-verify';
import { gameAccountId, systemId, walletId, type Ledger } from './ledger.types';

let client: Client;
let ledger: Ledger;
const DEP = systemId('bitcoin_deposits');
const OUT = systemId('bitcoin_withdrawals');
const A = walletId('alice');
const B = walletId('bob');

beforeEach(async () => {
  ({ client } = await ledgerDb());
  ledger = createLedger(client);
  await client.execute('CREATE TABLE side_rows (transfer_id TEXT NOT NULL UNIQUE, note TEXT)');
});

const fund = (account: string, cents: number) => ledger.transfer({ debit: DEP, credit: account, amountCents: cents, code: 'DEPOSIT' });
const count = async (sql: string) => Number((await client.execute(sql)).rows[0]![0]);
const available = async (id: string) => (await ledger.balance(id)).availableCents;

/** Runs fn and returns the AppError it threw (fails the test if it did not throw one). */
async function failure(fn: () => Promise<unknown>): Promise<AppError> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

async function snapshot() {
  const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => JSON.stringify(r));
  return {
    accounts: await rows('SELECT * FROM accounts ORDER BY id'),
    transfers: await count('SELECT count(*) FROM transfers'),
    entries: await count('SELECT count(*) FROM entries'),
    side: await count('SELECT count(*) FROM side_rows'),
  };
}

describe('transfer', () => {
  test('moves money between two accounts created on first use; system accounts may go negative', async () => {
    await fund(A, 10_000);
    const t = await ledger.transfer({ debit: A, credit: B, amountCents: 2_500, code: 'P2P', metadata: { note: 'lunch' } });
    expect(t).toMatchObject({ debitAccountId: A, creditAccountId: B, amountCents: 2_500, status: 'posted', replayed: false, metadata: { note: 'lunch' } });
    expect(await ledger.balance(A)).toEqual({ balanceCents: 7_500, pendingCents: 0, availableCents: 7_500 });
    expect(await available(B)).toBe(2_500);
    expect(await available(DEP)).toBe(-10_000);
    expect(await count('SELECT sum(balance_cents) FROM accounts')).toBe(0);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('an overdraft is a 409 INSUFFICIENT_FUNDS that changes nothing, not even the extra rows', async () => {
    await fund(A, 1_000);
    const before = await snapshot();
    const side = (id: string) => [{ sql: 'INSERT INTO side_rows (transfer_id) VALUES (?)', args: [id] }];
    const e = await failure(() => ledger.transfer({ debit: A, credit: B, amountCents: 1_001, code: 'P2P', with: side }));
    expect([e.status, e.errorType, e.message]).toEqual([409, 'INSUFFICIENT_FUNDS', 'Insufficient balance']);
    expect(await snapshot()).toEqual(before);
    // A wallet that never held money cannot pay either, and is not left behind as an empty account.
    expect((await failure(() => ledger.transfer({ debit: walletId('carol'), credit: B, amountCents: 1, code: 'P2P' }))).errorType).toBe('INSUFFICIENT_FUNDS');
    expect(await count("SELECT count(*) FROM accounts WHERE id = 'w:carol'")).toBe(0);
    // Spending exactly everything is fine.
    await ledger.transfer({ debit: A, credit: gameAccountId('alice', 'vblink'), amountCents: 1_000, code: 'GAME_LOAD' });
    expect(await available(A)).toBe(0);
  });

  test('`with` statements commit in the same transaction and get the transfer id; if one fails nothing moves', async () => {
    await fund(A, 1_000);
    const t = await ledger.transfer({ debit: A, credit: B, amountCents: 100, code: 'P2P', with: (id) => [{ sql: 'INSERT INTO side_rows VALUES (?, ?)', args: [id, 'a'] }] });
    expect((await client.execute('SELECT transfer_id FROM side_rows')).rows.map((r) => r.transfer_id)).toEqual([t.id]);
    const before = await snapshot();
    // A duplicate side row aborts the batch: the movement is rolled back with it.
    await expect(ledger.transfer({ debit: A, credit: B, amountCents: 100, code: 'P2P', with: () => [{ sql: 'INSERT INTO side_rows VALUES (?, ?)', args: [t.id, 'b'] }] })).rejects.toThrow(/UNIQUE/);
    expect(await snapshot()).toEqual(before);
  });

  test('bad amounts are a 400 on every operation and change nothing', async () => {
    await fund(A, 1_000);
    const hold = await ledger.hold({ debit: A, credit: OUT, amountCents: 500, code: 'WITHDRAW' });
    const before = await snapshot();
    for (const amountCents of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '100' as unknown as number, null as unknown as number]) {
      for (const op of [
        () => ledger.transfer({ debit: A, credit: B, amountCents, code: 'P2P' }),
        () => ledger.hold({ debit: A, credit: OUT, amountCents, code: 'WITHDRAW' }),
        () => ledger.post(hold.id, { amountCents }),
      ]) {
        const e = await failure(op);
        expect([e.status, e.errors?.[0]]).toEqual([400, { field: 'amount', message: 'Enter a valid amount' }]);
      }
    }
    // Refusals arrive as rejected promises, never as synchronous throws.
    await expect(ledger.post(hold.id, { amountCents: 0 })).rejects.toBeInstanceOf(AppError);
    expect(await snapshot()).toEqual(before);
  });

  test('unknown or identical accounts and bad codes are a 400', async () => {
    for (const m of [
      { debit: A, credit: A },
      { debit: 'alice', credit: B },
      { debit: A, credit: 'x:bob' },
      { debit: 'w:', credit: B },
    ])
      expect((await failure(() => ledger.transfer({ ...m, amountCents: 1, code: 'P2P' }))).status).toBe(400);
    expect((await failure(() => ledger.transfer({ debit: DEP, credit: A, amountCents: 1, code: '' }))).errors?.[0]?.field).toBe('code');
    expect((await failure(() => ledger.balance('nope'))).status).toBe(400);
    expect(await ledger.balance(walletId('never-used'))).toEqual({ balanceCents: 0, pendingCents: 0, availableCents: 0 });
  });

  test('balances that would leave the exact-number range are refused as a 400', async () => {
    const big = Number.MAX_SAFE_INTEGER - 10;
    await ledger.transfer({ debit: DEP, credit: A, amountCents: big, code: 'DEPOSIT' });
    expect((await failure(() => ledger.transfer({ debit: DEP, credit: A, amountCents: 100, code: 'DEPOSIT' }))).status).toBe(400);
    expect(await available(A)).toBe(big);
  });
});

describe('with statements', () => {
  test('their results come back in order, and a read placed last sees the committed balances', async () => {
    await ledger.transfer({ debit: DEP, credit: A, amountCents: 500, code: 'DEPOSIT' });
    const t = await ledger.transfer({
      debit: A, credit: B, amountCents: 200, code: 'P2P',
      with: () => [{ sql: 'SELECT id, balance_cents FROM accounts WHERE id IN (?, ?) ORDER BY id', args: [A, B] }],
    });
    expect(t.withResults).toHaveLength(1);
    const rows = t.withResults![0]!.rows.map((r) => [r.id, Number(r.balance_cents)]);
    expect(rows).toEqual([[A, (await ledger.balance(A)).balanceCents], [B, 200]].sort());
  });
});

describe('externalRef', () => {
  test('a second call with the same ref changes nothing and returns the first transfer, replayed', async () => {
    const first = await ledger.transfer({ debit: DEP, credit: A, amountCents: 700, code: 'DEPOSIT', externalRef: 'btcpay:pay-1', with: (id) => [{ sql: 'INSERT INTO side_rows VALUES (?, NULL)', args: [id] }] });
    const again = await ledger.transfer({ debit: DEP, credit: A, amountCents: 999, code: 'DEPOSIT', externalRef: 'btcpay:pay-1', with: (id) => [{ sql: 'INSERT INTO side_rows VALUES (?, NULL)', args: [id] }] });
    const { withResults, available: availableThen, ...firstTransfer } = first;
    expect(withResults).toHaveLength(1);
    expect(availableThen).toEqual({ [A]: 700, [DEP]: -700 });
    // A replay moved nothing now: no balances as its own update left them.
    expect(again).toEqual({ ...firstTransfer, replayed: true });
    expect(await available(A)).toBe(700);
    expect(await count('SELECT count(*) FROM side_rows')).toBe(1);
  });

  test('racing calls with one ref move the money once; every caller gets the same transfer', async () => {
    await fund(A, 1_000);
    // Each call alone would spend the whole balance: the losers must be replays, not overdrafts.
    const calls = Array.from({ length: 25 }, () => ledger.transfer({ debit: A, credit: B, amountCents: 1_000, code: 'P2P', externalRef: 'p2p:race' }));
    const results = await Promise.all(calls);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await available(A)).toBe(0);
    expect(await available(B)).toBe(1_000);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('a hold is replayed by ref too, with its current state', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: OUT, amountCents: 400, code: 'WITHDRAW', externalRef: 'payout:1' });
    await ledger.void(h.id);
    const again = await ledger.hold({ debit: A, credit: OUT, amountCents: 400, code: 'WITHDRAW', externalRef: 'payout:1' });
    expect([again.id, again.status, again.replayed]).toEqual([h.id, 'voided', true]);
    expect(await available(A)).toBe(1_000);
  });
});

describe('holds', () => {
  test('a hold reserves the available balance; the balance itself is untouched until posted', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: OUT, amountCents: 600, code: 'WITHDRAW' });
    expect(h.status).toBe('pending');
    expect(await ledger.balance(A)).toEqual({ balanceCents: 1_000, pendingCents: 600, availableCents: 400 });
    expect((await failure(() => ledger.transfer({ debit: A, credit: B, amountCents: 401, code: 'P2P' }))).errorType).toBe('INSUFFICIENT_FUNDS');
    expect((await failure(() => ledger.hold({ debit: A, credit: OUT, amountCents: 401, code: 'WITHDRAW' }))).errorType).toBe('INSUFFICIENT_FUNDS');
    expect(await available(OUT)).toBe(0);
  });

  test('posting less than held moves that much and returns the rest', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: OUT, amountCents: 600, code: 'WITHDRAW' });
    let seen = '';
    const p = await ledger.post(h.id, { amountCents: 450, with: (id) => ((seen = id), []) });
    expect(p).toMatchObject({ status: 'posted', amountCents: 450, pendingId: h.id, code: 'WITHDRAW', debitAccountId: A, creditAccountId: OUT });
    expect(seen).toBe(p.id);
    expect(await ledger.balance(A)).toEqual({ balanceCents: 550, pendingCents: 0, availableCents: 550 });
    expect(await available(OUT)).toBe(450);
    // The hold keeps its amount; only its status changed.
    const row = (await client.execute({ sql: 'SELECT amount_cents, status FROM transfers WHERE id = ?', args: [h.id] })).rows[0]!;
    expect([row.amount_cents, row.status]).toEqual([600, 'posted']);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('posting more than held is a 400; posting without an amount moves all of it', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: OUT, amountCents: 300, code: 'WITHDRAW' });
    expect((await failure(() => ledger.post(h.id, { amountCents: 301 }))).status).toBe(400);
    await ledger.post(h.id);
    expect(await ledger.balance(A)).toEqual({ balanceCents: 700, pendingCents: 0, availableCents: 700 });
  });

  test('posting exactly the held amount, named explicitly, moves all of it', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: OUT, amountCents: 300, code: 'WITHDRAW' });
    expect(await ledger.post(h.id, { amountCents: 300 })).toMatchObject({ status: 'posted', amountCents: 300 });
    expect(await ledger.balance(A)).toEqual({ balanceCents: 700, pendingCents: 0, availableCents: 700 });
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('void releases the whole hold', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: gameAccountId('alice', 'ultra-panda'), amountCents: 1_000, code: 'GAME_LOAD' });
    const v = await ledger.void(h.id);
    expect(v).toMatchObject({ status: 'voided', amountCents: 1_000, pendingId: h.id });
    expect(await ledger.balance(A)).toEqual({ balanceCents: 1_000, pendingCents: 0, availableCents: 1_000 });
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('the available balances a transfer returns are net of the pending holds', async () => {
    await fund(A, 1_000);
    await ledger.hold({ debit: A, credit: OUT, amountCents: 600, code: 'WITHDRAW' });
    const t = await ledger.transfer({ debit: A, credit: B, amountCents: 100, code: 'P2P' });
    expect(t.available).toEqual({ [A]: 300, [B]: 100 });
    expect(t.available![A]).toBe(await available(A));
  });

  test('a hold is settled exactly once: a second post or void is a 409 HOLD_NOT_PENDING', async () => {
    await fund(A, 1_000);
    const posted = await ledger.hold({ debit: A, credit: OUT, amountCents: 100, code: 'WITHDRAW' });
    await ledger.post(posted.id);
    const voided = await ledger.hold({ debit: A, credit: OUT, amountCents: 100, code: 'WITHDRAW' });
    await ledger.void(voided.id);
    const before = await snapshot();
    for (const op of [() => ledger.post(posted.id), () => ledger.void(posted.id), () => ledger.post(voided.id), () => ledger.void(voided.id)]) {
      const e = await failure(op);
      expect([e.status, e.errorType]).toEqual([409, 'HOLD_NOT_PENDING']);
    }
    expect(await snapshot()).toEqual(before);
  });

  test('racing posts and voids of one hold: exactly one wins', async () => {
    await fund(A, 1_000);
    const h = await ledger.hold({ debit: A, credit: OUT, amountCents: 800, code: 'WITHDRAW' });
    const outcomes = await Promise.allSettled([ledger.post(h.id), ledger.void(h.id), ledger.post(h.id, { amountCents: 10 }), ledger.void(h.id)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as AppError).errorType).toBe('HOLD_NOT_PENDING');
    expect((await ledger.balance(A)).pendingCents).toBe(0);
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('a hold cannot carry more movements: a 400 that moves and reserves nothing', async () => {
    await fund(A, 1_000);
    const before = await snapshot();
    const e = await failure(() => ledger.hold({ debit: A, credit: OUT, amountCents: 100, code: 'WITHDRAW',
      more: [{ debit: A, credit: B, amountCents: 50, code: 'P2P' }] }));
    expect(e.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test('unknown holds and plain transfers cannot be settled', async () => {
    const t = await fund(A, 100);
    expect((await failure(() => ledger.post('no-such-hold'))).status).toBe(404);
    expect((await failure(() => ledger.void(t.id))).status).toBe(404);
  });
});

describe('history is immutable', () => {
  test('entries and transfers cannot be rewritten or deleted', async () => {
    const t = await fund(A, 100);
    await expect(client.execute({ sql: 'UPDATE transfers SET amount_cents = 1 WHERE id = ?', args: [t.id] })).rejects.toThrow(/immutable/);
    await expect(client.execute({ sql: 'DELETE FROM transfers WHERE id = ?', args: [t.id] })).rejects.toThrow(/immutable/);
    await expect(client.execute('UPDATE entries SET amount_cents = amount_cents * 2')).rejects.toThrow(/immutable/);
    await expect(client.execute('DELETE FROM entries')).rejects.toThrow(/immutable/);
    expect((await verifyLedger(client)).ok).toBe(true);
  });
});
