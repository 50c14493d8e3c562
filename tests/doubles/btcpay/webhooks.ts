import { createHmac } from 'node:crypto';
import type { Contract } from './contract';
import { base58Id, nowSeconds } from './ids';

/**
 * Registered webhooks and their deliveries, sent as BTCPay's WebhookSender sends them (contract README section 5):
 * indented JSON, `BTCPay-Sig: sha256=<hex>` over those exact bytes, one delivery after another.
 */
export type Webhook = { id: string; url: string; secret: string; enabled: boolean; automaticRedelivery: boolean; authorizedEvents: { everything: boolean; specificEvents: string[] } };
export type Delivery = {
  deliveryId: string;
  webhookId: string;
  originalDeliveryId: string;
  isRedelivery: boolean;
  type: string;
  payload: Record<string, unknown>;
  body: string;
  /** queued → sending → HttpSuccess | HttpError | Failed (network), or Lost when deliveries are being dropped. */
  status: 'Queued' | 'Sending' | 'HttpSuccess' | 'HttpError' | 'Failed' | 'Lost';
  httpCode: number | null;
  error?: string;
};
export type Deliver = (request: Request) => Promise<Response>;

// The contract's schema for each invoice event, to hold the double's own payloads to it.
const EVENT_SCHEMAS: Record<string, string> = {
  InvoiceCreated: 'WebhookInvoiceEvent',
  InvoiceReceivedPayment: 'WebhookInvoiceReceivedPaymentEvent',
  InvoicePaymentSettled: 'WebhookInvoicePaymentSettledEvent',
  InvoiceProcessing: 'WebhookInvoiceProcessingEvent',
  InvoiceSettled: 'WebhookInvoiceSettledEvent',
  InvoiceExpired: 'WebhookInvoiceExpiredEvent',
  InvoiceInvalid: 'WebhookInvoiceInvalidEvent',
};

export class WebhookHub {
  readonly webhooks = new Map<string, Webhook>();
  readonly deliveries: Delivery[] = [];
  lose = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly contract: Contract,
    private readonly violations: string[],
    private readonly deliver: Deliver | undefined,
  ) {}

  register(input: { url: string; secret?: string | null; enabled?: boolean; automaticRedelivery?: boolean; authorizedEvents?: Partial<Webhook['authorizedEvents']> }): Webhook {
    const hook: Webhook = {
      id: base58Id(),
      url: input.url,
      secret: input.secret || base58Id(28),
      enabled: input.enabled ?? true,
      automaticRedelivery: input.automaticRedelivery ?? true,
      authorizedEvents: { everything: input.authorizedEvents?.everything ?? true, specificEvents: input.authorizedEvents?.specificEvents ?? [] },
    };
    this.webhooks.set(hook.id, hook);
    return hook;
  }

  /** One event to every enabled webhook that asked for it. */
  publish(type: string, fields: Record<string, unknown>) {
    for (const hook of this.webhooks.values()) {
      if (!hook.enabled || !(hook.authorizedEvents.everything || hook.authorizedEvents.specificEvents.includes(type))) continue;
      const deliveryId = base58Id();
      const payload = { deliveryId, webhookId: hook.id, originalDeliveryId: deliveryId, isRedelivery: false, type, timestamp: nowSeconds(), ...fields };
      const schema = EVENT_SCHEMAS[type];
      if (schema) this.violations.push(...this.contract.validateSchema(schema, payload).map((v) => `webhook ${type}: ${v}`));
      this.enqueue(hook, payload, false);
    }
  }

  /** A manual redelivery: new deliveryId, same payload and timestamp, originalDeliveryId kept, isRedelivery true. */
  redeliver(deliveryId: string): string {
    const first = this.deliveries.find((d) => d.deliveryId === deliveryId);
    if (!first) throw new Error(`no delivery ${deliveryId}`);
    const hook = this.webhooks.get(first.webhookId)!;
    const newId = base58Id();
    this.enqueue(hook, { ...first.payload, deliveryId: newId, isRedelivery: true }, true);
    return newId;
  }

  /** Resolves once every queued delivery has been answered (or has failed). */
  async settled(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  private enqueue(hook: Webhook, payload: Record<string, any>, redelivery: boolean) {
    const body = JSON.stringify(payload, null, 2);
    const delivery: Delivery = {
      deliveryId: payload.deliveryId,
      webhookId: hook.id,
      originalDeliveryId: payload.originalDeliveryId,
      isRedelivery: payload.isRedelivery,
      type: payload.type,
      payload,
      body,
      status: this.lose && !redelivery ? 'Lost' : 'Queued',
      httpCode: null,
    };
    this.deliveries.push(delivery);
    if (delivery.status === 'Lost') return;
    this.queue = this.queue.then(() => this.send(hook, delivery));
  }

  private async send(hook: Webhook, delivery: Delivery) {
    delivery.status = 'Sending';
    const signature = 'sha256=' + createHmac('sha256', Buffer.from(hook.secret, 'utf8')).update(Buffer.from(delivery.body, 'utf8')).digest('hex');
    const request = new Request(hook.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'BTCPay-Sig': signature, 'User-Agent': 'BTCPayServer' },
      body: delivery.body,
    });
    try {
      const res = this.deliver ? await this.deliver(request) : await fetch(request, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer().catch(() => undefined);
      delivery.httpCode = res.status;
      delivery.status = res.ok ? 'HttpSuccess' : 'HttpError';
    } catch (e) {
      delivery.status = 'Failed';
      delivery.error = e instanceof Error ? e.message : String(e);
    }
  }
}
