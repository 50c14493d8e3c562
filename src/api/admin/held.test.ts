import { beforeEach, describe, expect, test } from 'bun:test';
import type { BtcpayDouble } from '../../../tests/doubles/btcpay';
import { useBtcpayApp } from '../../../tests/helpers/btcpay';
import { waitForMail } from '../../../tests/helpers/accounts';
import { call, type TestApp } from '../../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { heldId, walletId } from '../../services/ledger/ledger.types';
import { verifyLedger } from '../../services/ledger/ledger-verify';

// The operator releases held deposit money to the wallet, or refunds it as a payout to the address the player gave.
const SECRET = 'whsec-held-admin-6Rt1';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const fx = useBtcpayApp(SECRET);
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;

beforeEach(async () => {
  ({ double, app } = fx);
  p = await createPlayer(app);
  op = await createOperatorUser(app);
});

const admin = (method: string, path: string, body?: unknown, token = op.token) => call(app, method, `/api/v1/admin${path}`, body, { token });
const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};
const lastNote = async () => String((await app.deps.database.client.execute({ sql: 'SELECT content FROM notifications WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1', args: [p.userId] })).rows[0]?.content);
const balance = async (id: string) => (await app.deps.ledger.balance(id)).availableCents;
const trail = async (action: string) => (await app.deps.database.client.execute({ sql: 'SELECT * FROM audit_log WHERE action = ? ORDER BY created_at', args: [action] })).rows;

/** $100 limit, $100 deposited and credited, then $200 more paid to the same invoice: held. Returns the held item. */
async function heldPayment() {
  await call(app, 'PUT', '/api/v1/user/limits', { daily: 100 }, { token: p.token });
  const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '100' }, { token: p.token })).json.data;
  double.confirm(double.payOnchain(d.invoiceId));
  await settle();
  double.confirm(double.payOnchain(d.invoiceId, '0.004'));
  await settle();
  const r = await admin('GET', `/players/${p.userId}/held`);
  expect(r.status).toBe(200);
  expect(r.json.held).toHaveLength(1);
  return r.json.held[0] as { id: string; amount: number; status: string; reason: string };
}

describe('held money in the console', () => {
  test('the player page, the held list and the overview show it; release moves it to the wallet, once, audited', async () => {
    const h = await heldPayment();
    expect(h).toMatchObject({ amount: 200, status: 'held', reason: 'limit' });
    expect((await admin('GET', `/players/${p.userId}`)).json.player).toMatchObject({ balance: 100, held: 200, owed: 0 });
    expect((await admin('GET', '/held')).json.held.map((x: { id: string }) => x.id)).toEqual([h.id]);
    expect((await admin('GET', '/overview')).json.data).toMatchObject({ heldPayments: 1, held: 200 });
    // A player cannot use the console's routes.
    expect((await admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'limit raised by review' }, p.token)).status).toBe(403);
    expect((await admin('POST', `/players/${p.userId}/held/${h.id}/release`, {})).json.errors[0].field).toBe('reason');

    const r = await admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'player asked, limit reviewed' });
    expect(r.status).toBe(200);
    expect(await balance(walletId(p.userId))).toBe(30_000);
    expect(await balance(heldId(p.userId))).toBe(0);
    const [row] = await trail('held.release');
    expect(row).toMatchObject({ actor_id: op.userId, target_id: p.userId, reason: 'player asked, limit reviewed' });
    expect(JSON.parse(String(row!.after))).toMatchObject({ status: 'released', amountCents: 20_000 });
    const history = (await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: p.token })).json.TransactionList;
    expect(history.map((x: { amount: number; transactionStatus: string }) => [x.amount, x.transactionStatus]).sort()).toEqual([[100, 'completed'], [200, 'released']]);

    const again = await admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'twice by mistake' });
    expect([again.status, again.json.errorType]).toEqual([409, 'HELD_SETTLED']);
    expect(await balance(walletId(p.userId))).toBe(30_000);
    expect(await trail('held.release')).toHaveLength(1);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('two operators releasing the same held payment at once: it moves once', async () => {
    const h = await heldPayment();
    // More held money beside it, so only the held payment's own state can stop a second release.
    await app.deps.ledger.transfer({ debit: 's:promotions', credit: heldId(p.userId), amountCents: 20_000, code: 'TEST_FUNDS' });
    const op2 = await createOperatorUser(app);
    const both = await Promise.all([
      admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'first operator' }),
      admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'second operator' }, op2.token),
    ]);
    expect(both.map((x) => [x.status, x.json.errorType]).sort()).toEqual([[200, undefined], [409, 'HELD_SETTLED']]);
    expect(await balance(walletId(p.userId))).toBe(30_000);
    expect(await balance(heldId(p.userId))).toBe(20_000);
    expect(await trail('held.release')).toHaveLength(1);
  });

  test('refund: a payout of the held amount to the address the player gave, from the held account, audited', async () => {
    const h = await heldPayment();
    const bad = await admin('POST', `/players/${p.userId}/held/${h.id}/refund`, { address: 'not-an-address', reason: 'refund requested' });
    expect(bad.status).toBe(400);
    expect(await balance(heldId(p.userId))).toBe(20_000);

    const r = await admin('POST', `/players/${p.userId}/held/${h.id}/refund`, { address: ADDRESS, reason: 'player asked for a refund' });
    expect(r.status).toBe(200);
    const w = await app.deps.withdrawals.get(p.userId, r.json.withdrawalId);
    expect(w).toMatchObject({ amountCents: 20_000, destination: ADDRESS, status: 'pending' });
    const payout = double.payout(w!.payoutId!);
    expect(payout.destination).toBe(ADDRESS);
    expect(payout.state).toBe('AwaitingPayment'); // approved: the operator decided
    // Held, not the wallet, pays it; the wallet is untouched.
    expect(await balance(heldId(p.userId))).toBe(0);
    expect(await balance(walletId(p.userId))).toBe(10_000);
    const [row] = await trail('held.refund');
    expect(row).toMatchObject({ actor_id: op.userId, target_id: p.userId, reason: 'player asked for a refund' });
    expect(JSON.parse(String(row!.after))).toMatchObject({ status: 'refunded', amountCents: 20_000, address: ADDRESS, withdrawalId: w!.id });
    expect((await admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'after refund' })).status).toBe(409);

    double.completePayout(payout.id, { proofType: 'PayoutTransactionOnChainBlob', transactionId: 'cd'.repeat(32) });
    await settle();
    expect((await app.deps.withdrawals.get(p.userId, w!.id))!.status).toBe('completed');
    expect(await lastNote()).toBe('The refund of $200.00 from your held deposit was sent.');
    // The e-mail speaks of a refund, not a withdrawal.
    const mail = await waitForMail(app, p.email, /refund/);
    expect([mail.subject, mail.text.includes('Refund sent'), mail.text.includes('The refund of $200.00 from your held deposit was sent.')]).toEqual(['Your refund was sent', true, true]);
    expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
  });

  test('a refund whose payout is cancelled returns the money to held, and it can be released then', async () => {
    const h = await heldPayment();
    const r = await admin('POST', `/players/${p.userId}/held/${h.id}/refund`, { address: ADDRESS, reason: 'player asked for a refund' });
    await app.deps.withdrawals.reject(r.json.withdrawalId, 'Wrong address given');
    expect(await balance(heldId(p.userId))).toBe(20_000);
    // The player is told where the money is: held again, not in the wallet.
    expect(await lastNote()).toBe('The refund of $200.00 from your held deposit was cancelled: Wrong address given. The money is held again, not in your wallet. Contact support to have it released or refunded.');
    const mail = await waitForMail(app, p.email, /refund/);
    expect(mail.subject).toBe('Your refund was not sent');
    expect(mail.text).toContain('Refund not sent');
    expect(mail.text).toContain('The money is held again, not in your wallet.');
    expect(mail.text).not.toContain('withdrawal');
    expect((await admin('POST', `/players/${p.userId}/held/${h.id}/release`, { reason: 'release instead' })).status).toBe(200);
    expect(await balance(walletId(p.userId))).toBe(30_000);
  });

  test('a player in debt is flagged on the player page, the held list and the overview', async () => {
    const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '40' }, { token: p.token })).json.data;
    const pay = double.payOnchain(d.invoiceId);
    double.confirm(pay);
    await settle();
    await app.deps.ledger.transfer({ debit: walletId(p.userId), credit: 's:house_adjustments', amountCents: 1_500, code: 'TEST_SPEND' });
    double.invalidate(pay);
    await settle();
    expect((await admin('GET', `/players/${p.userId}`)).json.player).toMatchObject({ owed: 15 });
    expect((await admin('GET', '/held')).json.debts).toEqual([{ userId: p.userId, email: p.email, owed: 15 }]);
    expect((await admin('GET', '/overview')).json.data).toMatchObject({ playersInDebt: 1, owed: 15 });
  });
});
