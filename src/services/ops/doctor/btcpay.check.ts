import type { Config } from '../../../config';
import { createBtcpayStoreAdmin, WEBHOOK_EVENTS } from '../../payments/btcpay/btcpay.webhooks';
import { type CheckResult, reason, result, skipped } from './check';

/**
 * The BTCPay store as Coinreel needs it: the key readable and holding every permission, the store there, and a
 * webhook registered for PUBLIC_URL that is enabled and sends every event we handle.
 */
export async function checkBtcpay(config: Config, timeoutMs = 10_000): Promise<CheckResult> {
  const name = 'BTCPay Server';
  if (!config.BTCPAY_URL || !config.BTCPAY_API_KEY || !config.BTCPAY_STORE_ID) return skipped(name, 'not configured: deposits and payouts use the sandbox');
  const admin = createBtcpayStoreAdmin({ url: config.BTCPAY_URL, apiKey: config.BTCPAY_API_KEY, storeId: config.BTCPAY_STORE_ID, timeoutMs });
  const hookUrl = `${config.publicUrl}/api/v1/webhooks/btcpay`;
  const problems = [];
  const key = await admin.checkKey();
  if (key.error)
    return result(name, [{ problem: `The API key could not be read at ${config.BTCPAY_URL}: ${key.error}.`, fix: 'Check BTCPAY_URL (reachable from this machine) and BTCPAY_API_KEY (Account → API Keys in BTCPay).' }], '');
  if (key.missing.length)
    problems.push({ problem: `The API key lacks ${key.missing.join(', ')} on store ${config.BTCPAY_STORE_ID}.`, fix: 'In BTCPay (Account → API Keys) make a key with these permissions for this store, set BTCPAY_API_KEY, restart.' });
  try {
    const store = await admin.getStore();
    if (!store)
      problems.push({ problem: `BTCPay has no store ${config.BTCPAY_STORE_ID}.`, fix: 'Set BTCPAY_STORE_ID to the id shown in the store\'s settings in BTCPay.' });
    // HighSpeed settles an on-chain payment at 0 confirmations: it is credited before it can no longer be double-spent.
    else if (store.speedPolicy === 'HighSpeed')
      problems.push({
        problem: `The store credits on-chain payments with 0 confirmations (speedPolicy HighSpeed): a payment can be credited and then double-spent, leaving the player in debt.`,
        fix: 'In BTCPay (Store → Settings → Checkout: "Consider the invoice settled when the payment transaction …") choose at least 1 confirmation (MediumSpeed).',
      });
  } catch (e) {
    problems.push({ problem: `The store ${config.BTCPAY_STORE_ID} could not be read: ${reason(e)}.`, fix: 'Check BTCPAY_STORE_ID and that the key is for this store.' });
  }
  try {
    const hooks = (await admin.listWebhooks()).filter((h) => h.url === hookUrl);
    if (!hooks.length)
      problems.push({ problem: `No webhook of the store points at ${hookUrl}: payments would only be noticed by reconciliation, every RECONCILE_INTERVAL_S.`, fix: 'Run coinreel btcpay setup (npm run btcpay:setup in a checkout) with PUBLIC_URL set as players reach the site, then set the BTCPAY_WEBHOOK_SECRET it prints.' });
    else if (!hooks.some((h) => h.enabled))
      problems.push({ problem: `The webhook for ${hookUrl} is disabled in BTCPay.`, fix: 'Enable it in the store\'s settings (Webhooks) in BTCPay.' });
    else {
      const best = hooks.find((h) => h.enabled)!;
      const lacking = best.events === 'everything' ? [] : WEBHOOK_EVENTS.filter((e) => !best.events.includes(e));
      if (lacking.length) problems.push({ problem: `The webhook for ${hookUrl} does not send ${lacking.join(', ')}.`, fix: 'Run coinreel btcpay setup --replace (npm run btcpay:setup -- --replace in a checkout) and set the new BTCPAY_WEBHOOK_SECRET it prints.' });
    }
  } catch (e) {
    problems.push({ problem: `The store's webhooks could not be listed: ${reason(e)}.`, fix: 'Grant the key btcpay.store.webhooks.canmodifywebhooks for this store.' });
  }
  return result(name, problems, `${config.BTCPAY_URL}, store ${config.BTCPAY_STORE_ID}, webhook ${hookUrl}`);
}
