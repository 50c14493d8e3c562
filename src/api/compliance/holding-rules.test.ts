import { beforeEach, describe, expect, test } from 'bun:test';
import type { BtcpayDouble } from '../../../tests/doubles/btcpay';
import { useBtcpayApp } from '../../../tests/helpers/btcpay';
import { call, type TestApp } from '../../../tests/helpers/app';
import { lightningNode, makeBolt11 } from '../../../tests/helpers/bolt11';
import { admin, casesOf, play, payoutApprovals, payoutCreates, withdraw, withdrawal, withdrawHistory } from '../../../tests/helpers/compliance';
import { available, fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, type TestPlayer } from '../../../tests/helpers/players';

// The two rules that hold withdrawals, against the real BTCPay client and its double: a held withdrawal is never
// asked for at BTCPay (by the request, by reconciliation, by an operator's approval) until its case is cleared.
const SECRET = 'whsec-aml-holding-4Qe8';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
// BTCPay refuses a second payout to an address with one in progress: each withdrawal here has its own.
const OTHER = 'bcrt1q4s80fx9kl4ve9ulptyjkqy76jv89kclzslgt4e';
const THIRD = 'bcrt1qv3a65jzd6mwkuhs854we2h5w785n3zveah24fe';
const FOURTH = 'bcrt1qdc922pavl75cuuc240v9qmwc3x08mgmeset0ys';
const fx = useBtcpayApp(SECRET, { WITHDRAWAL_AUTO_APPROVE_DOLLARS: '500', AML_MIN_PLAY_SHARE: '0.25', AML_SHARED_DESTINATION: 'on' });
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;

beforeEach(async () => {
  ({ double, app } = fx);
  p = await createPlayer(app);
  op = await createOperatorUser(app);
});

const reconcile = () => app.deps.withdrawals.reconcileOnce();

describe('in and out without play (AML_MIN_PLAY_SHARE 0.25)', () => {
  test('exactly a quarter of the deposits played: the withdrawal is sent as any other', async () => {
    await fund(app, p.userId, 100_000);
    await play(app, p, 250);
    const r = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    expect(r.status).toBe(200);
    expect(r.json.data.status).toBe('pending');
    expect(payoutCreates(double)).toBe(1);
    expect(await casesOf(app, p.userId)).toEqual([]);
  });

  test('one cent less played: held; the player reads "under review", nothing reaches BTCPay, reconciliation included', async () => {
    await fund(app, p.userId, 100_000);
    await play(app, p, 249.99);
    const r = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 5 });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe('Withdrawal of $100.00 requested, with a $5.00 tip: $105.00 left your wallet. It is under review and will be sent once the review is done. You can cancel it from your history meanwhile.');
    expect(r.json.message).not.toMatch(/rule|case|play|launder/i);
    expect(r.json.data).toMatchObject({ status: 'under review', payoutId: null });
    expect((await withdrawHistory(app, p))[0].transactionStatus).toBe('under review');
    for (let i = 0; i < 3; i++) await reconcile();
    expect(payoutCreates(double)).toBe(0);
    const [c] = await casesOf(app, p.userId);
    expect(c).toMatchObject({ rule: 'in_out_without_play', status: 'open', holds: 1, severity: 3, hits: 1 });
    const facts = JSON.parse(String((await app.deps.database.client.execute({ sql: 'SELECT facts FROM compliance_hits WHERE case_id = ?', args: [c!.id] })).rows[0]!.facts));
    expect(facts).toMatchObject({ withdrawalId: r.json.data.withdrawalId, amountCents: 10_000, depositedCents: 100_000, receivedCents: 0, playedCents: 24_999, since: null });
  });

  test('counts P2P received as well, and starts again after each withdrawal', async () => {
    const friend = await createPlayer(app);
    await fund(app, friend.userId, 50_000);
    await fund(app, p.userId, 20_000);
    const sent = await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: p.email, amount: 200 }, { token: friend.token });
    expect(sent.status).toBe(200);
    // $400 came in ($200 deposited, $200 received); $100 played is exactly the quarter.
    await play(app, p, 100);
    expect((await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 })).json.data.status).toBe('pending');
    // Nothing came in since that withdrawal: the next one is not held.
    expect((await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: OTHER, amount: 100 })).json.data.status).toBe('pending');
    expect(payoutCreates(double)).toBe(2);
    // A new deposit, not played: held.
    await fund(app, p.userId, 10_000);
    expect((await withdraw(app, p, { currency: 'BTC-LN', wallet_address: 'me@wallet.example.com', amount: 50 })).json.data.status).toBe('under review');
    expect(payoutCreates(double)).toBe(2);
  });

  test('money only received from another player and cashed out unplayed is held (the mule pattern); a quarter of it played is not', async () => {
    const sender = await createPlayer(app);
    await fund(app, sender.userId, 100_000);
    // Nothing deposited by this player: all that came in is $300 from another player.
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: p.email, amount: 300 }, { token: sender.token })).status).toBe(200);
    expect((await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150 })).json.data.status).toBe('under review');
    expect(payoutCreates(double)).toBe(0);
    expect((await casesOf(app, p.userId)).map((c) => String(c.rule))).toEqual(['in_out_without_play']);
    // Another receiver who played a quarter of it ($75 of $300) cashes out as anyone would.
    const other = await createPlayer(app);
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: other.email, amount: 300 }, { token: sender.token })).status).toBe(200);
    await play(app, other, 75);
    expect((await withdraw(app, other, { currency: 'BTC-CHAIN', wallet_address: OTHER, amount: 150 })).json.data.status).toBe('pending');
    expect(payoutCreates(double)).toBe(1);
  });

  test('a cancelled withdrawal does not start the window again: what came in before it still counts', async () => {
    await fund(app, p.userId, 100_000);
    const first = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    expect(first.json.data.status).toBe('under review');
    expect((await call(app, 'POST', `/api/v1/withdraw/${first.json.data.withdrawalId}/cancel`, {}, { token: p.token })).status).toBe(200);
    const second = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    expect(second.json.data.status).toBe('under review');
    const [c] = await casesOf(app, p.userId);
    expect(c).toMatchObject({ rule: 'in_out_without_play', hits: 2 });
    expect(payoutCreates(double)).toBe(0);
  });
});

describe('shared destination', () => {
  test('another player withdrew to this address (written in capitals then): held; a different address is not', async () => {
    const other = await createPlayer(app);
    await fund(app, other.userId, 50_000);
    await play(app, other, 125);
    expect((await withdraw(app, other, { currency: 'BTC-CHAIN', wallet_address: ADDRESS.toUpperCase(), amount: 100 })).json.data.status).toBe('pending');
    await fund(app, p.userId, 50_000);
    await play(app, p, 125);
    const fresh = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: OTHER, amount: 100 });
    expect(fresh.json.data.status).toBe('pending');
    expect(payoutCreates(double)).toBe(2);
    const shared = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    expect(shared.json.data.status).toBe('under review');
    expect(payoutCreates(double)).toBe(2);
    const [c] = await casesOf(app, p.userId);
    expect(c).toMatchObject({ rule: 'shared_destination', holds: 1 });
    const detail = (await admin(app, op, 'GET', `/cases/${c!.id}`)).json.case;
    expect(detail.facts[0]).toMatchObject({ destination: ADDRESS, withdrawalId: shared.json.data.withdrawalId, amount: 100, otherWithdrawalCount: 1 });
    expect(detail.otherPlayers).toEqual([{ userId: other.userId, email: other.email, playerId: other.playerId }]);
    // The first player is not held by it: it is the second who sent to someone else's address.
    expect(await casesOf(app, other.userId)).toEqual([]);
  });

  test('a Lightning invoice paying a node another player was paid through: held, whatever the invoice', async () => {
    const node = lightningNode();
    const other = await createPlayer(app);
    await fund(app, other.userId, 50_000);
    await play(app, other, 125);
    expect((await withdraw(app, other, { currency: 'BTC-LN', wallet_address: makeBolt11({ node, sats: null }), amount: 10 })).json.data.status).toBe('pending');
    await fund(app, p.userId, 50_000);
    await play(app, p, 125);
    // Another node: sent. The same node, a new invoice that names it in its n field: held.
    expect((await withdraw(app, p, { currency: 'BTC-LN', wallet_address: makeBolt11({ node: lightningNode(), sats: null }), amount: 10 })).json.data.status).toBe('pending');
    const r = await withdraw(app, p, { currency: 'BTC-LN', wallet_address: makeBolt11({ node, naming: true, sats: null }), amount: 10 });
    expect(r.json.data.status).toBe('under review');
    expect(payoutCreates(double)).toBe(2);
    expect((await casesOf(app, p.userId))[0]).toMatchObject({ rule: 'shared_destination' });
  });
});

describe('a held withdrawal and its case', () => {
  /** A player with an open in-out case and one withdrawal held by it. */
  async function heldOne(amount = 100) {
    await fund(app, p.userId, 100_000);
    const r = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount });
    expect(r.json.data.status).toBe('under review');
    return { id: r.json.data.withdrawalId as string, caseId: String((await casesOf(app, p.userId))[0]!.id) };
  }

  test('a withdrawal waiting for approval at BTCPay is held when a case opens: the operator cannot approve it until the case is cleared', async () => {
    await fund(app, p.userId, 100_000);
    await play(app, p, 250);
    const big = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 600 });
    expect(double.payout(big.json.data.payoutId).state).toBe('AwaitingApproval');
    // New money, not played: the next request trips the rule and holds both.
    await fund(app, p.userId, 50_000);
    const small = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: OTHER, amount: 100 });
    expect(small.json.data.status).toBe('under review');
    expect((await withdrawal(app, p, big.json.data.withdrawalId)).status).toBe('under review');
    const refused = await admin(app, op, 'POST', `/withdrawals/${big.json.data.withdrawalId}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.errorType).toBe('UNDER_REVIEW');
    expect(payoutApprovals(double)).toBe(0);
    expect(double.payout(big.json.data.payoutId).state).toBe('AwaitingApproval');
    // Not offered in the console either.
    const queue = (await admin(app, op, 'GET', '/withdrawals?status=pending')).json.withdrawals;
    expect(queue.find((w: any) => w.id === big.json.data.withdrawalId).held).toBe(true);
    const [c] = await casesOf(app, p.userId);
    const cleared = await admin(app, op, 'POST', `/cases/${c!.id}/clear`, { reason: 'Winnings from a long session, checked' });
    expect(cleared.status).toBe(200);
    // Released: the small one goes to BTCPay now, the big one may be approved.
    expect(payoutCreates(double)).toBe(2);
    expect((await withdrawal(app, p, small.json.data.withdrawalId)).status).toBe('pending');
    expect((await admin(app, op, 'POST', `/withdrawals/${big.json.data.withdrawalId}/approve`, {})).status).toBe(200);
    expect(double.payout(big.json.data.payoutId).state).toBe('AwaitingPayment');
  });

  test('clearing sends it as any other (priced at today\'s rate), and the history reads pending again; audited with its reason', async () => {
    const { id, caseId } = await heldOne();
    double.setRate(40_000);
    expect((await admin(app, op, 'POST', `/cases/${caseId}/clear`, {})).json.errors[0].field).toBe('reason');
    expect(payoutCreates(double)).toBe(0);
    const r = await admin(app, op, 'POST', `/cases/${caseId}/clear`, { reason: 'Known player, source of funds seen' });
    expect(r.status).toBe(200);
    const w = await withdrawal(app, p, id);
    expect(w.status).toBe('pending');
    expect(double.payout(w.payoutId).originalAmount).toBe('0.00250000');
    expect((await withdrawHistory(app, p))[0].transactionStatus).toBe('pending');
    const audit = (await admin(app, op, 'GET', `/audit?action=case&target=${caseId}`)).json;
    expect(audit.entries.map((e: any) => [e.action, e.reason])).toEqual([['case.clear', 'Known player, source of funds seen']]);
    expect((await admin(app, op, 'POST', `/cases/${caseId}/clear`, { reason: 'again' })).status).toBe(409);
  });

  test('escalating keeps it held and freezes the cash-out until an operator unfreezes it', async () => {
    const { id, caseId } = await heldOne();
    const r = await admin(app, op, 'POST', `/cases/${caseId}/escalate`, { reason: 'Reported to the compliance officer' });
    expect(r.status).toBe(200);
    expect(r.json.case).toMatchObject({ status: 'escalated', cashOutFrozen: { reason: 'Reported to the compliance officer' } });
    await reconcile();
    expect(payoutCreates(double)).toBe(0);
    expect((await withdrawal(app, p, id)).status).toBe('under review');
    // New requests: refused in neutral words, nothing held.
    const before = await available(app, p.userId);
    const refused = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: THIRD, amount: 100 });
    expect([refused.status, refused.json.message]).toEqual([403, 'This withdrawal cannot be sent. Please contact support.']);
    expect(await available(app, p.userId)).toBe(before);
    // Clearing the escalated case does not lift the freeze; the operator's unfreeze does, and sends the withdrawal.
    expect((await admin(app, op, 'POST', `/cases/${caseId}/clear`, { reason: 'Officer found nothing' })).json.message).toContain('stays frozen');
    expect(payoutCreates(double)).toBe(0);
    expect((await admin(app, op, 'POST', `/players/${p.userId}/unfreeze`, {})).status).toBe(400);
    const u = await admin(app, op, 'POST', `/players/${p.userId}/unfreeze`, { reason: 'Officer found nothing' });
    expect(u.status).toBe(200);
    expect(payoutCreates(double)).toBe(1);
    expect((await withdrawal(app, p, id)).status).toBe('pending');
    expect((await admin(app, op, 'POST', `/players/${p.userId}/unfreeze`, { reason: 'twice' })).status).toBe(409);
    expect((await admin(app, op, 'GET', `/audit?action=case&target=${caseId}`)).json.entries.map((e: any) => e.action)).toEqual(['case.clear', 'case.escalate']);
    // A player's id finds their cases' rows too, beside the unfreeze.
    const trail = (await admin(app, op, 'GET', `/audit?target=${p.userId}`)).json.entries.map((e: any) => [e.action, e.reason]);
    expect(trail).toEqual([['player.cash_out_unfreeze', 'Officer found nothing'], ['case.clear', 'Officer found nothing'], ['case.escalate', 'Reported to the compliance officer']]);
  });

  test('the player cancels it: amount and tip back, nothing ever sent; not someone else\'s, not one that is not held', async () => {
    const { id } = await heldOne();
    const other = await createPlayer(app);
    expect((await call(app, 'POST', `/api/v1/withdraw/${id}/cancel`, {}, { token: other.token })).status).toBe(404);
    const r = await call(app, 'POST', `/api/v1/withdraw/${id}/cancel`, {}, { token: p.token });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe('Withdrawal cancelled: $100.00 is back in your wallet.');
    expect(await available(app, p.userId)).toBe(100_000);
    expect((await withdrawal(app, p, id)).status).toBe('cancelled');
    expect((await withdrawHistory(app, p))[0].transactionStatus).toBe('cancelled');
    expect(payoutCreates(double)).toBe(0);
    expect((await call(app, 'POST', `/api/v1/withdraw/${id}/cancel`, {}, { token: p.token })).status).toBe(409);
    // One that is on its way cannot be taken back from here.
    const [c] = await casesOf(app, p.userId);
    await admin(app, op, 'POST', `/cases/${c!.id}/clear`, { reason: 'Checked' });
    await play(app, p, 250);
    const sent = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: FOURTH, amount: 100 });
    expect(sent.json.data.status).toBe('pending');
    expect((await call(app, 'POST', `/api/v1/withdraw/${sent.json.data.withdrawalId}/cancel`, {}, { token: p.token })).status).toBe(409);
    // Nor one that waits for an operator's approval without being held: that is the operator's to decide.
    const big = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: THIRD, amount: 600 });
    expect([big.json.data.status, double.payout(big.json.data.payoutId).state]).toEqual(['pending', 'AwaitingApproval']);
    expect((await call(app, 'POST', `/api/v1/withdraw/${big.json.data.withdrawalId}/cancel`, {}, { token: p.token })).status).toBe(409);
    expect(double.payout(big.json.data.payoutId).state).toBe('AwaitingApproval');
  });

  test('a second hit while the case is open adds to it; once cleared, the next hit opens a new case', async () => {
    const { caseId } = await heldOne();
    await withdraw(app, p, { currency: 'BTC-LN', wallet_address: 'me@wallet.example.com', amount: 50 });
    expect((await casesOf(app, p.userId)).map((c) => [c.id, c.hits])).toEqual([[caseId, 1]]);
    // The second request came after the first withdrawal, with nothing new in since: no hit of its own, but held all the same.
    await fund(app, p.userId, 1_000);
    await withdraw(app, p, { currency: 'BTC-LN', wallet_address: 'me@wallet.example.com', amount: 5 });
    expect((await casesOf(app, p.userId)).map((c) => [c.id, c.hits])).toEqual([[caseId, 2]]);
    expect(payoutCreates(double)).toBe(0);
    await admin(app, op, 'POST', `/cases/${caseId}/clear`, { reason: 'Checked' });
    expect(payoutCreates(double)).toBe(3);
    await fund(app, p.userId, 1_000);
    await withdraw(app, p, { currency: 'BTC-LN', wallet_address: 'me@wallet.example.com', amount: 5 });
    expect((await casesOf(app, p.userId)).map((c) => c.status)).toEqual(['cleared', 'open']);
  });
});
