import type { Contract } from './contract';
import { type Answer, type InvoiceBook, invoiceWire, paymentMethodsWire } from './invoices';
import { grants, OPERATION_PERMISSION } from './permissions';
import type { PayoutBook } from './payouts';
import type { WebhookHub } from './webhooks';

export type RouteState = {
  contract: Contract;
  apiKey: string;
  storeId: string;
  permissions: string[];
  label: string;
  speedPolicy: string;
  invoices: InvoiceBook;
  payouts: PayoutBook;
  hub: WebhookHub;
  violations: string[];
  requests: { method: string; path: string; status: number }[];
  baseUrl: () => string;
  /** The store's on-chain wallet (BTC decimal strings); null: the store has no on-chain wallet set up. */
  wallet: { confirmed: string; unconfirmed: string } | null;
  /** The store's Lightning node: its channel balances in millisatoshi, 'none' (not configured) or 'down' (unreachable). */
  lightning: { localMsat: string; remoteMsat: string } | 'none' | 'down';
};

const problem = (status: number, code: string, message: string): Answer => ({ status, json: { code, message } });

/** One Greenfield request: contract check, auth, permission, then the operation. */
export async function route(req: Request, s: RouteState): Promise<Response> {
  const url = new URL(req.url);
  const raw = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
  const { operation, pathParams, violations } = s.contract.check(req.method, url, raw, req.headers.get('content-type'));
  s.violations.push(...violations);
  const answer = ((): Answer => {
    if (!operation) return problem(404, 'not-found', 'No such route');
    if (req.headers.get('authorization') !== `token ${s.apiKey}`) return problem(401, 'unauthenticated', 'Authentication is required for accessing this endpoint');
    if (violations.length) return problem(400, 'contract-violation', violations.join('; '));
    const body = raw ? JSON.parse(raw) : {};
    const permission = OPERATION_PERMISSION[operation.operationId];
    if (permission === undefined) return problem(501, 'not-modelled', `The BTCPay double does not serve ${operation.operationId}`);
    const storeId = pathParams.storeId ?? s.storeId;
    const needed = [permission, ...(operation.operationId === 'Payouts_CreatePayoutThroughStore' && body.approved === true ? ['btcpay.store.cancreatepullpayments'] : [])];
    for (const p of needed) if (p && !grants(s.permissions, p, storeId)) return { status: 403, json: { code: 'missing-permission', message: `Missing permission ${p}`, missingPermission: p } };
    if (storeId !== s.storeId) return problem(404, 'store-not-found', 'Store not found');
    return dispatch(operation.operationId, pathParams, url, body, s);
  })();
  s.requests.push({ method: req.method, path: url.pathname + url.search, status: answer.status });
  return answer.json === undefined ? new Response(null, { status: answer.status }) : Response.json(answer.json, { status: answer.status });
}

function dispatch(operationId: string, params: Record<string, string>, url: URL, body: any, s: RouteState): Answer {
  const q = url.searchParams;
  const invoice = () => {
    const inv = s.invoices.invoices.get(params.invoiceId!);
    return inv && inv.storeId === s.storeId ? inv : null;
  };
  const payout = () => s.payouts.payouts.get(params.payoutId!) ?? null;
  const hook = () => s.hub.webhooks.get(params.webhookId!) ?? null;
  const noInvoice = problem(404, 'invoice-not-found', 'The invoice was not found');
  const noPayout = problem(404, 'payout-not-found', 'The payout was not found');
  const noHook = problem(404, 'webhook-not-found', 'The webhook was not found');
  switch (operationId) {
    case 'ApiKeys_GetCurrentApiKey':
      return { status: 200, json: { apiKey: s.apiKey, label: s.label, permissions: s.permissions } };
    case 'Invoices_CreateInvoice': {
      const a = s.invoices.create(body);
      return a.status === 200 ? { status: 200, json: invoiceWire(s.invoices.invoices.get((a.json as any).id)!, s.baseUrl()) } : a;
    }
    case 'Invoices_GetInvoice': {
      const inv = invoice();
      if (!inv) return noInvoice;
      const json: any = invoiceWire(inv, s.baseUrl());
      if (q.get('includePaymentMethods') === 'true') json.paymentMethods = paymentMethodsWire(inv, true);
      return { status: 200, json };
    }
    case 'Invoices_GetInvoicePaymentMethods': {
      const inv = invoice();
      return inv ? { status: 200, json: paymentMethodsWire(inv, q.get('onlyAccountedPayments') !== 'false') } : noInvoice;
    }
    case 'Invoices_GetInvoices': {
      const orderIds = q.getAll('orderId');
      const statuses = q.getAll('status');
      const list = [...s.invoices.invoices.values()]
        .reverse()
        .filter((i) => !orderIds.length || orderIds.includes(String(i.metadata.orderId)))
        .filter((i) => !statuses.length || statuses.includes(i.status))
        .sort((a, b) => b.createdTime - a.createdTime); // newest first (stable: within a second, later first)
      const skip = Number(q.get('skip') ?? 0);
      const take = q.has('take') ? Number(q.get('take')) : list.length;
      return { status: 200, json: list.slice(skip, skip + take).map((i) => invoiceWire(i, s.baseUrl())) };
    }
    case 'Stores_GetStoreRates': {
      const pairs = q.getAll('currencyPair');
      return { status: 200, json: (pairs.length ? pairs : ['BTC_USD']).map((pair) => (pair === 'BTC_USD' ? { currencyPair: pair, errors: [], rate: s.invoices.rate } : { currencyPair: pair, errors: [`No rate for ${pair}`], rate: null })) };
    }
    case 'Payouts_CreatePayoutThroughStore':
      return s.payouts.create(body);
    case 'PullPayments_GetStorePayouts':
      return { status: 200, json: s.payouts.list(q.get('includeCancelled') === 'true') };
    case 'GetStorePayout': {
      const p = payout();
      return p ? { status: 200, json: s.payouts.wire(p) } : noPayout;
    }
    case 'PullPayments_ApprovePayout': {
      const p = payout();
      return p ? s.payouts.approve(p, body) : noPayout;
    }
    case 'PullPayments_CancelPayout': {
      const p = payout();
      return p ? s.payouts.cancel(p) : noPayout;
    }
    case 'StoreOnChainWallets_ShowOnChainWalletOverview': {
      // GreenfieldStoreOnChainWalletsController: 404 when the store has no wallet for the method.
      if (params.paymentMethodId !== 'BTC-CHAIN' || !s.wallet) return problem(404, 'wallet-not-found', 'The wallet was not found');
      const w = s.wallet;
      return checked(s, 'OnChainWalletOverviewData', { balance: addBtc(w.confirmed, w.unconfirmed), unconfirmedBalance: w.unconfirmed, confirmedBalance: w.confirmed });
    }
    case 'StoreLightningNodeApi_GetBalance': {
      if (params.cryptoCode !== 'BTC' || s.lightning === 'none') return problem(404, 'lightning-not-configured', 'The lightning node configuration was not found');
      if (s.lightning === 'down') return problem(503, 'lightning-node-unavailable', 'Unable to access the lightning node');
      const { localMsat, remoteMsat } = s.lightning;
      return checked(s, 'LightningNodeBalanceData', { onchain: { confirmed: '0', unconfirmed: '0', reserved: '0' }, offchain: { opening: '0', local: localMsat, remote: remoteMsat, closing: '0' } });
    }
    case 'Stores_GetStore':
      return { status: 200, json: { id: s.storeId, name: s.label, website: null, defaultCurrency: 'USD', invoiceExpiration: 1800, archived: false, speedPolicy: s.speedPolicy } };
    case 'Webhooks_CreateWebhook': {
      if (typeof body.url !== 'string' || !URL.canParse(body.url)) return { status: 422, json: [{ path: 'url', message: 'url should be an absolute URL' }] };
      const h = s.hub.register(body);
      return { status: 200, json: { ...hookWire(h), secret: h.secret } };
    }
    case 'Webhooks_GetWebhooks':
      return { status: 200, json: [...s.hub.webhooks.values()].map(hookWire) };
    case 'Webhooks_GetWebhook': {
      const h = hook();
      return h ? { status: 200, json: hookWire(h) } : noHook;
    }
    case 'Webhooks_DeleteWebhook': {
      const h = hook();
      if (!h) return noHook;
      s.hub.webhooks.delete(h.id);
      return { status: 200 };
    }
  }
  return problem(501, 'not-modelled', `The BTCPay double does not serve ${operationId}`);
}

/** An answer held to the contract's schema for it: a double that drifts from BTCPay fails its tests too. */
function checked(s: RouteState, schema: string, json: unknown): Answer {
  s.violations.push(...s.contract.validateSchema(schema, json).map((v) => `answer ${schema}: ${v}`));
  return { status: 200, json };
}

/** Two BTC decimal strings added exactly (to the satoshi), as the wallet overview's total. */
function addBtc(a: string, b: string): string {
  const sats = (x: string) => {
    const [whole, frac = ''] = x.split('.');
    return BigInt(whole! + frac.padEnd(8, '0').slice(0, 8));
  };
  const t = (sats(a) + sats(b)).toString().padStart(9, '0');
  return `${t.slice(0, -8)}.${t.slice(-8)}`;
}

// The secret is returned only when the webhook is created (GreenfieldStoreWebhooksController).
const hookWire = (h: { id: string; url: string; enabled: boolean; automaticRedelivery: boolean; authorizedEvents: object }) => ({
  id: h.id,
  url: h.url,
  enabled: h.enabled,
  automaticRedelivery: h.automaticRedelivery,
  authorizedEvents: h.authorizedEvents,
});
