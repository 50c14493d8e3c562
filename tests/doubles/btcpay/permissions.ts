/**
 * What BTCPay's code enforces per operation (contract README section 1, "Code" column) and how permissions include
 * one another (BTCPayServerServices.cs). Kept apart from the adapter's own table so a mistake there shows up here.
 */
const INCLUDES: Record<string, string[]> = {
  'btcpay.store.canmodifystoresettings': [
    'btcpay.store.canmanagepullpayments',
    'btcpay.store.canmodifyinvoices',
    'btcpay.store.canviewstoresettings',
    'btcpay.store.webhooks.canmodifywebhooks',
    'btcpay.store.canmanagepayouts',
    'btcpay.store.canuselightningnode',
  ],
  // The store wallet's permissions stand apart (a key with "Modify your stores" alone may not read the wallet).
  'btcpay.store.canmanagewallettransactions': ['btcpay.store.canviewwallet'],
  'btcpay.store.canmodifyinvoices': ['btcpay.store.canviewinvoices', 'btcpay.store.cancreateinvoice'],
  'btcpay.store.canmanagepullpayments': ['btcpay.store.cancreatepullpayments', 'btcpay.store.canarchivepullpayments'],
  'btcpay.store.cancreatepullpayments': ['btcpay.store.cancreatenonapprovedpullpayments'],
  'btcpay.store.canmanagepayouts': ['btcpay.store.canviewpayouts'],
};

export const OPERATION_PERMISSION: Record<string, string | null> = {
  ApiKeys_GetCurrentApiKey: null,
  Invoices_CreateInvoice: 'btcpay.store.cancreateinvoice',
  Invoices_GetInvoices: 'btcpay.store.canviewinvoices',
  Invoices_GetInvoice: 'btcpay.store.canviewinvoices',
  Invoices_GetInvoicePaymentMethods: 'btcpay.store.canviewinvoices',
  Stores_GetStore: 'btcpay.store.canviewstoresettings',
  Stores_GetStoreRates: 'btcpay.store.canviewstoresettings',
  Payouts_CreatePayoutThroughStore: 'btcpay.store.cancreatenonapprovedpullpayments',
  PullPayments_GetStorePayouts: 'btcpay.store.canviewpayouts',
  GetStorePayout: 'btcpay.store.canviewpayouts',
  PullPayments_ApprovePayout: 'btcpay.store.canmanagepayouts',
  PullPayments_CancelPayout: 'btcpay.store.canmanagepayouts',
  Webhooks_GetWebhooks: 'btcpay.store.webhooks.canmodifywebhooks',
  Webhooks_CreateWebhook: 'btcpay.store.webhooks.canmodifywebhooks',
  Webhooks_GetWebhook: 'btcpay.store.webhooks.canmodifywebhooks',
  Webhooks_DeleteWebhook: 'btcpay.store.webhooks.canmodifywebhooks',
  StoreOnChainWallets_ShowOnChainWalletOverview: 'btcpay.store.canviewwallet',
  StoreLightningNodeApi_GetBalance: 'btcpay.store.canuselightningnode',
};

/** Does a key holding `held` have `wanted` on `storeId`? */
export function grants(held: string[], wanted: string, storeId: string): boolean {
  const have = new Set<string>();
  const add = (p: string) => {
    if (have.has(p)) return;
    have.add(p);
    (INCLUDES[p] ?? []).forEach(add);
  };
  for (const entry of held) {
    if (entry === 'unrestricted') return true;
    const [name, scope] = entry.split(':');
    if (!scope || scope === storeId) add(name!);
  }
  return have.has(wanted);
}
