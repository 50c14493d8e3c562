import { afterEach, beforeEach, expect, test } from 'bun:test';
import type { BtcpayDouble } from '../../../tests/doubles/btcpay';
import { regtestAddress } from '../../../tests/doubles/btcpay/ids';
import { useBtcpayApp } from '../../../tests/helpers/btcpay';
import { call, type TestApp } from '../../../tests/helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { systemId, walletId } from '../../services/ledger/ledger.types';

const SECRET = 'whsec-admin-4Fq9';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const fx = useBtcpayApp(SECRET, { WITHDRAWAL_AUTO_APPROVE_DOLLARS: '50' });
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;

beforeEach(async () => {
  ({ double, app } = fx);
  p = await createPlayer(app);
  op = await createOperatorUser(app);
  await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 100_000, code: 'TEST_FUNDS' });
});
afterEach(() => app.deps.database.client.close());

const admin = (method: string, path: string, body?: unknown) => call(app, method, `/api/v1/admin${path}`, body, { token: op.token });
// BTCPay refuses a second live payout to one address (duplicate-destination): a test with several gives each its own.
const withdraw = async (amount: number, tip = 0, to = ADDRESS) =>
  (await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: to, amount, tip }, { token: p.token })).json.data;
const wallet = async () => (await app.deps.ledger.balance(walletId(p.userId))).availableCents;
const trail = async (action: string) => (await app.deps.database.client.execute({ sql: 'SELECT * FROM audit_log WHERE action = ?', args: [action] })).rows;

test('the queue shows amount, tip, destination, age and the player\'s last 30 days', async () => {
  const w = await withdraw(100, 5);
  const q = await admin('GET', '/withdrawals?status=pending');
  expect(q.json.withdrawals).toHaveLength(1);
  expect(q.json.withdrawals[0]).toMatchObject({ id: w.withdrawalId, email: p.email, amount: 100, tip: 5, currency: 'BTC-CHAIN', destination: ADDRESS, payoutState: 'AwaitingApproval', last30Days: { deposits: 0, withdrawals: 100 } });
  expect((await admin('GET', '/withdrawals?status=bogus')).status).toBe(400);
});

test('approve approves the payout at BTCPay and is audited; a second approve is a 409', async () => {
  const w = await withdraw(100);
  const r = await admin('POST', `/withdrawals/${w.withdrawalId}/approve`, {});
  expect(r.status).toBe(200);
  expect(double.payout(w.payoutId).state).toBe('AwaitingPayment');
  const [row] = await trail('withdrawal.approve');
  expect(row).toMatchObject({ actor_id: op.userId, target_id: w.withdrawalId });
  expect(JSON.parse(String(row!.before))).toMatchObject({ payoutState: 'AwaitingApproval' });
  expect((await admin('POST', `/withdrawals/${w.withdrawalId}/approve`, {})).status).toBe(409);
  expect((await admin('POST', '/withdrawals/nope/approve', {})).status).toBe(404);
});

test('reject needs a reason, cancels the payout, gives amount and tip back once and tells the player', async () => {
  const before = await wallet();
  const w = await withdraw(100, 5);
  expect((await admin('POST', `/withdrawals/${w.withdrawalId}/reject`, {})).json.errors[0].field).toBe('reason');
  expect(await wallet()).toBe(before - 10_500);
  const r = await admin('POST', `/withdrawals/${w.withdrawalId}/reject`, { reason: 'Address flagged by compliance' });
  expect(r.status).toBe(200);
  expect(double.payout(w.payoutId).state).toBe('Cancelled');
  await double.settled();
  await app.deps.deposits.idle();
  expect(await wallet()).toBe(before);
  expect((await admin('POST', `/withdrawals/${w.withdrawalId}/reject`, { reason: 'Address flagged by compliance' })).status).toBe(409);
  expect(await wallet()).toBe(before);
  const notes = await call(app, 'GET', '/api/v1/notification?limit=10&page=1', undefined, { token: p.token });
  expect(JSON.stringify(notes.json)).toContain('Address flagged by compliance');
  expect(await trail('withdrawal.reject')).toHaveLength(1);
});

test('BTCPay down: a 502 that says so, nothing audited, the withdrawal still open', async () => {
  const w = await withdraw(100);
  await double.setDown('refuse');
  const r = await admin('POST', `/withdrawals/${w.withdrawalId}/approve`, {});
  expect([r.status, r.json.errorType]).toEqual([502, 'PAYMENTS_UNAVAILABLE']);
  expect(await trail('withdrawal.approve')).toHaveLength(0);
  const rejected = await admin('POST', `/withdrawals/${w.withdrawalId}/reject`, { reason: 'Not now' });
  expect([rejected.status, rejected.json.errorType]).toEqual([502, 'PAYMENTS_UNAVAILABLE']);
  expect(await trail('withdrawal.reject')).toHaveLength(0);
  await double.setDown(false);
  expect((await admin('GET', '/withdrawals?status=pending')).status).toBe(200);
  const row = await app.deps.database.client.execute({ sql: 'SELECT status, reason FROM withdrawals WHERE id = ?', args: [w.withdrawalId] });
  expect([row.rows[0]!.status, row.rows[0]!.reason]).toEqual(['pending', null]);
});

const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};

test('an ended withdrawal shows no stale payout state; a completed one shows its payout id and the txid that paid it', async () => {
  const paid = await withdraw(100);
  expect((await admin('POST', `/withdrawals/${paid.withdrawalId}/approve`, {})).status).toBe(200);
  const txid = 'ab'.repeat(32);
  // BTCPay completes it straight from AwaitingPayment, the last state read while it was open (and kept in the row).
  double.completePayout(paid.payoutId, { proofType: 'PayoutTransactionOnChainBlob', transactionId: txid, link: `https://mempool.space/tx/${txid}` });
  const rejected = await withdraw(100, 0, regtestAddress());
  expect((await admin('POST', `/withdrawals/${rejected.withdrawalId}/reject`, { reason: 'Address flagged by compliance' })).status).toBe(200);
  await settle();
  const [completed] = (await admin('GET', '/withdrawals?status=completed')).json.withdrawals;
  expect(completed).toMatchObject({ id: paid.withdrawalId, status: 'completed', payoutState: null, payoutId: paid.payoutId, proof: { kind: 'transaction', txid } });
  const [cancelled] = (await admin('GET', '/withdrawals?status=cancelled')).json.withdrawals;
  expect(cancelled).toMatchObject({ id: rejected.withdrawalId, status: 'cancelled', payoutState: null, proof: null });
  // An open one still shows BTCPay's state.
  const open = await withdraw(100, 0, regtestAddress());
  expect((await admin('GET', '/withdrawals?status=pending')).json.withdrawals[0]).toMatchObject({ id: open.withdrawalId, payoutState: 'AwaitingApproval', proof: null });
});

test('the menu counts the withdrawals awaiting an operator\'s approval apart from the open ones: an approval takes one off', async () => {
  const counts = async () => (await admin('GET', '/counts')).json.data;
  const [a] = [await withdraw(100), await withdraw(150, 0, regtestAddress())];
  expect(await counts()).toMatchObject({ openWithdrawals: 2, withdrawalsAwaitingApproval: 2 });
  expect((await admin('POST', `/withdrawals/${a.withdrawalId}/approve`, {})).status).toBe(200);
  // Approved, BTCPay sends it: still open, no longer the operator's to decide.
  expect(await counts()).toMatchObject({ openWithdrawals: 2, withdrawalsAwaitingApproval: 1 });
  expect((await admin('GET', '/overview')).json.data).toMatchObject({ openWithdrawals: 2, withdrawalsAwaitingApproval: 1 });
});

test('approve and reject say which withdrawal: its amount and the player\'s e-mail', async () => {
  const a = await withdraw(120);
  const b = await withdraw(100, 5, regtestAddress());
  expect((await admin('POST', `/withdrawals/${a.withdrawalId}/approve`, {})).json.message).toBe(`Withdrawal of $120.00 for ${p.email} approved: BTCPay sends the payout.`);
  expect((await admin('POST', `/withdrawals/${b.withdrawalId}/reject`, { reason: 'Address flagged by compliance' })).json.message)
    .toBe(`Withdrawal of $100.00 for ${p.email} rejected: the $105.00 it held is back in the player's wallet.`);
});
