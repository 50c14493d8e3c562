import { describe, expect, test } from 'bun:test';
import { useBtcpay } from '../../../../tests/helpers/btcpay';
import { PaymentsError } from '../payments.port';

const t = useBtcpay();
const deposit = (over: Partial<Parameters<typeof t.provider.createInvoice>[0]> = {}) =>
  t.provider.createInvoice({ orderId: 'dep_1', amountCents: 1250, expirationMinutes: 30, paymentMethods: ['BTC-LN', 'BTC-CHAIN'], ...over });

describe('BTCPay adapter: invoices', () => {
  test('createInvoice sends the amount as a decimal string in USD, the order id, buyer e-mail and checkout options', async () => {
    const before = Date.now();
    const inv = await deposit({ buyerEmail: 'player@example.com' });
    const stored = t.double.invoice(inv.id);
    expect(stored.amount).toBe('12.50');
    expect(stored.currency).toBe('USD');
    expect(stored.metadata).toEqual({ orderId: 'dep_1', buyerEmail: 'player@example.com' });
    expect(stored.checkout).toMatchObject({ paymentMethods: ['BTC-LN', 'BTC-CHAIN'], expirationMinutes: 30 });
    expect(inv).toMatchObject({ status: 'New', additionalStatus: 'None', amount: '12.50', currency: 'USD', orderId: 'dep_1' });
    // Unix seconds become milliseconds.
    expect(inv.createdAt).toBe(stored.createdTime * 1000);
    expect(inv.createdAt).toBeGreaterThan(before - 1500);
    expect(inv.expiresAt - inv.createdAt).toBe(30 * 60_000);
    expect(inv.monitoringExpiresAt).toBe(stored.monitoringExpiration * 1000);
    expect(t.double.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/stores/${t.double.storeId}/invoices`, status: 200 });
  });

  test('amounts in cents become exact decimal strings; a non-positive amount is never sent', async () => {
    for (const [c, text] of [[1, '0.01'], [5, '0.05'], [100, '1.00'], [10_000_000, '100000.00'], [199_999, '1999.99']] as const) {
      const inv = await deposit({ amountCents: c, orderId: `dep_${c}` });
      expect(t.double.invoice(inv.id).amount).toBe(text);
    }
    const sent = t.double.requests.length;
    for (const bad of [0, -100, 12.5]) await expect(deposit({ amountCents: bad })).rejects.toThrow(RangeError);
    expect(t.double.requests.length).toBe(sent);
  });

  test('buyerEmail is left out when not given; one method can be asked for alone', async () => {
    const inv = await deposit({ paymentMethods: ['BTC-CHAIN'] });
    expect(t.double.invoice(inv.id).metadata).toEqual({ orderId: 'dep_1' });
    const methods = await t.provider.getInvoicePaymentMethods(inv.id);
    expect(methods.map((m) => m.paymentMethodId)).toEqual(['BTC-CHAIN']);
  });

  test('getInvoice reads the invoice back as it changes, and is null for an unknown id', async () => {
    const inv = await deposit();
    expect(await t.provider.getInvoice(inv.id)).toEqual(inv);
    t.double.payLightning(inv.id);
    expect(await t.provider.getInvoice(inv.id)).toMatchObject({ id: inv.id, status: 'Settled', additionalStatus: 'None' });
    expect(await t.provider.getInvoice('NoSuchInvoice1234')).toBeNull();
    expect(t.double.requests.at(-1)).toMatchObject({ path: `/api/v1/stores/${t.double.storeId}/invoices/NoSuchInvoice1234`, status: 404 });
  });

  test('payment methods: destinations, links, BTC amounts at the invoice rate, and payments with their status', async () => {
    const inv = await deposit();
    let methods = await t.provider.getInvoicePaymentMethods(inv.id);
    const ln = methods.find((m) => m.paymentMethodId === 'BTC-LN')!;
    const chain = methods.find((m) => m.paymentMethodId === 'BTC-CHAIN')!;
    expect(ln).toMatchObject({ rate: '50000', amount: '0.00025000', due: '0.00025000', paymentMethodPaid: '0.00000000', activated: true, payments: [] });
    expect(ln.destination).toStartWith('lnbcrt');
    expect(ln.paymentLink).toBe(`lightning:${ln.destination}`);
    expect(chain.destination).toStartWith('bcrt1');
    expect(chain.paymentLink).toBe(`bitcoin:${chain.destination}?amount=0.00025000`);

    const paymentId = t.double.payOnchain(inv.id, '0.00010000');
    methods = await t.provider.getInvoicePaymentMethods(inv.id);
    const after = methods.find((m) => m.paymentMethodId === 'BTC-CHAIN')!;
    expect(after.due).toBe('0.00015000');
    expect(after.paymentMethodPaid).toBe('0.00010000');
    expect(after.payments).toEqual([{ id: paymentId, receivedAt: expect.any(Number), value: '0.00010000', fee: '0.00000000', status: 'Processing', destination: chain.destination }]);
    expect(after.payments[0]!.receivedAt % 1000).toBe(0);
    expect(after.payments[0]!.receivedAt).toBeGreaterThan(Date.now() - 5000);
    // The Lightning invoice was replaced by one for the remainder.
    const lnAfter = methods.find((m) => m.paymentMethodId === 'BTC-LN')!;
    expect(lnAfter.destination).not.toBe(ln.destination);
    expect(lnAfter.due).toBe('0.00015000');

    t.double.confirm(paymentId);
    const settled = (await t.provider.getInvoicePaymentMethods(inv.id)).find((m) => m.paymentMethodId === 'BTC-CHAIN')!;
    expect(settled.payments[0]!.status).toBe('Settled');
    expect(t.double.requests.at(-1)!.path).toBe(`/api/v1/stores/${t.double.storeId}/invoices/${inv.id}/payment-methods?onlyAccountedPayments=false`);
  });

  test('payment methods of an unknown invoice: not-found', async () => {
    const err = await t.provider.getInvoicePaymentMethods('NoSuchInvoice1234').catch((e) => e);
    expect(err).toBeInstanceOf(PaymentsError);
    expect(err).toMatchObject({ kind: 'not-found', code: 'invoice-not-found', status: 404 });
  });

  test('a method BTCPay could not prepare is simply absent from the created invoice', async () => {
    t.double.failNextInvoiceMethod('BTC-LN');
    const inv = await deposit();
    expect((await t.provider.getInvoicePaymentMethods(inv.id)).map((m) => m.paymentMethodId)).toEqual(['BTC-CHAIN']);
    // Only the next creation is affected.
    const next = await deposit({ orderId: 'dep_2' });
    expect((await t.provider.getInvoicePaymentMethods(next.id)).map((m) => m.paymentMethodId).sort()).toEqual(['BTC-CHAIN', 'BTC-LN']);
  });

  test('no method or rate at all: refused with generic-error and BTCPay’s message', async () => {
    t.double.refuseNextInvoice();
    const err = await deposit().catch((e) => e);
    expect(err).toBeInstanceOf(PaymentsError);
    expect(err).toMatchObject({ kind: 'refused', code: 'generic-error', status: 400 });
    expect(err.message).toContain('Error retrieving a matching payment method or rate.');
  });

  test('findInvoicesByOrderId: only that order, newest first, through ?orderId=', async () => {
    const first = await deposit({ orderId: 'dep_7' });
    await deposit({ orderId: 'dep_8' });
    await Bun.sleep(1100); // creation times are whole seconds
    const second = await deposit({ orderId: 'dep_7' });
    const found = await t.provider.findInvoicesByOrderId('dep_7');
    expect(found.map((i) => i.id)).toEqual([second.id, first.id]);
    expect(t.double.requests.at(-1)!.path).toBe(`/api/v1/stores/${t.double.storeId}/invoices?orderId=dep_7`);
    expect(await t.provider.findInvoicesByOrderId('dep_none')).toEqual([]);
  });

  test('currentRate reads the store rate for BTC_USD; an invoice keeps the rate it was created at', async () => {
    expect(await t.provider.currentRate()).toBe('50000');
    const inv = await deposit();
    t.double.setRate('64392.23');
    expect(await t.provider.currentRate()).toBe('64392.23');
    expect(t.double.requests.at(-1)!.path).toBe(`/api/v1/stores/${t.double.storeId}/rates?currencyPair=BTC_USD`);
    expect((await t.provider.getInvoicePaymentMethods(inv.id))[0]!.rate).toBe('50000');
    const later = await deposit({ orderId: 'dep_2' });
    const m = (await t.provider.getInvoicePaymentMethods(later.id))[0]!;
    expect(m.rate).toBe('64392.23');
    expect(m.amount).toBe('0.00019413'); // 12.50 / 64392.23, rounded up to the satoshi
  });
});
