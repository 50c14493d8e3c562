import { beforeEach, describe, expect, test } from 'bun:test';
import type { BtcpayDouble } from '../../../tests/doubles/btcpay';
import { useBtcpayApp } from '../../../tests/helpers/btcpay';
import { makeBolt11 } from '../../../tests/helpers/bolt11';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { systemId, walletId } from '../../services/ledger/ledger.types';

const SECRET = 'whsec-withdrawals-7Kp2';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const fx = useBtcpayApp(SECRET, { WITHDRAWAL_AUTO_APPROVE_DOLLARS: '500' });
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;

beforeEach(async () => {
  ({ double, app } = fx);
  p = await createPlayer(app);
  await app.deps.ledger.transfer({ debit: systemId('promotions'), credit: walletId(p.userId), amountCents: 100_000, code: 'TEST_FUNDS' });
});

const withdraw = (body: Record<string, unknown>) => call(app, 'POST', '/api/v1/withdraw/withdraw-request', body, { token: p.token });
const wallet = async () => (await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount;
const status = async (id: string) => (await call(app, 'GET', `/api/v1/withdraw/${id}`, undefined, { token: p.token })).json.data.status;
const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};

describe('withdrawals as BTCPay payouts', () => {
  test('on-chain: one approved BTC payout carrying our id; Completed by webhook posts the hold with the transaction id', async () => {
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 150, tip: 5 });
    expect(r.status).toBe(200);
    const payout = double.payout(r.json.data.payoutId);
    expect(payout.metadata).toMatchObject({ withdrawalId: r.json.data.withdrawalId });
    expect(payout.state).toBe('AwaitingPayment');
    expect(await wallet()).toBe(845);
    double.completePayout(payout.id, { proofType: 'PayoutTransactionOnChainBlob', transactionId: 'ab'.repeat(32) });
    await settle();
    expect(await status(r.json.data.withdrawalId)).toBe('completed');
    const h = await call(app, 'GET', '/api/v1/transaction/transaction-List/WITHDRAW', undefined, { token: p.token });
    expect(h.json.TransactionList[0]).toMatchObject({ transactionStatus: 'completed', orderId: 'ab'.repeat(32), amount: 155 });
    expect(await wallet()).toBe(845);
  });

  test('above the auto-approve amount the payout awaits approval; the operator approves it', async () => {
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 600 });
    expect(double.payout(r.json.data.payoutId).state).toBe('AwaitingApproval');
    await app.deps.withdrawals.approve(r.json.data.withdrawalId);
    expect(double.payout(r.json.data.payoutId).state).toBe('AwaitingPayment');
  });

  test('Lightning: every payout carries its amount, never more than was held; each is paid, none cancelled by the processor', async () => {
    // $10 at 50,000 USD/BTC buys 20,000 sats: an invoice for 19,950 is paid its own amount, the others the held dollars.
    const withAmount = await withdraw({ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: 19950 }), amount: 10 });
    const without = await withdraw({ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: null }), amount: 10 });
    const address = await withdraw({ currency: 'BTC-LN', wallet_address: 'alice@wallet.example.com', amount: 10 });
    expect([withAmount.status, without.status, address.status]).toEqual([200, 200, 200]);
    expect([withAmount, without, address].map((r) => double.payout(r.json.data.payoutId).originalAmount)).toEqual(['0.00019950', '0.00020000', '0.00020000']);
    for (const r of [withAmount, without, address]) double.completePayout(r.json.data.payoutId);
    await settle();
    for (const r of [withAmount, without, address]) expect(double.payout(r.json.data.payoutId).state).toBe('Completed');
    expect(await wallet()).toBe(970);
  });

  test('Lightning: a $100 withdrawal to an invoice worth $100.45 is refused on the address field; nothing held, no payout', async () => {
    const r = await withdraw({ currency: 'BTC-LN', wallet_address: makeBolt11({ sats: 200_900 }), amount: 100 });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual([{ field: 'wallet_address',
      message: "This invoice asks for 0.00200900 BTC, more than $100.00 at today's rate. Create an invoice for at most 200,000 sats (0.00200000 BTC), or one without an amount." }]);
    expect(await wallet()).toBe(1000);
    expect(double.requests.filter((x) => x.method === 'POST' && x.path.endsWith('/payouts'))).toEqual([]);
  });

  test('cancelled at BTCPay: amount and tip come back once, even when the webhook is redelivered', async () => {
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 10 });
    await app.deps.withdrawals.reject(r.json.data.withdrawalId, 'Address flagged by the operator');
    await settle();
    for (const d of [...double.deliveries]) double.redeliver(d.deliveryId);
    await settle();
    expect(await wallet()).toBe(1000);
    expect(await status(r.json.data.withdrawalId)).toBe('cancelled');
    const notes = await call(app, 'GET', '/api/v1/notification', undefined, { token: p.token });
    expect(notes.json.getlist[0].notificationContent).toBe('Your withdrawal was cancelled: Address flagged by the operator. $110.00 is back in your wallet.');
  });

  test('duplicate-destination and overdraft end the withdrawal with a clear message, credits back', async () => {
    for (const [code, message] of [
      ['duplicate-destination', 'This address already has a withdrawal in progress. Wait for it to finish, or use another address. Your credits are back in your wallet.'],
      ['overdraft', 'Withdrawals cannot be paid right now. Please try again later. Your credits are back in your wallet.'],
    ] as const) {
      double.failNextPayout(code);
      const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 1 });
      expect(r.status).toBe(409);
      expect(r.json.message).toBe(message);
    }
    expect(await wallet()).toBe(1000);
  });

  test('BTCPay down at creation: retried by reconciliation, created once, never paid twice', async () => {
    // The form read the rate a moment ago; BTCPay then stops answering.
    expect((await call(app, 'GET', '/api/v1/btc/rate', undefined, { token: p.token })).json.rate).toBe(50000);
    await double.setDown(true);
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 200 });
    expect(r.status).toBe(200);
    expect(r.json.data.status).toBe('creating');
    expect(await wallet()).toBe(800);
    await app.deps.withdrawals.reconcileOnce();
    await double.setDown(false);
    await app.deps.withdrawals.reconcileOnce();
    await app.deps.withdrawals.reconcileOnce();
    const found = await app.deps.payments.findPayoutsByWithdrawalId(r.json.data.withdrawalId);
    expect(found.length).toBe(1);
    expect(await status(r.json.data.withdrawalId)).toBe('pending');
  });

  test('BTCPay answer lost after the payout was made: the retry finds it instead of making a second', async () => {
    await double.setDelay(400);
    const slow = await makeApp({ BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, BTCPAY_WEBHOOK_SECRET: SECRET, DATABASE_URL: app.config.DATABASE_URL, DATA_DIR: app.dir });
    // A provider that gives up before BTCPay answers: the payout exists at BTCPay, our side never heard.
    const { createBtcpayProvider } = await import('../../services/payments/btcpay/btcpay.provider');
    const impatient = { ...createBtcpayProvider({ url: double.url, apiKey: double.apiKey, storeId: double.storeId, webhookSecret: SECRET, timeoutMs: 100 }), currentRate: async () => '50000' };
    const { createWithdrawalService } = await import('../../services/payments/withdrawal-service');
    const svc = createWithdrawalService({ client: slow.deps.database.client, ledger: slow.deps.ledger, provider: impatient, logger: slow.deps.logger, network: 'regtest',
      limits: { dailyMaxCents: 1e9, maxOpen: 10, autoApproveCents: 1e9 }, retryMs: 3_600_000, onChanges: () => {} });
    const made = await svc.create({ userId: p.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 10_000, tipCents: 0 });
    expect(made.withdrawal.status).toBe('creating');
    await Bun.sleep(500);
    await double.setDelay(0);
    await svc.reconcileOnce();
    expect((await impatient.findPayoutsByWithdrawalId(made.withdrawal.id)).length).toBe(1);
    expect((await svc.get(p.userId, made.withdrawal.id))!.status).toBe('pending');
  });

  test('BTCPay unreachable with no recent rate: a clear 503 and nothing held', async () => {
    await double.setDown(true);
    const errors: [string, Record<string, unknown> | undefined][] = [];
    const logger = app.deps.logger;
    const error = logger.error;
    logger.error = (msg: string, fields?: Record<string, unknown>) => void errors.push([msg, fields]);
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    logger.error = error;
    expect(r.status).toBe(503);
    expect(r.json.message).toBe('Withdrawals are unavailable right now. Please try again in a few minutes.');
    expect(await wallet()).toBe(1000);
    // The operator's log says it is BTCPay, and why.
    const line = errors.find(([m]) => m === 'withdrawal refused: no Bitcoin rate')![1]!;
    expect(line.provider).toBe('btcpay');
    expect(String(line.message)).toContain('503');
  });

  test('BTCPay unreachable past the retry window: the credits stay held until BTCPay says it has no payout, then go back', async () => {
    await call(app, 'GET', '/api/v1/btc/rate', undefined, { token: p.token });
    await double.setDown(true);
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    await app.deps.database.client.execute({ sql: 'UPDATE withdrawals SET created_at = created_at - ? WHERE id = ?', args: [2 * 3_600_000, r.json.data.withdrawalId] });
    await app.deps.withdrawals.reconcileOnce();
    // No answer, so no knowing whether a payout exists: nothing is given back yet.
    expect(await status(r.json.data.withdrawalId)).toBe('creating');
    expect(await wallet()).toBe(900);
    await double.setDown(false);
    await app.deps.withdrawals.reconcileOnce();
    expect(await status(r.json.data.withdrawalId)).toBe('failed');
    expect(await wallet()).toBe(1000);
    expect(double.requests.filter((x) => x.method === 'POST' && x.path.endsWith('/payouts') && x.status === 200)).toEqual([]);
  });

  test('BTCPay makes the payout but every answer is lost until past the retry window: the payout is found and adopted, not voided', async () => {
    const { createBtcpayProvider } = await import('../../services/payments/btcpay/btcpay.provider');
    const { createWithdrawalService } = await import('../../services/payments/withdrawal-service');
    const provider = createBtcpayProvider({ url: double.url, apiKey: double.apiKey, storeId: double.storeId, webhookSecret: SECRET, timeoutMs: 150 });
    // A retry window already over when the first attempt's answer is lost.
    const svc = createWithdrawalService({ client: app.deps.database.client, ledger: app.deps.ledger, provider, logger: app.deps.logger, network: 'regtest',
      limits: { dailyMaxCents: 1e9, maxOpen: 10, autoApproveCents: 1e9 }, retryMs: 0, onChanges: () => {} });
    double.losePayoutAnswers(true);
    const made = await svc.create({ userId: p.userId, currency: 'BTC-CHAIN', address: ADDRESS, amountCents: 10_000, tipCents: 0 });
    await svc.reconcileOnce();
    expect((await svc.get(p.userId, made.withdrawal.id))!.status).toBe('creating');
    expect(await wallet()).toBe(900);
    double.losePayoutAnswers(false);
    await svc.reconcileOnce();
    const w = (await svc.get(p.userId, made.withdrawal.id))!;
    const atBtcpay = await provider.findPayoutsByWithdrawalId(w.id);
    expect(atBtcpay.map((x) => x.id)).toEqual([w.payoutId!]);
    expect(w.status).toBe('pending');
    expect(await wallet()).toBe(900);
    double.completePayout(w.payoutId!);
    await svc.syncPayout(w.payoutId!);
    expect((await svc.get(p.userId, w.id))!.status).toBe('completed');
    expect(await wallet()).toBe(900);
  });

  test('a lost payout webhook never strands a withdrawal: reconciliation completes it', async () => {
    const r = await withdraw({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 });
    await settle();
    double.loseDeliveries(true);
    double.completePayout(r.json.data.payoutId);
    await settle();
    expect(await status(r.json.data.withdrawalId)).toBe('pending');
    await app.deps.withdrawals.reconcileOnce();
    expect(await status(r.json.data.withdrawalId)).toBe('completed');
  });
});
