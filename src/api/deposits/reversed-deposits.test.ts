import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { startBtcpayDouble, type BtcpayDouble } from '../../../tests/doubles/btcpay';
import { outbox, waitForMail } from '../../../tests/helpers/accounts';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { gameAccounts, moveTo } from '../../../tests/helpers/games';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { debtId } from '../../services/ledger/ledger.types';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { signBtcpayBody } from '../../services/payments/webhook-signature';

// A credited payment that BTCPay later reports Invalid is taken back; what the wallet no longer has is owed.
const SECRET = 'whsec-reversed-3Qm7';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;
let friend: TestPlayer;

beforeEach(async () => {
  // Every delivery goes through the real webhook route, signed with the store's secret.
  double = await startBtcpayDouble({ deliver: (req) => app.handle(req), webhookSecret: SECRET });
  app = await makeApp({ BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, BTCPAY_WEBHOOK_SECRET: SECRET });
  p = await createPlayer(app);
  friend = await createPlayer(app);
});
afterEach(async () => {
  await double.close();
  await app.deps.deposits.idle();
  expect(double.violations).toEqual([]);
  expect(await verifyLedger(app.deps.database.client)).toMatchObject({ ok: true });
});

const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};
const deposit = async (amount: string) => (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount }, { token: p.token })).json.data as { depositId: string; invoiceId: string };
const paid = async (amount: string) => {
  const d = await deposit(amount);
  const pay = double.payOnchain(d.invoiceId);
  double.confirm(pay);
  await settle();
  return { ...d, pay };
};
const wallet = async () => (await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount;
const owed = async () => 0 - (await app.deps.ledger.balance(debtId(p.userId))).balanceCents;
const withdraw = () => call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100 }, { token: p.token });
const send = () => call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: friend.email, amount: 5 }, { token: p.token });

describe('a credited deposit reported Invalid', () => {
  test('takes back what the wallet holds, records the rest as debt, blocks money leaving until a deposit pays it', async () => {
    const d = await paid('100');
    expect(await wallet()).toBe(100);
    expect((await call(app, 'POST', '/api/v1/transfer/p2p-transfer', { email: friend.email, amount: 70 }, { token: p.token })).status).toBe(200);
    // Double-spent after a reorganisation: BTCPay now reports the payment, and the invoice, Invalid.
    double.invalidate(d.pay);
    await settle();
    expect(double.deliveries.some((x) => x.type === 'InvoiceInvalid')).toBe(true);
    expect(await wallet()).toBe(0);
    expect(await owed()).toBe(7_000);
    const rows = (await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: p.token })).json.TransactionList;
    expect(rows[0]).toMatchObject({ amount: 100, transactionStatus: 'reversed', orderId: d.invoiceId });
    const mail = await waitForMail(app, p.email, /reversed/);
    expect(mail.text).toContain('You owe $70.00');
    expect(JSON.stringify((await call(app, 'GET', '/api/v1/notification', undefined, { token: p.token })).json)).toContain('You owe $70.00');

    // Redelivered (every delivery again): nothing is taken twice.
    for (const x of [...double.deliveries]) double.redeliver(x.deliveryId);
    await settle();
    expect(await owed()).toBe(7_000);

    // Money leaving is refused, each way, naming the amount owed.
    await app.deps.ledger.transfer({ debit: 's:promotions', credit: `w:${p.userId}`, amountCents: 2_000, code: 'TEST_FUNDS' });
    const games = await gameAccounts(app, p);
    for (const r of [await withdraw(), await send(), await moveTo(app, p, { gameId: 'ultra-panda', userName: games['ultra-panda'].gameCredentialId.userName, amount: 5 })]) {
      expect([r.status, r.json.errorType, r.json.errors]).toEqual([403, 'ACCOUNT_IN_DEBT', undefined]);
      expect(r.json.message).toContain('You owe $70.00');
    }
    expect(await wallet()).toBe(20);

    // The next deposit pays the debt first; the rest reaches the wallet and money may leave again.
    await paid('100');
    expect(await owed()).toBe(0);
    expect(await wallet()).toBe(50);
    // Its e-mail says where the money went, as the notification does: not all of it is in the wallet.
    let arrived: string | undefined;
    for (let i = 0; i < 300 && !arrived; i++, await Bun.sleep(10))
      arrived = (await outbox(app)).find((m) => m.to === p.email && m.text.includes('paid back what you owed'))?.text;
    expect(arrived).toContain('Your deposit of $100.00 has arrived: $70.00 of it paid back what you owed and $30.00 is in your wallet.');
    expect(arrived).not.toContain('send it to a friend right away');
    expect((await send()).status).toBe(200);
  });

  test('a reversal covered by the wallet leaves no debt', async () => {
    const d = await paid('40');
    double.invalidate(d.pay);
    await settle();
    expect(await wallet()).toBe(0);
    expect(await owed()).toBe(0);
    expect((await send()).json.errorType).not.toBe('ACCOUNT_IN_DEBT');
  });

  test('an invoice the store marks Invalid is taken back; one that only timed out on unconfirmed payments keeps what settled', async () => {
    const marked = await paid('30');
    double.markInvalid(marked.invoiceId);
    await settle();
    expect(await wallet()).toBe(0);

    // Half paid and confirmed, the rest still unconfirmed when monitoring ends: the confirmed half is real money.
    const d = await deposit('60');
    double.confirm(double.payOnchain(d.invoiceId, '0.0006'));
    double.payOnchain(d.invoiceId, '0.0006');
    await settle();
    expect(double.endMonitoring(d.invoiceId)).toBe(true);
    await settle();
    expect(await wallet()).toBe(30);
  });

  test('a forged InvoiceInvalid (bad signature) changes nothing', async () => {
    const d = await paid('25');
    const body = JSON.stringify({ deliveryId: 'forged-1', type: 'InvoiceInvalid', invoiceId: d.invoiceId, storeId: double.storeId });
    const r = await app.handle(new Request('http://localhost:3000/api/v1/webhooks/btcpay', {
      method: 'POST', headers: { 'content-type': 'application/json', 'BTCPay-Sig': signBtcpayBody('not-the-secret', body) }, body,
    }));
    expect(r.status).toBe(401);
    await settle();
    expect(await wallet()).toBe(25);
  });
});
