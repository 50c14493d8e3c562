import { describe, expect, test } from 'bun:test';
import Database from 'libsql';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { AppError } from '../../lib/app-error';
import { createLedger } from './ledger';
import { systemId, walletId } from './ledger.types';

const DEP = systemId('bitcoin_deposits');

/**
 * Two writers on one file, as two instances sharing it: while another connection holds the write lock past the
 * (here tiny) busy timeout, SQLite answers SQLITE_BUSY. The ledger waits and tries again instead of failing.
 */
describe('a write refused as busy', () => {
  async function setUp() {
    const { client, url } = await ledgerDb();
    await client.execute('PRAGMA busy_timeout = 1');
    const other = new Database(url.slice('file:'.length));
    other.exec('PRAGMA busy_timeout = 1');
    return { client, ledger: createLedger(client), other };
  }

  test('is retried once the other writer lets go, and lands once', async () => {
    const { client, ledger, other } = await setUp();
    other.exec('BEGIN IMMEDIATE');
    let answered = false;
    const moves = Promise.all([1, 2, 3].map((n) => ledger.transfer({ debit: DEP, credit: walletId('p1'), amountCents: n, code: 'DEPOSIT' }).finally(() => (answered = true))));
    await Bun.sleep(150);
    // Still waiting: nothing was answered while the lock was held.
    expect(answered).toBe(false);
    other.exec('COMMIT');
    await moves;
    expect((await ledger.balance(walletId('p1'))).balanceCents).toBe(6);
    const n = await client.execute({ sql: 'SELECT count(*) AS n FROM transfers WHERE credit_account_id = ?', args: [walletId('p1')] });
    expect(Number(n.rows[0]!.n)).toBe(3);
    other.close();
  });

  test('gives up after a bounded wait with a 503 to retry, not a 500, and nothing moves', async () => {
    const { ledger, other } = await setUp();
    other.exec('BEGIN IMMEDIATE');
    const e = await ledger.transfer({ debit: DEP, credit: walletId('p2'), amountCents: 5, code: 'DEPOSIT' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect([(e as AppError).status, (e as AppError).errorType]).toEqual([503, 'DATABASE_BUSY']);
    other.exec('ROLLBACK');
    expect((await ledger.balance(walletId('p2'))).balanceCents).toBe(0);
    other.close();
  });
});
