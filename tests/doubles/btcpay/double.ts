import { loadContract } from './contract';
import { base58Id, hex } from './ids';
import { InvoiceBook, type MethodId, type StoredInvoice } from './invoices';
import { PayoutBook, type StoredPayout } from './payouts';
import { route, type RouteState } from './routes';
import { type Deliver, type Delivery, type Webhook, WebhookHub } from './webhooks';

export type BtcpayDoubleOptions = {
  apiKey?: string;
  storeId?: string;
  /** Deliveries go here by real HTTP POST… */
  webhookUrl?: string;
  /**
   * …or are handed to this function (e.g. an in-process app's `handle`), which then carries every delivery, also
   * those of webhooks registered through the API. Failed deliveries are not retried by themselves: use redeliver.
   */
  deliver?: Deliver;
  /** Secret of the webhook registered at start when webhookUrl or deliver is given. */
  webhookSecret?: string;
  /** USD per BTC; default 50000. */
  rate?: number | string;
  /** What GET /api-keys/current reports and what the double enforces; default: what Coinreel needs, on this store. */
  permissions?: string[];
  /** Payment methods enabled on the store; default BTC-CHAIN and BTC-LN. */
  storeMethods?: MethodId[];
  /** The store's speedPolicy (confirmations before an on-chain payment settles); default MediumSpeed. */
  speedPolicy?: 'HighSpeed' | 'MediumSpeed' | 'LowMediumSpeed' | 'LowSpeed';
  /** The store's on-chain wallet balances (BTC); default 1.5 confirmed and 0.1 unconfirmed; null: no wallet. */
  wallet?: { confirmed: string; unconfirmed: string } | null;
  /** The store's Lightning node: local and remote channel balances (msat), 'none' or 'down'; default 0.25 BTC local. */
  lightning?: { localMsat: string; remoteMsat: string } | 'none' | 'down';
  /** Send PayoutData.date as a string, as the contract documents it, instead of the number the code sends. */
  payoutDateAsString?: boolean;
};

export type BtcpayDouble = {
  url: string;
  apiKey: string;
  storeId: string;
  /** Secret of the webhook registered at start ('' when none was). */
  webhookSecret: string;
  /** Requests that broke the contract, and webhook payloads that did: tests expect none. */
  violations: string[];
  requests: { method: string; path: string; status: number }[];
  deliveries: Delivery[];
  /** Registered webhooks, secrets included (what BTCPay keeps, not what its API shows). */
  webhooks(): Webhook[];
  invoice(id: string): StoredInvoice;
  payout(id: string): StoredPayout;
  payLightning(invoiceId: string, btc?: string): string;
  payOnchain(invoiceId: string, btc?: string): string;
  confirm(paymentId: string): void;
  replace(paymentId: string): void;
  /** A settled payment double-spent after a reorganisation: Invalid, and its invoice too (InvoiceInvalid). */
  invalidate(paymentId: string): void;
  /** The store's operator marks an invoice Invalid (additionalStatus Marked, InvoiceInvalid). */
  markInvalid(invoiceId: string): void;
  setSpeedPolicy(policy: NonNullable<BtcpayDoubleOptions['speedPolicy']>): void;
  expire(invoiceId: string): boolean;
  endMonitoring(invoiceId: string): boolean;
  setRate(usdPerBtc: number | string): void;
  setPermissions(permissions: string[]): void;
  /** What the store's wallet holds (confirmed, unconfirmed BTC), or null for no wallet. */
  setWallet(wallet: { confirmed: string; unconfirmed: string } | null): void;
  setLightning(lightning: { localMsat: string; remoteMsat: string } | 'none' | 'down'): void;
  failNextInvoiceMethod(method: MethodId): void;
  refuseNextInvoice(): void;
  /** true: answer 503; 'refuse': stop listening, so connections are refused; false: back up on the same port. */
  setDown(down: boolean | 'refuse'): Promise<void>;
  setDelay(ms: number): void;
  failNextPayout(code: 'duplicate-destination' | 'overdraft' | string, message?: string): void;
  /**
   * true: payout requests (create, list, read) are carried out but their answers are lost: the connection stays
   * silent until the client gives up (a proxy or network dropping responses). false: answered again.
   */
  losePayoutAnswers(lose: boolean): void;
  payoutInProgress(payoutId: string, proof?: Record<string, unknown>): void;
  completePayout(payoutId: string, proof?: Record<string, unknown>): void;
  redeliver(deliveryId: string): string;
  loseDeliveries(lose: boolean): void;
  settled(): Promise<void>;
  close(): Promise<void>;
};

export const COINREEL_PERMISSIONS = [
  'btcpay.store.cancreateinvoice',
  'btcpay.store.canviewinvoices',
  'btcpay.store.webhooks.canmodifywebhooks',
  'btcpay.store.cancreatepullpayments',
  'btcpay.store.canmanagepayouts',
  'btcpay.store.canviewstoresettings',
];

/** What a key needs besides, to show the store's reserves beside the proof of liabilities (README, BTCPay Server). */
export const RESERVES_PERMISSIONS = ['btcpay.store.canviewwallet', 'btcpay.store.canuselightningnode'];

/** A local BTCPay Server (Greenfield API) on 127.0.0.1, keeping everything in memory. */
export async function startBtcpayDouble(opts: BtcpayDoubleOptions = {}): Promise<BtcpayDouble> {
  const contract = loadContract();
  const storeId = opts.storeId ?? base58Id(44);
  const apiKey = opts.apiKey ?? hex(20);
  const violations: string[] = [];
  const hub = new WebhookHub(contract, violations, opts.deliver);
  const publishInvoice = (type: string, inv: StoredInvoice, extra: Record<string, unknown> = {}) => hub.publish(type, { storeId: inv.storeId, invoiceId: inv.id, metadata: inv.metadata, ...extra });
  const invoices = new InvoiceBook(storeId, opts.storeMethods ?? ['BTC-CHAIN', 'BTC-LN'], publishInvoice);
  if (opts.rate !== undefined) invoices.rate = String(opts.rate);
  const payouts = new PayoutBook(storeId, (type, p) => hub.publish(type, { storeId: p.storeId, payoutId: p.id, pullPaymentId: null, payoutState: p.state }), opts.payoutDateAsString ?? false);
  const initial = opts.webhookUrl || opts.deliver ? hub.register({ url: opts.webhookUrl ?? 'http://localhost:3000/api/v1/webhooks/btcpay', secret: opts.webhookSecret }) : null;

  let down: boolean | 'refuse' = false;
  let delayMs = 0;
  let losePayoutAnswers = false;
  let releaseLost: () => void = () => {};
  const lost = new Promise<void>((resolve) => (releaseLost = resolve));
  const state: RouteState = {
    contract,
    apiKey,
    storeId,
    permissions: opts.permissions ?? [...COINREEL_PERMISSIONS, ...RESERVES_PERMISSIONS].map((p) => `${p}:${storeId}`),
    label: 'Coinreel',
    speedPolicy: opts.speedPolicy ?? 'MediumSpeed',
    invoices,
    payouts,
    hub,
    violations,
    requests: [],
    baseUrl: () => `http://127.0.0.1:${port}`,
    wallet: opts.wallet === undefined ? { confirmed: '1.50000000', unconfirmed: '0.10000000' } : opts.wallet,
    lightning: opts.lightning ?? { localMsat: '25000000000', remoteMsat: '5000000000' },
  };
  const serve = (p: number): ReturnType<typeof Bun.serve> =>
    Bun.serve({
      hostname: '127.0.0.1',
      port: p,
      async fetch(req) {
        if (delayMs) await Bun.sleep(delayMs);
        if (down) return Response.json({ code: 'service-unavailable', message: 'BTCPay Server is down' }, { status: 503 });
        const lose = losePayoutAnswers && new URL(req.url).pathname.includes('/payouts');
        const answer = await route(req, state);
        if (!lose) return answer;
        await lost;
        return Response.json({ code: 'gateway-timeout', message: 'The answer was lost' }, { status: 504 });
      },
    });
  let server = serve(0);
  const port = server.port!;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    storeId,
    webhookSecret: initial?.secret ?? '',
    violations,
    requests: state.requests,
    deliveries: hub.deliveries,
    webhooks: () => [...hub.webhooks.values()],
    invoice: (id) => invoices.find(id),
    payout: (id) => payouts.payouts.get(id) ?? raise(`no payout ${id}`),
    payLightning: (id, btc) => invoices.payLightning(id, btc),
    payOnchain: (id, btc) => invoices.payOnchain(id, btc),
    confirm: (paymentId) => invoices.confirm(paymentId),
    replace: (paymentId) => invoices.replace(paymentId),
    invalidate: (paymentId) => invoices.invalidate(paymentId),
    markInvalid: (id) => invoices.markInvalid(id),
    setSpeedPolicy: (policy) => void (state.speedPolicy = policy),
    expire: (id) => invoices.expire(id),
    endMonitoring: (id) => invoices.endMonitoring(id),
    setRate: (rate) => void (invoices.rate = String(rate)),
    setPermissions: (permissions) => void (state.permissions = permissions),
    setWallet: (wallet) => void (state.wallet = wallet),
    setLightning: (lightning) => void (state.lightning = lightning),
    failNextInvoiceMethod: (method) => void (invoices.dropNextMethod = method),
    refuseNextInvoice: () => void (invoices.refuseNext = true),
    async setDown(value) {
      if (value === 'refuse' && down !== 'refuse') await server.stop(true);
      if (value !== 'refuse' && down === 'refuse') server = serve(port);
      down = value;
    },
    setDelay: (ms) => void (delayMs = ms),
    failNextPayout: (code, message) => void (payouts.nextError = { code, message: message ?? defaultMessage(code) }),
    losePayoutAnswers: (lose) => void (losePayoutAnswers = lose),
    payoutInProgress: (id, proof) => payouts.advance(id, 'InProgress', proof),
    completePayout: (id, proof) => payouts.advance(id, 'Completed', proof),
    redeliver: (deliveryId) => hub.redeliver(deliveryId),
    loseDeliveries: (lose) => void (hub.lose = lose),
    settled: () => hub.settled(),
    async close() {
      releaseLost();
      await hub.settled();
      if (down !== 'refuse') await server.stop(true);
    },
  };
}

const raise = (message: string): never => {
  throw new Error(message);
};

const defaultMessage = (code: string) =>
  code === 'duplicate-destination' ? 'This destination is already used by another payout' : code === 'overdraft' ? 'The payout amount exceeds the available balance' : 'The payout was refused';
