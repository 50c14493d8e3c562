import { btcForCents } from '../btc-amount';
import type { InvoicePayment, PaymentMethodId } from '../payments.port';
import { signBtcpayBody } from '../webhook-signature';
import { paidCents, randomHex, recompute, type SandboxInvoice } from './sandbox-invoice';
import type { SandboxProvider } from './sandbox.provider';

/** What the deposit page's Simulate payment panel offers (outside production only). */
export const SIMULATE_ACTIONS = ['pay', 'pay-part', 'overpay', 'pay-late', 'received', 'confirm'] as const;
export type SimulateAction = (typeof SIMULATE_ACTIONS)[number];

type Event = Record<string, unknown> & { type: string };

/**
 * Pays sandbox invoices by hand and tells the site as BTCPay would: signed webhook deliveries (indented JSON,
 * `BTCPay-Sig`) posted to the same endpoint, in BTCPay's order (a Lightning payment settles before it is "received").
 * `deliver` hands each request to the app, so the signature check and crediting code are the real ones.
 */
export function createSandboxSimulator(sandbox: SandboxProvider, deliver: (req: Request) => Promise<Response>, webhookUrl: string) {
  async function post(fields: Record<string, unknown>) {
    const deliveryId = randomHex(12);
    const body = JSON.stringify({ deliveryId, webhookId: 'sandbox', originalDeliveryId: deliveryId, isRedelivery: false, timestamp: Math.floor(sandbox.now() / 1000), storeId: 'sandbox', ...fields }, null, 2);
    await deliver(new Request(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'btcpay-sig': signBtcpayBody(sandbox.webhookSecret, body) }, body }));
  }
  async function send(s: SandboxInvoice, events: Event[]) {
    for (const e of events) await post({ invoiceId: s.invoice.id, metadata: { orderId: s.invoice.orderId }, ...e });
  }

  const method = (s: SandboxInvoice, id: PaymentMethodId) => s.methods.find((m) => m.paymentMethodId === id) ?? s.methods[0]!;
  const dueCents = (s: SandboxInvoice) => Math.max(0, s.amountCents - paidCents(s).all);

  /** Adds a payment of `cents` and returns the events BTCPay would send for it. */
  function pay(s: SandboxInvoice, via: PaymentMethodId, cents: number): Event[] {
    const m = method(s, via);
    const value = btcForCents(cents, s.rate);
    const p: InvoicePayment = { id: via === 'BTC-LN' ? randomHex(32) : `${randomHex(32)}-0`, receivedAt: Math.floor(sandbox.now()), value, fee: '0.00000000',
      status: m.paymentMethodId === 'BTC-LN' ? 'Settled' : 'Processing', destination: m.destination };
    const before = s.invoice.status;
    m.payments.push(p);
    recompute(s, sandbox.now());
    const late = s.invoice.status === 'Expired';
    const base = { afterExpiration: late, paymentMethodId: m.paymentMethodId, payment: p };
    const events: Event[] = p.status === 'Settled'
      ? [{ type: 'InvoicePaymentSettled', ...base }, { type: 'InvoiceReceivedPayment', ...base }]
      : [{ type: 'InvoiceReceivedPayment', ...base }];
    return [...events, ...statusEvents(s, before)];
  }

  function statusEvents(s: SandboxInvoice, before: string): Event[] {
    const over = s.invoice.additionalStatus === 'PaidOver';
    if (s.invoice.status === before) return [];
    if (s.invoice.status === 'Processing') return [{ type: 'InvoiceProcessing', overPaid: over }];
    if (s.invoice.status === 'Settled') return [{ type: 'InvoiceSettled', manuallyMarked: false, overPaid: over }];
    if (s.invoice.status === 'Expired') return [{ type: 'InvoiceExpired', partiallyPaid: paidCents(s).all > 0 }];
    return [];
  }

  return {
    /**
     * Completes each approved payout `delayMs` after it was made, as a payout processor would, on a timer: called for
     * a payout as it is approved, and at start-up for those a stopped or crashed process left unsent.
     */
    completeLater(payoutId: string, delayMs: number): void {
      setTimeout(() => void this.payout(payoutId, 'Completed').catch(() => {}), Math.max(0, delayMs)).unref?.();
    },
    async resumePayouts(delayMs: number): Promise<number> {
      const waiting = await sandbox.awaitingPayment();
      // At least a second on: the site that hears of them (the webhook) is still starting when this runs.
      for (const p of waiting) this.completeLater(p.id, Math.max(1_000, p.createdAt + delayMs - sandbox.now()));
      return waiting.length;
    },
    /** Completes or cancels a sandbox payout and tells the site with a PayoutUpdated delivery, as BTCPay does. */
    async payout(payoutId: string, to: 'Completed' | 'Cancelled'): Promise<boolean> {
      const p = await sandbox.advancePayout(payoutId, to);
      if (p) await post({ type: 'PayoutUpdated', payoutId: p.id, pullPaymentId: null, payoutState: p.state });
      return p !== null;
    },
    async simulate(invoiceId: string, action: SimulateAction): Promise<void> {
      const s = await sandbox.load(invoiceId);
      if (!s) throw new Error('sandbox: unknown invoice');
      const events: Event[] = [];
      const due = dueCents(s) || s.amountCents;
      if (action === 'pay') events.push(...pay(s, 'BTC-LN', due));
      else if (action === 'pay-part') events.push(...pay(s, 'BTC-LN', Math.max(1, Math.floor(due / 2))));
      else if (action === 'overpay') events.push(...pay(s, 'BTC-LN', due + Math.max(1, Math.round(s.amountCents / 5))));
      else if (action === 'received') events.push(...pay(s, 'BTC-CHAIN', due));
      else if (action === 'pay-late') {
        const before = s.invoice.status;
        s.invoice.expiresAt = Math.min(s.invoice.expiresAt, sandbox.now() - 1);
        recompute(s, sandbox.now());
        events.push(...statusEvents(s, before), ...pay(s, 'BTC-CHAIN', due));
      } else if (action === 'confirm') {
        const before = s.invoice.status;
        for (const m of s.methods)
          for (const p of m.payments.filter((x) => x.status === 'Processing')) {
            p.status = 'Settled';
            events.push({ type: 'InvoicePaymentSettled', afterExpiration: s.invoice.status === 'Expired', paymentMethodId: m.paymentMethodId, payment: p });
          }
        recompute(s, sandbox.now());
        events.push(...statusEvents(s, before));
      }
      await sandbox.save(s);
      await send(s, events);
    },
  };
}
export type SandboxSimulator = ReturnType<typeof createSandboxSimulator>;

