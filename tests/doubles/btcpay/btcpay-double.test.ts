import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { type BtcpayDouble, startBtcpayDouble } from '../btcpay';

// The double's own behaviour, driven over plain HTTP: BTCPay's status machine and its webhook deliveries.
type Received = { headers: Headers; body: string; json: any };
let double: BtcpayDouble;
let received: Received[];
let answer: number;
let inFlight: number;
let maxInFlight: number;

beforeEach(async () => {
  received = [];
  answer = 200;
  inFlight = maxInFlight = 0;
  double = await startBtcpayDouble({
    webhookSecret: 'double-secret',
    deliver: async (req) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const body = await req.text();
      await Bun.sleep(2);
      received.push({ headers: req.headers, body, json: JSON.parse(body) });
      inFlight--;
      return new Response(null, { status: answer });
    },
  });
});
afterEach(async () => {
  await double.close();
  expect(double.violations).toEqual([]);
});

const api = async (method: string, path: string, body?: unknown, key = double.apiKey) => {
  const res = await fetch(double.url + path, { method, headers: { authorization: `token ${key}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
};
const store = (rest: string) => `/api/v1/stores/${double.storeId}${rest}`;
const invoice = async (methods = ['BTC-LN', 'BTC-CHAIN'], amount = '10.00') =>
  (await api('POST', store('/invoices'), { amount, currency: 'USD', metadata: { orderId: 'o1' }, checkout: { paymentMethods: methods, expirationMinutes: 15 } })).json;
const status = async (id: string) => {
  const { json } = await api('GET', store(`/invoices/${id}`));
  return `${json.status}/${json.additionalStatus}`;
};
const types = async () => {
  await double.settled();
  return received.map((r) => r.json.type).filter((t) => t !== 'InvoiceCreated');
};

describe('BTCPay double: invoices', () => {
  test('Lightning: settled at once, InvoicePaymentSettled before InvoiceReceivedPayment, signed indented JSON', async () => {
    const inv = await invoice();
    expect(inv.amount).toBe('10.00');
    double.payLightning(inv.id);
    expect(await status(inv.id)).toBe('Settled/None');
    expect(await types()).toEqual(['InvoicePaymentSettled', 'InvoiceReceivedPayment', 'InvoiceProcessing', 'InvoiceSettled']);
    for (const r of received) {
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(r.headers.get('btcpay-sig')).toBe('sha256=' + createHmac('sha256', 'double-secret').update(r.body).digest('hex'));
      expect(r.body).toBe(JSON.stringify(r.json, null, 2));
      expect(r.json).toMatchObject({ originalDeliveryId: r.json.deliveryId, isRedelivery: false, storeId: double.storeId, invoiceId: inv.id, metadata: { orderId: 'o1' } });
      expect(typeof r.json.timestamp).toBe('number');
    }
    const settled = received.find((r) => r.json.type === 'InvoicePaymentSettled')!.json;
    expect(settled).toMatchObject({ afterExpiration: false, paymentMethodId: 'BTC-LN', payment: { value: '0.00020000', status: 'Settled' } });
    expect(maxInFlight).toBe(1);
  });

  test('on-chain: Processing until confirmed, then Settled', async () => {
    const inv = await invoice();
    const paymentId = double.payOnchain(inv.id);
    expect(paymentId).toMatch(/^[0-9a-f]{64}-0$/);
    expect(await status(inv.id)).toBe('Processing/None');
    expect(await types()).toEqual(['InvoiceReceivedPayment', 'InvoiceProcessing']);
    double.confirm(paymentId);
    expect(await status(inv.id)).toBe('Settled/None');
    expect(await types()).toEqual(['InvoiceReceivedPayment', 'InvoiceProcessing', 'InvoicePaymentSettled', 'InvoiceSettled']);
  });

  test('partial payment: New/PaidPartial and a new BOLT11 for the remainder; expiry: Expired/PaidPartial', async () => {
    const inv = await invoice();
    const before = (await api('GET', store(`/invoices/${inv.id}/payment-methods`))).json;
    double.payOnchain(inv.id, '0.00005');
    expect(await status(inv.id)).toBe('New/PaidPartial');
    const after = (await api('GET', store(`/invoices/${inv.id}/payment-methods`))).json;
    const ln = (list: any[]) => list.find((m) => m.paymentMethodId === 'BTC-LN');
    expect(ln(after).destination).not.toBe(ln(before).destination);
    expect(ln(after).destination).toStartWith('lnbcrt150000n1');
    expect(ln(after).due).toBe('0.00015000');
    expect(double.expire(inv.id)).toBe(true);
    expect(await status(inv.id)).toBe('Expired/PaidPartial');
    await double.settled();
    const expired = received.find((r) => r.json.type === 'InvoiceExpired')!.json;
    expect(expired.partiallyPaid).toBe(true);
  });

  test('overpayment: PaidOver, due negative', async () => {
    const inv = await invoice(['BTC-CHAIN']);
    const p = double.payOnchain(inv.id, '0.0003');
    expect(await status(inv.id)).toBe('Processing/PaidOver');
    double.confirm(p);
    expect(await status(inv.id)).toBe('Settled/PaidOver');
    expect((await api('GET', store(`/invoices/${inv.id}/payment-methods`))).json[0].due).toBe('-0.00010000');
    await double.settled();
    expect(received.find((r) => r.json.type === 'InvoiceSettled')!.json).toMatchObject({ overPaid: true, manuallyMarked: false });
  });

  test('paid after expiry: Expired/PaidLate, afterExpiration true, never Settled; Lightning can no longer be paid', async () => {
    const inv = await invoice();
    double.expire(inv.id);
    expect(await status(inv.id)).toBe('Expired/None');
    expect(() => double.payLightning(inv.id)).toThrow();
    const p = double.payOnchain(inv.id);
    double.confirm(p);
    expect(await status(inv.id)).toBe('Expired/PaidLate');
    expect(await types()).toEqual(['InvoiceExpired', 'InvoiceReceivedPayment', 'InvoicePaymentSettled']);
    expect(received.slice(-2).map((r) => r.json.afterExpiration)).toEqual([true, true]);
  });

  test('a replaced (RBF) payment reads Invalid and the invoice falls back to New; monitoring end makes Invalid', async () => {
    const inv = await invoice(['BTC-CHAIN']);
    const p = double.payOnchain(inv.id);
    expect(await status(inv.id)).toBe('Processing/None');
    double.replace(p);
    expect(await status(inv.id)).toBe('New/None');
    expect((await api('GET', store(`/invoices/${inv.id}/payment-methods`))).json[0].payments).toEqual([]);
    const all = (await api('GET', store(`/invoices/${inv.id}/payment-methods?onlyAccountedPayments=false`))).json[0].payments;
    expect(all.map((x: any) => [x.id, x.status])).toEqual([[p, 'Invalid']]);
    double.payOnchain(inv.id);
    expect(double.endMonitoring(inv.id)).toBe(true);
    expect(await status(inv.id)).toBe('Invalid/None');
    expect((await types()).at(-1)).toBe('InvoiceInvalid');
  });

  test('creation: unknown payment methods are a 422 validation array; legacy ids are accepted', async () => {
    const bad = await api('POST', store('/invoices'), { amount: '1.00', checkout: { paymentMethods: ['DOGE'] } });
    expect(bad.status).toBe(422);
    expect(bad.json).toEqual([{ path: 'checkout.paymentMethods[0]', message: 'Invalid payment method' }]);
    const legacy = await api('POST', store('/invoices'), { amount: '1.00', checkout: { paymentMethods: ['BTC', 'BTC-LightningNetwork'] } });
    expect(legacy.json.checkout.paymentMethods).toEqual(['BTC-CHAIN', 'BTC-LN']);
  });
});

describe('BTCPay double: contract, auth and deliveries', () => {
  test('requests off the contract are recorded and answered 400; a wrong key is 401', async () => {
    const res = await api('POST', store('/invoices'), { amount: 10, currency: 'USD', colour: 'red' });
    expect(res.status).toBe(400);
    expect(double.violations.join('\n')).toContain('body/amount must be string');
    expect(double.violations.join('\n')).toContain('(colour)');
    expect((await api('GET', '/api/v1/invoices-by-order/x')).status).toBe(404);
    expect(double.violations.at(-1)).toContain('no such operation');
    double.violations.length = 0;
    expect((await api('GET', store('/invoices'), undefined, 'wrong')).status).toBe(401);
    const bare = await fetch(double.url + store('/invoices'));
    expect(bare.status).toBe(401);
  });

  test('redelivery: new deliveryId, same payload, originalDeliveryId kept, isRedelivery true', async () => {
    const inv = await invoice();
    double.expire(inv.id);
    await double.settled();
    const first = double.deliveries.find((d) => d.type === 'InvoiceExpired')!;
    const newId = double.redeliver(first.deliveryId);
    await double.settled();
    const again = received.at(-1)!.json;
    expect(again).toEqual({ ...first.payload, deliveryId: newId, isRedelivery: true });
    expect(again.originalDeliveryId).toBe(first.deliveryId);
  });

  test('lost deliveries are logged but never sent, until redelivered; status codes are recorded', async () => {
    double.loseDeliveries(true);
    const inv = await invoice();
    double.payLightning(inv.id);
    await double.settled();
    expect(received).toEqual([]);
    expect(double.deliveries.every((d) => d.status === 'Lost')).toBe(true);
    double.loseDeliveries(false);
    answer = 500;
    double.redeliver(double.deliveries.find((d) => d.type === 'InvoiceSettled')!.deliveryId);
    await double.settled();
    expect(received.map((r) => r.json.type)).toEqual(['InvoiceSettled']);
    expect(double.deliveries.at(-1)).toMatchObject({ status: 'HttpError', httpCode: 500, isRedelivery: true });
  });

  test('payout events carry payoutId, pullPaymentId null, payoutState and storeId', async () => {
    const created = await api('POST', store('/payouts'), { destination: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: '0.001', payoutMethodId: 'BTC-CHAIN', approved: true });
    expect(created.status).toBe(200);
    double.completePayout(created.json.id);
    await double.settled();
    expect(received.map((r) => [r.json.type, r.json.payoutState])).toEqual([
      ['PayoutCreated', 'AwaitingPayment'],
      ['PayoutApproved', 'AwaitingPayment'],
      ['PayoutUpdated', 'Completed'],
    ]);
    expect(received[0]!.json).toMatchObject({ payoutId: created.json.id, pullPaymentId: null, storeId: double.storeId });
    const noMethod = await api('POST', store('/payouts'), { destination: 'x', amount: '0.001' });
    expect(noMethod.status).toBe(422);
  });
});
