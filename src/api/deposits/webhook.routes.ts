import type { Client } from '@libsql/client';
import { Elysia } from 'elysia';
import { AppError } from '../../lib/app-error';
import type { WebhookOutcome } from '../../lib/site-metrics';
import type { DepositService } from '../../services/payments/deposit-service';
import { markDeliveryHandled, recordDelivery } from '../../services/payments/webhook-deliveries';
import { verifyBtcpaySignature } from '../../services/payments/webhook-signature';

type WebhookDeps = { client: Client; deposits: DepositService; webhookSecret: () => string; onPayout?: (payoutId: string) => Promise<unknown>; outcome?: (o: WebhookOutcome) => void };

type Delivery = { deliveryId?: unknown; originalDeliveryId?: unknown; type?: unknown; invoiceId?: unknown; payoutId?: unknown };
const text = (v: unknown, max = 200) => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : null);

/**
 * BTCPay's webhook (contract README §5). The signature is checked on the raw bytes before anything is parsed; a
 * delivery already handled (by its original id, so redeliveries count) is acknowledged and skipped. The answer is
 * 200 at once, unknown invoices and event types included, so BTCPay's queue keeps moving; the work — re-reading
 * the invoice from BTCPay and crediting what it says — runs after. The delivery table only spares repeated work:
 * two instances handed the same delivery at once may both do it, and the ledger's unique externalRef (one credit
 * per invoice payment, one settlement per hold) decides, never memory.
 */
export const webhookRoutes = (d: WebhookDeps) =>
  new Elysia({ name: 'webhook-routes' }).post('/webhooks/btcpay', async ({ request }) => {
    const raw = new Uint8Array(await request.arrayBuffer());
    const count = d.outcome ?? (() => {});
    if (!verifyBtcpaySignature(d.webhookSecret(), raw, request.headers.get('btcpay-sig'))) {
      count('bad_signature');
      throw new AppError(401, 'Invalid webhook signature', 'BAD_SIGNATURE');
    }
    let e: Delivery;
    try {
      e = JSON.parse(new TextDecoder().decode(raw)) as Delivery;
    } catch {
      count('bad_body');
      throw AppError.invalid([{ field: 'body', message: 'Body must be JSON' }]);
    }
    const id = text(e?.originalDeliveryId) ?? text(e?.deliveryId);
    const type = text(e?.type, 64) ?? 'unknown';
    if (!id) {
      count('ignored');
      return { success: true, ignored: true };
    }
    const at = Date.now();
    if ((await recordDelivery(d.client, id, type, at)).handled) {
      count('duplicate');
      return { success: true, duplicate: true };
    }
    count('accepted');
    const handled = () => markDeliveryHandled(d.client, id);
    const invoiceId = text(e.invoiceId);
    const payoutId = text(e.payoutId);
    // A delivery whose work fails stays unhandled, so BTCPay's redelivery (or reconciliation) tries it again.
    if (type.startsWith('Invoice') && invoiceId) d.deposits.syncLater(invoiceId, handled);
    else if (type.startsWith('Payout') && payoutId && d.onPayout) d.deposits.later(() => d.onPayout!(payoutId).then(handled));
    else await handled();
    return { success: true };
  }, { parse: 'none' });
