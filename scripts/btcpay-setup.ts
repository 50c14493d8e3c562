// Prepares a BTCPay Server store for Coinreel: checks the API key's permissions and registers the webhook.
//   bun run btcpay:setup               register the webhook, print the BTCPAY_WEBHOOK_SECRET line to set
//   bun run btcpay:setup -- --replace  delete the existing webhook for this site and create it again (new secret)
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config';
import { PaymentsError } from '../src/services/payments/payments.port';
import { createBtcpayStoreAdmin, WEBHOOK_EVENTS } from '../src/services/payments/btcpay/btcpay.webhooks';

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { replace: { type: 'boolean', default: false } } });

const fail = (lines: string[]): never => {
  for (const line of lines) console.error(line);
  process.exit(1);
};

const NEEDED = ['BTCPAY_URL', 'BTCPAY_API_KEY', 'BTCPAY_STORE_ID', 'PUBLIC_URL'];
const unset = NEEDED.filter((name) => !process.env[name]);
if (unset.length) fail([`Set ${unset.join(', ')} in the environment first.`, 'BTCPAY_URL: the server, BTCPAY_API_KEY: a Greenfield API key, BTCPAY_STORE_ID: the store, PUBLIC_URL: this site as BTCPay reaches it.']);

let config: ReturnType<typeof loadConfig>;
try {
  // The webhook secret is what this command produces, so it may not be set yet; the rest is checked as at start-up.
  config = loadConfig({ ...process.env, BTCPAY_WEBHOOK_SECRET: process.env.BTCPAY_WEBHOOK_SECRET || 'set-by-btcpay-setup' });
} catch (e) {
  fail([e instanceof ConfigError ? e.message : String(e)]);
}
const { BTCPAY_URL: url, BTCPAY_API_KEY: apiKey, BTCPAY_STORE_ID: storeId } = config!;
const admin = createBtcpayStoreAdmin({ url: url!, apiKey: apiKey!, storeId: storeId!, timeoutMs: 15_000 });
const webhookUrl = `${config!.publicUrl}/api/v1/webhooks/btcpay`;

try {
  console.log(`BTCPay Server ${url}, store ${storeId}`);
  const key = await admin.checkKey();
  if (key.error) fail([`The API key could not be checked: ${key.error}`]);
  if (!key.ok)
    fail([
      'The API key lacks these permissions (grant them for this store, then run this again):',
      ...key.missing.map((p) => `  ${p}`),
    ]);
  console.log('API key: every permission Coinreel needs is granted.');

  const existing = (await admin.listWebhooks()).filter((h) => h.url === webhookUrl);
  if (existing.length && !values.replace) {
    for (const h of existing) {
      const lacking = h.events === 'everything' ? [] : WEBHOOK_EVENTS.filter((e) => !h.events.includes(e));
      console.log(`A webhook for ${webhookUrl} already exists (id ${h.id}${h.enabled ? '' : ', disabled'}).${lacking.length ? ` It does not receive: ${lacking.join(', ')}.` : ''}`);
    }
    console.log('BTCPay shows a webhook secret only when the webhook is created. If BTCPAY_WEBHOOK_SECRET already holds it, nothing more is needed.');
    console.log('To delete it and create a new one with a new secret, run: npm run btcpay:setup -- --replace');
    process.exit(0);
  }
  for (const h of existing) {
    await admin.deleteWebhook(h.id);
    console.log(`Deleted the webhook ${h.id} for ${webhookUrl}.`);
  }
  const created = await admin.registerWebhook(webhookUrl, WEBHOOK_EVENTS);
  console.log(`Registered the webhook ${created.id} for ${webhookUrl} (${WEBHOOK_EVENTS.join(', ')}).`);
  if (!webhookUrl.startsWith('https://')) console.log('Note: PUBLIC_URL is not https; BTCPay must be able to reach this address.');
  console.log('Set this in the site’s environment and restart it:');
  console.log(`BTCPAY_WEBHOOK_SECRET=${created.secret}`);
} catch (e) {
  fail([e instanceof PaymentsError ? e.message : `Unexpected error: ${e instanceof Error ? e.name : 'error'}`]);
}
