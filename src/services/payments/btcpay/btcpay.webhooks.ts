import type { KeyCheck } from '../payments.port';
import { type BtcpayConnection, createBtcpayClient } from './btcpay.client';
import { checkKey } from './btcpay.provider';

/** The events Coinreel's webhook route handles. */
export const WEBHOOK_EVENTS = [
  'InvoiceReceivedPayment',
  'InvoicePaymentSettled',
  'InvoiceProcessing',
  'InvoiceSettled',
  'InvoiceExpired',
  'InvoiceInvalid',
  'PayoutCreated',
  'PayoutApproved',
  'PayoutUpdated',
] as const;

export type RegisteredWebhook = { id: string; url: string; enabled: boolean; events: string[] | 'everything' };

export type BtcpayStoreAdmin = {
  checkKey(): Promise<KeyCheck>;
  /** The store BTCPAY_STORE_ID names, or null when BTCPay knows no such store. */
  getStore(): Promise<{ id: string; name: string; speedPolicy?: string } | null>;
  listWebhooks(): Promise<RegisteredWebhook[]>;
  /** Creates a webhook (enabled, automatic redelivery) for these events; the secret is only ever returned here. */
  registerWebhook(url: string, events?: readonly string[]): Promise<{ id: string; secret: string }>;
  deleteWebhook(id: string): Promise<void>;
};

/** Store set-up calls used by `bun run btcpay:setup` and `bun run doctor`. */
export function createBtcpayStoreAdmin(conn: BtcpayConnection): BtcpayStoreAdmin {
  const api = createBtcpayClient(conn);
  type HookWire = { id: string; url: string; enabled?: boolean; authorizedEvents?: { everything?: boolean; specificEvents?: string[] } };
  return {
    checkKey: () => checkKey(api, conn.storeId),
    getStore: () => api.call<{ id: string; name: string; speedPolicy?: string }>('GET', api.storePath(), { nullOn404: true }),
    async listWebhooks() {
      const list = await api.call<HookWire[]>('GET', api.storePath('webhooks'));
      return list.map((h) => ({ id: h.id, url: h.url, enabled: h.enabled ?? true, events: h.authorizedEvents?.everything !== false ? 'everything' : (h.authorizedEvents.specificEvents ?? []) }));
    },
    async registerWebhook(url, events = WEBHOOK_EVENTS) {
      const body = { url, enabled: true, automaticRedelivery: true, authorizedEvents: { everything: false, specificEvents: [...events] } };
      const created = await api.call<HookWire & { secret?: string | null }>('POST', api.storePath('webhooks'), { body });
      if (!created.secret) throw new Error('BTCPay created the webhook but returned no secret');
      return { id: created.id, secret: created.secret };
    },
    async deleteWebhook(id) {
      await api.call('DELETE', api.storePath('webhooks', id));
    },
  };
}
