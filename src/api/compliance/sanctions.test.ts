import { beforeEach, describe, expect, test } from 'bun:test';
import type { BtcpayDouble } from '../../../tests/doubles/btcpay';
import { useBtcpayApp } from '../../../tests/helpers/btcpay';
import { BASE, type TestApp } from '../../../tests/helpers/app';
import { lightningNode, makeBolt11 } from '../../../tests/helpers/bolt11';
import { admin, casesOf, play, payoutApprovals, payoutCreates, withdraw, withdrawal } from '../../../tests/helpers/compliance';
import { available, fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

// A withdrawal to a sanctioned address, on every path it could take to BTCPay: refused in neutral words, nothing
// held or sent, the player's cash-out frozen, a case of the highest severity.
const SECRET = 'whsec-sanctions-2Vb6';
const LISTED = 'bcrt1qhfknzq45wxc6cnzkn5whgn4ghd9pewrvqqnshu';
const CLEAN = 'bcrt1q4s80fx9kl4ve9ulptyjkqy76jv89kclzslgt4e';
const NEUTRAL = 'This withdrawal cannot be sent. Please contact support.';
const fx = useBtcpayApp(SECRET, { WITHDRAWAL_AUTO_APPROVE_DOLLARS: '500' });
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;

beforeEach(async () => {
  ({ double, app } = fx);
  p = await createPlayer(app);
  op = await createOperatorUser(app);
  await fund(app, p.userId, 100_000);
  await app.deps.compliance.sanctions.replace([LISTED, '1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp'], 'test list', Date.now());
});

const rows = async (sql: string, args: string[] = []) => (await app.deps.database.client.execute({ sql, args })).rows;

async function expectFrozenWithCriticalCase() {
  const cases = await casesOf(app, p.userId);
  expect(cases.map((c) => [c.rule, c.severity, c.status, c.holds])).toEqual([['sanctioned_destination', 4, 'open', 1]]);
  expect((await rows('SELECT case_id FROM cash_out_freezes WHERE user_id = ?', [p.userId]))[0]?.case_id).toBe(cases[0]!.id);
}

describe('a withdrawal to a sanctioned destination', () => {
  test('API: refused in neutral words (the address written in capitals too); nothing held or sent; cash-out frozen; a critical case', async () => {
    const r = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: LISTED.toUpperCase(), amount: 100 });
    expect([r.status, r.json.message, r.json.errorType]).toEqual([403, NEUTRAL, 'CASH_OUT_UNAVAILABLE']);
    expect(await available(app, p.userId)).toBe(100_000);
    expect(await rows('SELECT id FROM withdrawals WHERE user_id = ?', [p.userId])).toEqual([]);
    expect(payoutCreates(double)).toBe(0);
    await expectFrozenWithCriticalCase();
    const detail = (await admin(app, op, 'GET', `/cases/${(await casesOf(app, p.userId))[0]!.id}`)).json.case;
    expect(detail).toMatchObject({ rule: 'sanctioned_destination', severity: 'critical', title: 'Sanctioned destination' });
    expect(detail.facts[0]).toMatchObject({ destination: LISTED.toUpperCase(), listedAs: LISTED, amount: 100, via: 'withdrawal request' });
    // Frozen: a clean address is refused in the same words, and again nothing is held.
    const next = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: CLEAN, amount: 100 });
    expect([next.status, next.json.message]).toEqual([403, NEUTRAL]);
    expect(await available(app, p.userId)).toBe(100_000);
    // A second attempt at a listed address adds to the open case.
    await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: LISTED, amount: 100 });
    expect((await casesOf(app, p.userId)).map((c) => c.hits)).toEqual([2]);
  });

  test('a clean address is sent as usual and opens nothing', async () => {
    await play(app, p, 250);
    const r = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: CLEAN, amount: 100 });
    expect(r.json.data.status).toBe('pending');
    expect(payoutCreates(double)).toBe(1);
    expect(await casesOf(app, p.userId)).toEqual([]);
  });

  test('a Lightning invoice whose payee node is listed: refused the same way, whether the node is named or only signs', async () => {
    const node = lightningNode();
    await app.deps.compliance.sanctions.replace([LISTED, node.id], 'test list', Date.now());
    for (const invoice of [makeBolt11({ node, sats: null }), makeBolt11({ node, naming: true, sats: 20_000 })]) {
      const r = await withdraw(app, p, { currency: 'BTC-LN', wallet_address: invoice, amount: 10 });
      expect([r.status, r.json.message]).toEqual([403, NEUTRAL]);
    }
    expect(await available(app, p.userId)).toBe(100_000);
    expect(payoutCreates(double)).toBe(0);
    await expectFrozenWithCriticalCase();
  });

  test('the plain form (no script): the review holds nothing, the confirmation gets the same refusal on the page, nothing held', async () => {
    const post = (fields: Record<string, string>) => app.handle(new Request(`${BASE}/home`, {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${p.token}`, origin: BASE },
      body: new URLSearchParams(fields).toString(),
    }));
    const review = await post({ _token: formTokenOf(app, p), _action: 'withdraw', _key: 'form-1', currency: 'BTC-CHAIN', wallet_address: LISTED, amount: '100', tip: '' });
    const doc = await review.text();
    expect(review.status).toBe(200);
    expect(await available(app, p.userId)).toBe(100_000);
    // The review's Request Withdrawal button posts what was reviewed.
    const form = doc.slice(doc.indexOf('<form class="form withdraw-review"'));
    const hidden = Object.fromEntries([...form.slice(0, form.indexOf('</form>')).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)]
      .map((m) => [m[1]!, m[2]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')]));
    const r = await post({ ...hidden, _action: 'withdraw-confirm' });
    expect(r.status).toBe(403);
    expect(await r.text()).toContain(NEUTRAL);
    expect(await available(app, p.userId)).toBe(100_000);
    expect(payoutCreates(double)).toBe(0);
    await expectFrozenWithCriticalCase();
  });

  test('operator approval of a waiting withdrawal whose address was listed since: refused, nothing approved at BTCPay, frozen, a critical case', async () => {
    await app.deps.compliance.sanctions.replace(['1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp'], 'older list', Date.now());
    await play(app, p, 250);
    const big = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: LISTED, amount: 600 });
    expect(double.payout(big.json.data.payoutId).state).toBe('AwaitingApproval');
    // Listed now, without the import's own screening of open withdrawals (the approval screens it itself).
    await app.deps.database.client.execute({ sql: 'INSERT INTO sanctioned_addresses (address) VALUES (?)', args: [LISTED] });
    const r = await admin(app, op, 'POST', `/withdrawals/${big.json.data.withdrawalId}/approve`, {});
    expect([r.status, r.json.errorType]).toEqual([409, 'SANCTIONED_DESTINATION']);
    expect(r.json.message).toContain('sanctions list');
    expect(payoutApprovals(double)).toBe(0);
    expect(double.payout(big.json.data.payoutId).state).toBe('AwaitingApproval');
    await expectFrozenWithCriticalCase();
    expect((await withdrawal(app, p, big.json.data.withdrawalId)).status).toBe('under review');
    // Asked again, the same case: no second hit for the same withdrawal.
    await admin(app, op, 'POST', `/withdrawals/${big.json.data.withdrawalId}/approve`, {});
    expect((await casesOf(app, p.userId)).map((c) => c.hits)).toEqual([1]);
  });

  test('a list loaded while withdrawals wait: those to listed addresses are held (reconciliation never sends them), their players frozen', async () => {
    await app.deps.compliance.sanctions.replace(['1dice8EMZmqKvrGE4Qc9bUFf9PX3xaYDp'], 'older list', Date.now());
    await play(app, p, 250);
    // BTCPay answers the rate, then goes away: the withdrawal is recorded and waits to be created.
    await app.deps.withdrawals.rate();
    await double.setDown(true);
    const w = await withdraw(app, p, { currency: 'BTC-CHAIN', wallet_address: LISTED, amount: 100 });
    expect(w.json.data.status).toBe('creating');
    const r = await app.deps.compliance.sanctions.replace([LISTED], 'new list', Date.now());
    expect(r.matched).toBe(1);
    await double.setDown(false);
    await app.deps.withdrawals.reconcileOnce();
    expect(payoutCreates(double)).toBe(0);
    await expectFrozenWithCriticalCase();
    expect((await withdrawal(app, p, w.json.data.withdrawalId)).status).toBe('under review');
  });

  test('an operator\'s refund of held deposit money to a listed address: refused the same way, the money stays held', async () => {
    const c = app.deps.database.client;
    const now = Date.now();
    await c.execute({ sql: `INSERT INTO deposits (id, user_id, amount_cents, status, provider, held_cents, created_at, updated_at) VALUES ('dep-held-s', ?, 700, 'completed', 'btcpay', 700, ?, ?)`, args: [p.userId, now, now] });
    const t = await app.deps.ledger.transfer({ debit: 's:bitcoin_deposits', credit: `h:${p.userId}`, amountCents: 700, code: 'DEPOSIT_HELD' });
    await c.execute({ sql: `INSERT INTO held_funds (id, user_id, deposit_id, payment_id, amount_cents, reason, status, transfer_id, history_id, created_at) VALUES ('held-s-1', ?, 'dep-held-s', 'pay-1', 700, 'limit', 'held', ?, 'none', ?)`, args: [p.userId, t.id, now] });
    const r = await admin(app, op, 'POST', `/players/${p.userId}/held/held-s-1/refund`, { address: LISTED.toUpperCase(), reason: 'Player asked for a refund' });
    expect([r.status, r.json.errorType]).toEqual([409, 'SANCTIONED_DESTINATION']);
    expect(payoutCreates(double)).toBe(0);
    expect((await app.deps.ledger.balance(`h:${p.userId}`)).balanceCents).toBe(700);
    expect((await rows("SELECT status FROM held_funds WHERE id = 'held-s-1'"))[0]!.status).toBe('held');
    await expectFrozenWithCriticalCase();
  });
});
