import type { Client } from '@libsql/client';
import { beforeEach, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { createLedger } from './ledger';
import { verifyLedger } from './ledger-verify';
import { debtId, heldId, systemId, walletId, type Ledger, type Transfer } from './ledger.types';

let client: Client;
let url: string;
let ledger: Ledger;
let hold: Transfer;
const A = walletId('alice');
const B = walletId('bob');

// A small ledger with every kind of row: transfers, a posted, a voided and a live hold.
beforeEach(async () => {
  ({ client, url } = await ledgerDb());
  ledger = createLedger(client);
  await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: A, amountCents: 5_000, code: 'DEPOSIT' });
  await ledger.transfer({ debit: A, credit: B, amountCents: 1_000, code: 'P2P' });
  await ledger.post((await ledger.hold({ debit: A, credit: systemId('bitcoin_withdrawals'), amountCents: 700, code: 'WITHDRAW' })).id, { amountCents: 600 });
  await ledger.void((await ledger.hold({ debit: B, credit: systemId('bitcoin_withdrawals'), amountCents: 300, code: 'WITHDRAW' })).id);
  hold = await ledger.hold({ debit: A, credit: systemId('bitcoin_withdrawals'), amountCents: 200, code: 'WITHDRAW' });
  // Held money and a debt: a deposit split three ways, then part of the debt paid back.
  await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: B, amountCents: 100, code: 'DEPOSIT',
    more: [{ debit: systemId('bitcoin_deposits'), credit: heldId('bob'), amountCents: 50, code: 'DEPOSIT_HELD' }] });
  await ledger.transfer({ debit: debtId('bob'), credit: systemId('bitcoin_deposits'), amountCents: 80, code: 'DEPOSIT_REVERSAL' });
  await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: debtId('bob'), amountCents: 30, code: 'DEBT_REPAID' });
});

const failing = async () => (await verifyLedger(client)).checks.filter((c) => !c.ok).map((c) => c.name);

describe('verifyLedger', () => {
  test('a healthy ledger passes every check, with what each one looked at', async () => {
    const report = await verifyLedger(client);
    expect(report.ok).toBe(true);
    expect(report.checks).toHaveLength(7);
    for (const c of report.checks) expect(c.checked).toBeGreaterThan(0);
  });

  test('a stored balance that disagrees with its entries is found, even when the sum is still zero', async () => {
    await client.batch([`UPDATE accounts SET balance_cents = balance_cents + 5 WHERE id = '${B}'`, "UPDATE accounts SET balance_cents = balance_cents - 5 WHERE id = 's:bitcoin_deposits'"], 'write');
    expect(await failing()).toEqual(["every account's balance equals the sum of its entries"]);
    expect((await verifyLedger(client)).checks[0]!.violations.sort()).toEqual(['s:bitcoin_deposits: stored -5105, entries -5100', `${B}: stored 1105, entries 1100`]);
  });

  test('money appearing from nowhere breaks the zero sum and the transfer it claims to belong to', async () => {
    const t = (await client.execute("SELECT id FROM transfers WHERE code = 'P2P'")).rows[0]!.id;
    await client.batch([
      { sql: 'INSERT INTO entries (transfer_id, account_id, amount_cents, created_at) VALUES (?, ?, 50, 0)', args: [t, B] },
      `UPDATE accounts SET balance_cents = balance_cents + 50 WHERE id = '${B}'`,
    ], 'write');
    expect(await failing()).toEqual(['all balances sum to zero', 'every posted movement has exactly its two entries']);
  });

  test('a pending amount without its hold is found', async () => {
    await client.execute(`UPDATE accounts SET pending_cents = pending_cents + 1 WHERE id = '${B}'`);
    expect(await failing()).toEqual(["every account's pending equals the sum of its live holds"]);
  });

  test('a hold marked settled without a settlement (money never moved) is found', async () => {
    await client.batch([
      { sql: "UPDATE transfers SET status = 'posted' WHERE id = ?", args: [hold.id] },
      `UPDATE accounts SET pending_cents = 0 WHERE id = '${A}'`,
    ], 'write');
    expect(await failing()).toEqual(['every pending hold belongs to a live transfer, and every settled hold to exactly one settlement']);
  });

  test('a negative player balance is found', async () => {
    // Only possible by switching the table's own CHECK off, which is what this check is the backstop for.
    await client.batch(['PRAGMA ignore_check_constraints = ON', `UPDATE accounts SET balance_cents = -1 WHERE id = '${B}'`, 'PRAGMA ignore_check_constraints = OFF'], 'deferred');
    expect(await failing()).toContain('no player account has a negative available balance');
  });

  test('a debt account above zero (more paid back than was owed) is found', async () => {
    await client.batch(['PRAGMA ignore_check_constraints = ON', `UPDATE accounts SET balance_cents = balance_cents + 60 WHERE id = '${debtId('bob')}'`,
      `UPDATE accounts SET balance_cents = balance_cents - 60 WHERE id = 's:bitcoin_deposits'`,
      { sql: 'INSERT INTO entries (transfer_id, account_id, amount_cents, created_at) VALUES (?, ?, 60, 0), (?, ?, -60, 0)', args: [hold.id, debtId('bob'), hold.id, 's:bitcoin_deposits'] }], 'deferred');
    expect(await failing()).toContain('no debt account is above zero');
    expect((await verifyLedger(client)).checks.find((c) => c.name === 'no debt account is above zero')!.violations).toEqual([`${debtId('bob')}: balance 10`]);
  });

  // Broken books that every other check passes: balances match their entries and everything sums to zero.
  const insertTransferRow = (id: string, kind: string, debit: string, credit: string, amount: number, pendingId: string | null = null) => ({
    sql: `INSERT INTO transfers (id, kind, code, debit_account_id, credit_account_id, amount_cents, status, pending_id, created_at)
          VALUES (?, ?, 'BROKEN', ?, ?, ?, ?, ?, 0)`,
    args: [id, kind, debit, credit, amount, kind === 'void' ? 'voided' : 'posted', pendingId],
  });
  const entry = (transferId: string, account: string, cents: number) => ({
    sql: 'INSERT INTO entries (transfer_id, account_id, amount_cents, created_at) VALUES (?, ?, ?, 0)', args: [transferId, account, cents],
  });
  const move = (account: string, cents: number) => ({ sql: 'UPDATE accounts SET balance_cents = balance_cents + ? WHERE id = ?', args: [cents, account] });
  const settlements = 'every pending hold belongs to a live transfer, and every settled hold to exactly one settlement';

  test('a transfer whose entries do not balance is found, even when another one makes up the difference', async () => {
    await client.batch([
      insertTransferRow('t-plus', 'transfer', A, B, 100), entry('t-plus', A, -99), entry('t-plus', B, 100), move(A, -99), move(B, 100),
      insertTransferRow('t-minus', 'transfer', B, A, 100), entry('t-minus', B, -101), entry('t-minus', A, 100), move(B, -101), move(A, 100),
    ], 'write');
    expect(await failing()).toEqual(['every posted movement has exactly its two entries']);
  });

  test('a hold whose money moved at hold time (it has entries) is found', async () => {
    const out = systemId('bitcoin_withdrawals');
    await client.batch([entry(hold.id, A, -200), entry(hold.id, out, 200), move(A, -200), move(out, 200)], 'write');
    expect(await failing()).toEqual(['every posted movement has exactly its two entries']);
  });

  test('a post of more than its hold is found, with its money moved consistently', async () => {
    const out = systemId('bitcoin_withdrawals');
    await client.batch([
      insertTransferRow('p-big', 'post', A, out, 250, hold.id), entry('p-big', A, -250), entry('p-big', out, 250), move(A, -250), move(out, 250),
      { sql: "UPDATE transfers SET status = 'posted' WHERE id = ?", args: [hold.id] }, `UPDATE accounts SET pending_cents = pending_cents - 200 WHERE id = '${A}'`,
    ], 'write');
    expect(await failing()).toEqual([settlements]);
  });

  test('a void that records less than its hold is found', async () => {
    await client.batch([
      insertTransferRow('v-small', 'void', A, systemId('bitcoin_withdrawals'), 150, hold.id),
      { sql: "UPDATE transfers SET status = 'voided' WHERE id = ?", args: [hold.id] }, `UPDATE accounts SET pending_cents = pending_cents - 200 WHERE id = '${A}'`,
    ], 'write');
    expect(await failing()).toEqual([settlements]);
  });

  test('entries naming an account that no longer exists are found, even when they sum to zero', async () => {
    const C = walletId('carol');
    await ledger.transfer({ debit: A, credit: C, amountCents: 10, code: 'P2P' });
    await ledger.transfer({ debit: C, credit: A, amountCents: 10, code: 'P2P' });
    await client.execute({ sql: 'DELETE FROM accounts WHERE id = ?', args: [C] });
    expect(await failing()).toEqual(["every account's balance equals the sum of its entries"]);
  });

  test('a split movement is recorded as its transfers, each with its own two entries', async () => {
    const t = await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: A, amountCents: 10, code: 'DEPOSIT', externalRef: 'split-1',
      more: [{ debit: systemId('bitcoin_deposits'), credit: heldId('alice'), amountCents: 7, code: 'DEPOSIT_HELD', externalRef: 'split-1:held' }] });
    expect(t.moreIds).toHaveLength(1);
    expect((await ledger.balance(heldId('alice'))).balanceCents).toBe(7);
    const again = await ledger.transfer({ debit: systemId('bitcoin_deposits'), credit: A, amountCents: 10, code: 'DEPOSIT', externalRef: 'split-1',
      more: [{ debit: systemId('bitcoin_deposits'), credit: heldId('alice'), amountCents: 7, code: 'DEPOSIT_HELD', externalRef: 'split-1:held' }] });
    expect(again.replayed).toBe(true);
    expect((await ledger.balance(heldId('alice'))).balanceCents).toBe(7);
    // Held money never goes below zero, like a wallet.
    await expect(ledger.transfer({ debit: heldId('alice'), credit: A, amountCents: 8, code: 'HELD_RELEASE' })).rejects.toMatchObject({ errorType: 'INSUFFICIENT_FUNDS' });
    expect((await verifyLedger(client)).ok).toBe(true);
  });

  test('`bun run ledger:verify` prints each check and exits non-zero on a violation', async () => {
    const cli = async (databaseUrl: string) => {
      const p = Bun.spawn([process.execPath, join(import.meta.dir, '../../../scripts/ledger-verify.ts')], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdout: 'pipe' });
      return { code: await p.exited, out: await new Response(p.stdout).text() };
    };
    const good = await cli(url);
    expect(good.code).toBe(0);
    expect(good.out).toContain("ok    every account's balance equals the sum of its entries (");
    expect(good.out).toContain('ledger verified');
    await client.execute(`UPDATE accounts SET pending_cents = pending_cents + 1 WHERE id = '${B}'`);
    const bad = await cli(url);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain(`FAIL  every account's pending equals the sum of its live holds`);
    expect(bad.out).toContain(`${B}: stored pending 1, live holds 0`);
    expect((await cli(`${url}-missing`)).code).toBe(2);
  });
});
