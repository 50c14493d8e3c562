import { describe, expect, test } from 'bun:test';
import { useBtcpay } from '../../../../tests/helpers/btcpay';
import { verifyBtcpaySignature } from '../webhook-signature';
import { createBtcpayStoreAdmin, WEBHOOK_EVENTS } from './btcpay.webhooks';

const t = useBtcpay();
const admin = () => createBtcpayStoreAdmin({ url: t.double.url, apiKey: t.double.apiKey, storeId: t.double.storeId });
const URL_ = 'https://wallet.example.com/api/v1/webhooks/btcpay';

describe('BTCPay store set-up: webhooks', () => {
  test('registerWebhook asks for exactly our events, enabled, with automatic redelivery, and returns the secret', async () => {
    const { id, secret } = await admin().registerWebhook(URL_);
    expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(t.double.requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/v1/stores/${t.double.storeId}/webhooks`, status: 200 });
    const listed = await admin().listWebhooks();
    expect(listed).toEqual([{ id, url: URL_, enabled: true, events: [...WEBHOOK_EVENTS] }]);
    expect(WEBHOOK_EVENTS).toEqual([
      'InvoiceReceivedPayment',
      'InvoicePaymentSettled',
      'InvoiceProcessing',
      'InvoiceSettled',
      'InvoiceExpired',
      'InvoiceInvalid',
      'PayoutCreated',
      'PayoutApproved',
      'PayoutUpdated',
    ]);
  });

  test('the registered webhook receives our events signed with the returned secret, and not others', async () => {
    const received: { sig: string | null; body: Uint8Array }[] = [];
    // Deliveries from the double go to its configured target; here the webhook points at a local listener.
    const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: async (req) => {
      received.push({ sig: req.headers.get('btcpay-sig'), body: new Uint8Array(await req.arrayBuffer()) });
      return new Response('ok');
    } });
    try {
      const { secret } = await admin().registerWebhook(`http://127.0.0.1:${server.port}/api/v1/webhooks/btcpay`);
      const inv = await t.provider.createInvoice({ orderId: 'dep_1', amountCents: 1000, expirationMinutes: 15, paymentMethods: ['BTC-LN'] });
      t.double.payLightning(inv.id);
      await t.double.settled();
      const types = t.double.deliveries.map((d) => d.type);
      expect(types).toEqual(['InvoicePaymentSettled', 'InvoiceReceivedPayment', 'InvoiceProcessing', 'InvoiceSettled']); // no InvoiceCreated
      expect(received).toHaveLength(4);
      for (const r of received) expect(verifyBtcpaySignature(secret, r.body, r.sig)).toBe(true);
      expect(t.double.deliveries.every((d) => d.status === 'HttpSuccess')).toBe(true);
    } finally {
      await server.stop(true);
    }
  });

  test('deleteWebhook removes it; the listing never shows a secret', async () => {
    const a = admin();
    const { id } = await a.registerWebhook(URL_);
    expect(JSON.stringify(await a.listWebhooks())).not.toContain('secret');
    await a.deleteWebhook(id);
    expect(t.double.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/api/v1/stores/${t.double.storeId}/webhooks/${id}`, status: 200 });
    expect(await a.listWebhooks()).toEqual([]);
  });
});
