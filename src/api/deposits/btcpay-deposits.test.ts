import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { startBtcpayDouble, type BtcpayDouble } from '../../../tests/doubles/btcpay';
import { call, makeApp, type TestApp } from '../../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../../tests/helpers/players';
import { verifyLedger } from '../../services/ledger/ledger-verify';
import { signBtcpayBody } from '../../services/payments/webhook-signature';

const SECRET = 'whsec-deposits-5Tq9';
let double: BtcpayDouble;
let app: TestApp;
let p: TestPlayer;

async function boot(dir?: string) {
  const env: Record<string, string> = { BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, BTCPAY_WEBHOOK_SECRET: SECRET };
  if (dir) Object.assign(env, { DATABASE_URL: `file:${dir}/test.db`, DATA_DIR: dir });
  return makeApp(env);
}

beforeEach(async () => {
  // Deliveries reach whichever app is current, in-process, as BTCPay would post them.
  double = await startBtcpayDouble({ deliver: (req) => app.handle(req), webhookSecret: SECRET });
  app = await boot();
  p = await createPlayer(app);
});
afterEach(async () => {
  await double.close();
  await app.deps.deposits.idle();
  expect(double.violations).toEqual([]);
  expect((await verifyLedger(app.deps.database.client)).ok).toBe(true);
});

const deposit = async (amount = '50') => {
  const r = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount }, { token: p.token });
  expect(r.status).toBe(200);
  return r.json.data as { depositId: string; invoiceId: string; payment_methods: { paymentMethodId: string; destination: string }[] };
};
/** Lets every queued delivery arrive and every piece of work they started finish. */
const settle = async () => {
  await double.settled();
  await app.deps.deposits.idle();
};
const wallet = async () => (await call(app, 'GET', '/api/v1/user/wallet-balance', undefined, { token: p.token })).json.walletAmount;
const state = async (id: string) => (await call(app, 'GET', `/api/v1/btc/deposit/${id}`, undefined, { token: p.token })).json.data;
const post = (body: string, sig: string | null, name = 'BTCPay-Sig') =>
  app.handle(new Request('http://localhost:3000/api/v1/webhooks/btcpay', { method: 'POST', headers: { 'content-type': 'application/json', ...(sig === null ? {} : { [name]: sig }) }, body }));

describe('deposits through BTCPay Server', () => {
  test('creation: one USD invoice with both methods, our deposit id as orderId, 30 minutes', async () => {
    const d = await deposit('50');
    const inv = double.invoice(d.invoiceId);
    expect(inv.metadata.orderId).toBe(d.depositId);
    expect(inv.amount).toBe('50.00');
    expect(inv.currency).toBe('USD');
    expect(d.payment_methods.map((m) => m.paymentMethodId).sort()).toEqual(['BTC-CHAIN', 'BTC-LN']);
  });

  test('Lightning: settled before received, credited once even when redelivered', async () => {
    const d = await deposit('50');
    double.payLightning(d.invoiceId);
    await settle();
    const types = double.deliveries.map((x) => x.type);
    expect(types.indexOf('InvoicePaymentSettled')).toBeLessThan(types.indexOf('InvoiceReceivedPayment'));
    expect(await wallet()).toBe(50);
    for (const x of [...double.deliveries]) double.redeliver(x.deliveryId);
    await settle();
    expect(await wallet()).toBe(50);
    expect(await state(d.depositId)).toMatchObject({ status: 'completed', credited: 50 });
  });

  test('on-chain: Processing shows as received and is not credited; confirmed credits', async () => {
    const d = await deposit('40');
    const pay = double.payOnchain(d.invoiceId);
    await settle();
    expect(await wallet()).toBe(0);
    expect(await state(d.depositId)).toMatchObject({ processing: 40, credited: 0, status: 'pending' });
    double.confirm(pay);
    await settle();
    expect(await wallet()).toBe(40);
    expect(await state(d.depositId)).toMatchObject({ processing: 0, credited: 40, status: 'completed' });
  });

  test('partial then complete, two payments to one invoice, and an overpayment all reach the wallet', async () => {
    const a = await deposit('50');
    double.payLightning(a.invoiceId, '0.0004'); // $20 of $50
    await settle();
    expect(await wallet()).toBe(20);
    double.payLightning(a.invoiceId); // the rest
    await settle();
    expect(await wallet()).toBe(50);
    const b = await deposit('10');
    double.payLightning(b.invoiceId, '0.0003'); // $15 for a $10 invoice
    await settle();
    expect(await wallet()).toBe(65);
  });

  test('paid after expiry is still credited', async () => {
    const d = await deposit('30');
    double.expire(d.invoiceId);
    const pay = double.payOnchain(d.invoiceId);
    double.confirm(pay);
    await settle();
    expect(await wallet()).toBe(30);
    expect((await state(d.depositId)).invoiceStatus).toBe('Expired');
  });

  test('reads of one invoice run one after another: one begun before the expiry never writes its older status last', async () => {
    const d = await deposit('30');
    await settle();
    const provider = app.deps.payments;
    const real = provider.getInvoice.bind(provider);
    let release: () => void = () => {};
    let reads = 0;
    provider.getInvoice = async (id) => {
      const invoice = await real(id);
      // The first read (before the expiry) is held back until a read that saw the expiry could have finished.
      if (++reads === 1) await new Promise<void>((r) => (release = r));
      return invoice;
    };
    try {
      const before = app.deps.deposits.sync(d.invoiceId);
      await Bun.sleep(10);
      double.expire(d.invoiceId);
      const after = app.deps.deposits.sync(d.invoiceId);
      await Bun.sleep(50);
      release();
      await Promise.all([before, after]);
      await settle();
      expect(reads).toBeGreaterThanOrEqual(2);
      expect((await state(d.depositId)).invoiceStatus).toBe('Expired');
    } finally {
      provider.getInvoice = real;
    }
  });

  test('an RBF-replaced payment turns Invalid and never credits', async () => {
    const d = await deposit('25');
    const pay = double.payOnchain(d.invoiceId);
    await settle();
    double.replace(pay);
    await settle();
    // BTCPay sends no event when a payment is replaced; the next reconciliation reads it Invalid.
    await app.deps.deposits.reconcileOnce();
    expect(await wallet()).toBe(0);
    expect((await state(d.depositId)).processing).toBe(0);
  });

  test('a forged "Settled" body for a payment BTCPay calls Processing credits nothing', async () => {
    const d = await deposit('60');
    const pay = double.payOnchain(d.invoiceId);
    await settle();
    const forged = JSON.stringify({ deliveryId: 'forged-1', originalDeliveryId: 'forged-1', type: 'InvoicePaymentSettled', invoiceId: d.invoiceId, storeId: double.storeId,
      payment: { id: pay, value: '0.0012', fee: '0', status: 'Settled' } }, null, 2);
    expect((await post(forged, signBtcpayBody(SECRET, forged))).status).toBe(200);
    await settle();
    expect(await wallet()).toBe(0);
  });

  test('signatures: bad, missing or over re-serialised JSON are 401 and change nothing; the header name is case-insensitive', async () => {
    const d = await deposit('20');
    await settle();
    double.loseDeliveries(true);
    double.payLightning(d.invoiceId);
    await settle();
    const count = async () => (await app.deps.database.client.execute('SELECT count(*) AS n FROM webhook_deliveries')).rows[0]!.n;
    const before = await count();
    const body = JSON.stringify({ deliveryId: 'd-1', originalDeliveryId: 'd-1', type: 'InvoiceSettled', invoiceId: d.invoiceId, storeId: double.storeId }, null, 2);
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, signBtcpayBody('wrong-secret', body))).status).toBe(401);
    expect((await post(body, 'sha256=zz')).status).toBe(401);
    expect((await post(JSON.stringify(JSON.parse(body)), signBtcpayBody(SECRET, body))).status).toBe(401);
    await settle();
    expect(await wallet()).toBe(0);
    expect(await count()).toBe(before);
    expect((await post(body, signBtcpayBody(SECRET, body), 'btcpay-sig')).status).toBe(200);
    await settle();
    expect(await wallet()).toBe(20);
  });

  test('an unknown invoice or event type is acknowledged with 200 and changes nothing', async () => {
    for (const e of [{ type: 'InvoiceSettled', invoiceId: 'NOPE123' }, { type: 'SubscriberCreated' }, { type: 'InvoiceRefund', invoiceId: 'NOPE' }]) {
      const body = JSON.stringify({ deliveryId: crypto.randomUUID(), storeId: double.storeId, ...e }, null, 2);
      expect((await post(body, signBtcpayBody(SECRET, body))).status).toBe(200);
    }
    await settle();
    expect(await wallet()).toBe(0);
  });

  test('BTCPay down at creation: a clear 503, no deposit row left pending, no history row', async () => {
    await double.setDown(true);
    const errors: [string, Record<string, unknown> | undefined][] = [];
    const logger = app.deps.logger;
    const error = logger.error;
    logger.error = (msg: string, fields?: Record<string, unknown>) => void errors.push([msg, fields]);
    const r = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '10' }, { token: p.token });
    logger.error = error;
    expect(r.status).toBe(503);
    expect(r.json.message).toBe('Bitcoin deposits are unavailable right now. Please try again in a few minutes.');
    // The operator's log says it is BTCPay, and why.
    const line = errors.find(([m]) => m === 'deposit invoice not created')![1]!;
    expect(line).toMatchObject({ provider: 'btcpay', kind: 'unavailable' });
    expect(String(line.reason)).toContain('503');
    await double.setDown(false);
    const rows = await app.deps.database.client.execute("SELECT status FROM deposits");
    expect(rows.rows.map((x) => x.status)).toEqual(['failed']);
    const h = await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: p.token });
    expect(h.json.TransactionList).toEqual([]);
  });

  test('one method that cannot be prepared: the other is still offered', async () => {
    double.failNextInvoiceMethod('BTC-LN');
    const d = await deposit('10');
    expect(d.payment_methods.map((m) => m.paymentMethodId)).toEqual(['BTC-CHAIN']);
  });

  test('BTCPay down during a webhook: the delivery stays unhandled and reconciliation credits it later', async () => {
    const d = await deposit('35');
    await double.setDown(true);
    double.payLightning(d.invoiceId);
    await settle();
    expect(await wallet()).toBe(0);
    await double.setDown(false);
    await app.deps.deposits.reconcileOnce();
    expect(await wallet()).toBe(35);
  });

  test('a webhook lost entirely is caught by reconciliation, also after a restart', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/coinreel-restart-`);
    app = await boot(dir);
    p = await createPlayer(app);
    const d = await deposit('45');
    await settle();
    double.loseDeliveries(true);
    double.payLightning(d.invoiceId);
    await settle();
    expect(await wallet()).toBe(0);
    // A new process on the same database: its start-up reconciliation finds the payment.
    app.deps.database.client.close();
    app = await boot(dir);
    await app.deps.deposits.reconcileOnce();
    expect(await wallet()).toBe(45);
    await app.deps.deposits.reconcileOnce();
    expect(await wallet()).toBe(45);
  });
});
