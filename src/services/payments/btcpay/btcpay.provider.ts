import { type CreateInvoiceRequest, type CreatePayoutRequest, type KeyCheck, PaymentsError, type PaymentsProvider } from '../payments.port';
import { type BtcpayClient, type BtcpayConnection, createBtcpayClient, type FetchLike } from './btcpay.client';
import { centsToDecimal, type InvoiceWire, type PaymentMethodWire, type PayoutWire, toInvoice, toPaymentMethods, toPayout } from './btcpay.mapping';
import { missingPermissions } from './btcpay.permissions';
import { readReserves } from './btcpay.reserves';

export type BtcpayOptions = { url: string; apiKey: string; storeId: string; webhookSecret: string; timeoutMs?: number; fetch?: FetchLike };

/** The payments port over BTCPay Server's Greenfield API, on store-scoped routes only (served by every 2.x server). */
export function createBtcpayProvider(opts: BtcpayOptions): PaymentsProvider {
  const conn: BtcpayConnection = { ...opts, secrets: [opts.webhookSecret] };
  const api = createBtcpayClient(conn);
  const invoicePath = (id: string, ...rest: string[]) => api.storePath('invoices', id, ...rest);
  const payoutPath = (id: string) => api.storePath('payouts', id);

  return {
    name: 'btcpay',
    webhookSecret: opts.webhookSecret,

    async createInvoice(req: CreateInvoiceRequest) {
      const body = {
        amount: centsToDecimal(req.amountCents),
        currency: 'USD',
        metadata: { orderId: req.orderId, ...(req.buyerEmail ? { buyerEmail: req.buyerEmail } : {}) },
        checkout: { paymentMethods: req.paymentMethods, expirationMinutes: req.expirationMinutes },
      };
      return toInvoice(await api.call<InvoiceWire>('POST', api.storePath('invoices'), { body }));
    },

    async getInvoice(invoiceId) {
      const w = await api.call<InvoiceWire>('GET', invoicePath(invoiceId), { nullOn404: true });
      return w && toInvoice(w);
    },

    async getInvoicePaymentMethods(invoiceId) {
      // Invalid payments too: a credited payment that turned Invalid (double spend, reorganisation) must be seen to be taken back.
      return toPaymentMethods(await api.call<PaymentMethodWire[]>('GET', invoicePath(invoiceId, 'payment-methods'), { query: { onlyAccountedPayments: 'false' } }));
    },

    async findInvoicesByOrderId(orderId) {
      const list = await api.call<InvoiceWire[]>('GET', api.storePath('invoices'), { query: { orderId } });
      return list
        .map(toInvoice)
        .filter((i) => i.orderId === orderId)
        .sort((a, b) => b.createdAt - a.createdAt);
    },

    async currentRate() {
      const rates = await api.call<{ currencyPair: string; rate?: string | null; errors?: string[] | null }[]>('GET', api.storePath('rates'), { query: { currencyPair: 'BTC_USD' } });
      const r = rates.find((x) => x.currencyPair === 'BTC_USD');
      if (!r?.rate || r.errors?.length) throw new PaymentsError(`BTCPay has no BTC_USD rate${r?.errors?.length ? `: ${r.errors.join('; ')}` : ''}`, 'unavailable', 'rate-unavailable');
      return r.rate;
    },

    async createPayout(req: CreatePayoutRequest) {
      const body = {
        destination: req.destination,
        payoutMethodId: req.payoutMethodId,
        ...(req.amountBtc === undefined ? {} : { amount: req.amountBtc }),
        approved: req.approved,
        metadata: { withdrawalId: req.withdrawalId, source: 'Coinreel withdrawal' },
      };
      return toPayout(await api.call<PayoutWire>('POST', api.storePath('payouts'), { body }));
    },

    async getPayout(payoutId) {
      const w = await api.call<PayoutWire>('GET', payoutPath(payoutId), { nullOn404: true });
      return w && toPayout(w);
    },

    async findPayoutsByWithdrawalId(withdrawalId) {
      const list = await api.call<PayoutWire[]>('GET', api.storePath('payouts'), { query: { includeCancelled: 'true' } });
      return list.filter((p) => p.metadata?.withdrawalId === withdrawalId).map(toPayout);
    },

    async approvePayout(payoutId, revision) {
      return toPayout(await api.call<PayoutWire>('POST', payoutPath(payoutId), { body: { revision } }));
    },

    async cancelPayout(payoutId) {
      await api.call('DELETE', payoutPath(payoutId));
    },

    checkKey: () => checkKey(api, opts.storeId),

    reserves() {
      return readReserves(api, () => this.currentRate());
    },
  };
}

/** Which required permissions the key lacks; a key that cannot be read comes back not ok, with the reason. */
export async function checkKey(api: BtcpayClient, storeId: string): Promise<KeyCheck> {
  try {
    const key = await api.call<{ permissions?: string[] }>('GET', '/api/v1/api-keys/current');
    const missing = missingPermissions(key.permissions ?? [], storeId);
    return { ok: missing.length === 0, missing };
  } catch (e) {
    if (!(e instanceof PaymentsError)) throw e;
    return { ok: false, missing: [], error: e.message };
  }
}

/**
 * The start-up log line for a key check that failed: a BTCPay that did not answer is not a key without permissions,
 * and says so with the reason (which names no key or secret).
 */
export function keyCheckLine(k: KeyCheck, url: string): { msg: string; fields: Record<string, unknown> } | null {
  if (k.ok) return null;
  if (k.error !== undefined)
    return { msg: 'BTCPay could not be checked at start-up; deposits and withdrawals fail until it answers (coinreel doctor tells more)', fields: { url, error: k.error } };
  return { msg: 'BTCPay API key is missing permissions; deposits or withdrawals will fail until they are granted', fields: { missing: k.missing } };
}

export { REQUIRED_PERMISSIONS } from './btcpay.permissions';
