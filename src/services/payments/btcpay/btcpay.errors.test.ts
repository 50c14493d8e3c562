import { describe, expect, test } from 'bun:test';
import { useBtcpay, WEBHOOK_SECRET } from '../../../../tests/helpers/btcpay';
import { PaymentsError } from '../payments.port';
import { createBtcpayProvider } from './btcpay.provider';

const t = useBtcpay({}, 300);
const deposit = () => t.provider.createInvoice({ orderId: 'dep_1', amountCents: 1250, expirationMinutes: 30, paymentMethods: ['BTC-LN'] });
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as PaymentsError);

function expectNoSecret(err: PaymentsError) {
  expect(err).toBeInstanceOf(PaymentsError);
  expect(err.message).not.toContain(t.double.apiKey);
  expect(err.message).not.toContain(WEBHOOK_SECRET);
}

describe('BTCPay adapter: failures', () => {
  test('a server answering 503 is unavailable, for every kind of call', async () => {
    const inv = await deposit();
    await t.double.setDown(true);
    const calls = [deposit, () => t.provider.getInvoice(inv.id), () => t.provider.currentRate(), () => t.provider.getPayout('p1'), () => t.provider.cancelPayout('p1')];
    // One after another: a failed expectation must not leave the other calls' rejections unhandled.
    for (const call of calls) {
      const err = (await failure(call()))!;
      expectNoSecret(err);
      expect(err).toMatchObject({ kind: 'unavailable', status: 503 });
    }
    await t.double.setDown(false);
    expect((await t.provider.getInvoice(inv.id))!.id).toBe(inv.id);
  });

  test('connections refused: unavailable, and the adapter works again once the server is back', async () => {
    await t.double.setDown('refuse');
    const err = (await failure(deposit()))!;
    expectNoSecret(err);
    expect(err.kind).toBe('unavailable');
    expect(err.status).toBeUndefined();
    await t.double.setDown(false);
    expect((await deposit()).status).toBe('New');
  });

  test('a slow server: unavailable after the timeout, not after the answer', async () => {
    t.double.setDelay(3000);
    const started = performance.now();
    const err = (await failure(t.provider.currentRate()))!;
    const took = performance.now() - started;
    expectNoSecret(err);
    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('300 ms');
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(1500);
    t.double.setDelay(0);
  });

  test('a wrong API key: refused (401), and the key is not in the message', async () => {
    const wrongKey = 'f00dbabe' + t.double.apiKey.slice(8);
    const provider = createBtcpayProvider({ url: t.double.url, apiKey: wrongKey, storeId: t.double.storeId, webhookSecret: WEBHOOK_SECRET });
    const err = (await failure(provider.getInvoice('abc')))!;
    expect(err).toMatchObject({ kind: 'refused', code: 'unauthenticated', status: 401 });
    expect(err.message).not.toContain(wrongKey);
    expect(t.double.requests.at(-1)!.status).toBe(401);
  });

  test('a key without the permission: refused with BTCPay’s missing-permission code', async () => {
    t.double.setPermissions([`btcpay.store.canviewinvoices:${t.double.storeId}`]);
    const err = (await failure(deposit()))!;
    expectNoSecret(err);
    expect(err).toMatchObject({ kind: 'refused', code: 'missing-permission', status: 403 });
    expect(err.message).toContain('btcpay.store.cancreateinvoice');
  });

  test('429 and 408 are worth retrying; 422 validation arrays are refused with code validation', async () => {
    const answers = [
      new Response('{"code":"too-many","message":"slow down"}', { status: 429 }),
      new Response('', { status: 408 }),
      Response.json([{ path: 'checkout.expirationMinutes', message: 'too short' }], { status: 422 }),
      new Response('<html>proxy error</html>', { status: 200 }),
    ];
    const provider = createBtcpayProvider({ url: 'http://127.0.0.1:9', apiKey: t.double.apiKey, storeId: t.double.storeId, webhookSecret: WEBHOOK_SECRET, fetch: async () => answers.shift()! });
    expect(await failure(provider.currentRate())).toMatchObject({ kind: 'unavailable', status: 429 });
    expect(await failure(provider.currentRate())).toMatchObject({ kind: 'unavailable', status: 408 });
    const validation = (await failure(provider.currentRate()))!;
    expect(validation).toMatchObject({ kind: 'refused', code: 'validation', status: 422 });
    expect(validation.message).toContain('checkout.expirationMinutes: too short');
    expect(await failure(provider.currentRate())).toMatchObject({ kind: 'unavailable', status: 200 });
  });

  test('secrets echoed by a network error or by BTCPay never reach the message', async () => {
    const key = t.double.apiKey;
    const throwing = createBtcpayProvider({ url: t.double.url, apiKey: key, storeId: t.double.storeId, webhookSecret: WEBHOOK_SECRET, fetch: async () => {
      throw new TypeError(`connect failed for Authorization: token ${key}`);
    } });
    const err = (await failure(throwing.getInvoice('abc')))!;
    expectNoSecret(err);
    expect(err.kind).toBe('unavailable');
    const echoing = createBtcpayProvider({ url: t.double.url, apiKey: key, storeId: t.double.storeId, webhookSecret: WEBHOOK_SECRET, fetch: async () =>
      Response.json({ code: 'generic-error', message: `bad key ${key} or secret ${WEBHOOK_SECRET}` }, { status: 400 }) });
    const refused = (await failure(echoing.getInvoice('abc')))!;
    expectNoSecret(refused);
    expect(refused).toMatchObject({ kind: 'refused', code: 'generic-error' });
    expect(refused.message).toContain('[redacted]');
  });
});
