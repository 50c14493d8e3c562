/** The store permissions Coinreel's API key needs (grant them scoped to the store). */
export const REQUIRED_PERMISSIONS = [
  'btcpay.store.cancreateinvoice',
  'btcpay.store.canviewinvoices',
  'btcpay.store.webhooks.canmodifywebhooks',
  'btcpay.store.cancreatepullpayments',
  'btcpay.store.canmanagepayouts',
  'btcpay.store.canviewstoresettings',
] as const;

/**
 * Which permissions include which (BTCPay's BTCPayServerServices.cs, contract README section 1): a key with
 * "Modify your stores" needs nothing else. Note canmanagepullpayments does not include canmanagepayouts.
 */
const INCLUDES: Record<string, string[]> = {
  'btcpay.store.canmodifystoresettings': [
    'btcpay.store.canmanagepullpayments',
    'btcpay.store.canmodifyinvoices',
    'btcpay.store.canviewstoresettings',
    'btcpay.store.webhooks.canmodifywebhooks',
    'btcpay.store.canmanagepayouts',
  ],
  'btcpay.store.canmodifyinvoices': ['btcpay.store.canviewinvoices', 'btcpay.store.cancreateinvoice'],
  'btcpay.store.canmanagepullpayments': ['btcpay.store.cancreatepullpayments', 'btcpay.store.canarchivepullpayments'],
  'btcpay.store.cancreatepullpayments': ['btcpay.store.cancreatenonapprovedpullpayments'],
  'btcpay.store.canmanagepayouts': ['btcpay.store.canviewpayouts'],
};

/** The required permissions a key holding `held` lacks on `storeId` (unscoped entries count for every store). */
export function missingPermissions(held: string[], storeId: string): string[] {
  if (held.includes('unrestricted')) return [];
  const granted = new Set<string>();
  const grant = (p: string) => {
    if (granted.has(p)) return;
    granted.add(p);
    for (const included of INCLUDES[p] ?? []) grant(included);
  };
  for (const entry of held) {
    const at = entry.indexOf(':');
    const [name, scope] = at < 0 ? [entry, null] : [entry.slice(0, at), entry.slice(at + 1)];
    if (scope === null || scope === storeId) grant(name);
  }
  return REQUIRED_PERMISSIONS.filter((p) => !granted.has(p));
}
