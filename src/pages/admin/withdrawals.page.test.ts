import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import type { BtcpayDouble } from '../../../tests/doubles/btcpay';
import { regtestAddress } from '../../../tests/doubles/btcpay/ids';
import { BASE, call, page, type TestApp } from '../../../tests/helpers/app';
import { useBtcpayApp } from '../../../tests/helpers/btcpay';
import { fund } from '../../../tests/helpers/money';
import { createOperatorUser, createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';

// Every on-chain withdrawal ($100 at least) waits for an operator's approval.
const fx = useBtcpayApp('whsec-admin-page-3Vd8', { WITHDRAWAL_AUTO_APPROVE_DOLLARS: '50' });
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;
let op: TestPlayer;

beforeEach(async () => {
  ({ double, app } = fx);
  p = await createPlayer(app);
  op = await createOperatorUser(app);
  await fund(app, p.userId, 100_000);
});
afterEach(() => app.deps.database.client.close());

// BTCPay refuses a second live payout to one address: each withdrawal has its own.
const withdraw = async (amount: number) =>
  (await call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: regtestAddress(), amount, tip: 0 }, { token: p.token })).json.data;
const html = async (path: string, cookie = `token=${op.token}`) => (await page(app, path, { cookie })).text();
const post = (fields: Record<string, string>) =>
  app.handle(new Request(`${BASE}/admin/withdrawals`, {
    method: 'POST', redirect: 'manual',
    headers: { cookie: `token=${op.token}`, 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
    body: new URLSearchParams({ _token: formTokenOf(app, op), _key: crypto.randomUUID(), confirm: 'yes', ...fields }),
  }));
const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};

describe('the withdrawals page', () => {
  test('a completed withdrawal shows its payout id and txid, not the payout state it last had while open', async () => {
    const w = await withdraw(100);
    expect((await post({ _action: 'approve', id: w.withdrawalId })).status).toBe(303);
    const txid = '5e'.repeat(32);
    double.completePayout(w.payoutId, { proofType: 'PayoutTransactionOnChainBlob', transactionId: txid });
    await settle();
    const list = await html('/admin/withdrawals?status=completed');
    expect(list).toContain(`Payout: ${w.payoutId}`);
    expect(list).toContain(`Transaction: ${txid}`);
    expect(list).not.toContain('AwaitingPayment');
    // The status and its payout lines in one element: on a phone the cell is a label | value grid, and loose lines
    // would each take a column (the payout id under the label "State").
    expect(list).toMatch(/<td data-label="State"><div>completed<div class="admin-mono">Payout: /);
  });

  test('the menu badge counts what awaits approval; approving says which withdrawal, and takes it off the badge', async () => {
    const [a] = [await withdraw(120), await withdraw(100)];
    expect((await html('/admin/withdrawals')).replaceAll('<!-- -->', '')).toContain('<span class="sr-only"> 2 awaiting approval</span>');
    const r = await post({ _action: 'approve', id: a.withdrawalId });
    expect([r.status, r.headers.get('location')]).toEqual([303, '/admin/withdrawals']);
    const after = await html('/admin/withdrawals', `token=${op.token}; ${r.headers.get('set-cookie')!.split(';')[0]}`);
    expect(after).toContain(`Withdrawal of $120.00 for ${p.email} approved: BTCPay sends the payout.`);
    expect(after.replaceAll('<!-- -->', '')).toContain('<span class="sr-only"> 1 awaiting approval</span>');
  });
});
