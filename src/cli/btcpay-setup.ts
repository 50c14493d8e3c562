// `coinreel btcpay setup` (and `npm run btcpay:setup`): prepares a BTCPay Server store for Coinreel: checks the API
// key's permissions and registers the webhook, printing the BTCPAY_WEBHOOK_SECRET line to set.
import { ConfigError, loadConfig } from '../config';
import { PaymentsError } from '../services/payments/payments.port';
import { createBtcpayStoreAdmin, WEBHOOK_EVENTS } from '../services/payments/btcpay/btcpay.webhooks';
import { type Command, parseOptions } from './command';

const usage = `usage: coinreel btcpay setup [--replace]

Checks that BTCPAY_API_KEY has every permission Coinreel needs on BTCPAY_STORE_ID and registers the webhook for
PUBLIC_URL/api/v1/webhooks/btcpay, then prints the BTCPAY_WEBHOOK_SECRET line to put in the site's environment.
  --replace  delete the existing webhook for this site and create it again (a new secret)
Needs BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and PUBLIC_URL. From a checkout: npm run btcpay:setup`;

class SetupFailed extends Error {
  constructor(readonly lines: string[]) {
    super(lines[0]);
  }
}

async function run(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { replace: { type: 'boolean', default: false } });
  try {
    await setup(values.replace!);
    return 0;
  } catch (e) {
    if (!(e instanceof SetupFailed)) throw e;
    for (const line of e.lines) console.error(line);
    return 1;
  }
}

async function setup(replace: boolean): Promise<void> {
  const fail = (lines: string[]): never => {
    throw new SetupFailed(lines);
  };
  const unset = ['BTCPAY_URL', 'BTCPAY_API_KEY', 'BTCPAY_STORE_ID', 'PUBLIC_URL'].filter((name) => !process.env[name]);
  if (unset.length) fail([`Set ${unset.join(', ')} in the environment first.`, 'BTCPAY_URL: the server, BTCPAY_API_KEY: a Greenfield API key, BTCPAY_STORE_ID: the store, PUBLIC_URL: this site as BTCPay reaches it.']);
  let config: ReturnType<typeof loadConfig>;
  try {
    // The webhook secret is what this command produces, so it may not be set yet; the rest is checked as at start-up.
    config = loadConfig({ ...process.env, BTCPAY_WEBHOOK_SECRET: process.env.BTCPAY_WEBHOOK_SECRET || 'set-by-btcpay-setup' });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    return fail([e.message]);
  }
  const { BTCPAY_URL: url, BTCPAY_API_KEY: apiKey, BTCPAY_STORE_ID: storeId } = config;
  const admin = createBtcpayStoreAdmin({ url: url!, apiKey: apiKey!, storeId: storeId!, timeoutMs: 15_000 });
  const webhookUrl = `${config.publicUrl}/api/v1/webhooks/btcpay`;
  try {
    console.log(`BTCPay Server ${url}, store ${storeId}`);
    const key = await admin.checkKey();
    if (key.error) fail([`The API key could not be checked: ${key.error}`]);
    if (!key.ok) fail(['The API key lacks these permissions (grant them for this store, then run this again):', ...key.missing.map((p) => `  ${p}`)]);
    console.log('API key: every permission Coinreel needs is granted.');

    const existing = (await admin.listWebhooks()).filter((h) => h.url === webhookUrl);
    if (existing.length && !replace) {
      for (const h of existing) {
        const lacking = h.events === 'everything' ? [] : WEBHOOK_EVENTS.filter((e) => !h.events.includes(e));
        console.log(`A webhook for ${webhookUrl} already exists (id ${h.id}${h.enabled ? '' : ', disabled'}).${lacking.length ? ` It does not receive: ${lacking.join(', ')}.` : ''}`);
      }
      console.log('BTCPay shows a webhook secret only when the webhook is created. If BTCPAY_WEBHOOK_SECRET already holds it, nothing more is needed.');
      console.log('To delete it and create a new one with a new secret, run: coinreel btcpay setup --replace');
      return;
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
    if (e instanceof SetupFailed) throw e;
    fail([e instanceof PaymentsError ? e.message : `Unexpected error: ${e instanceof Error ? e.name : 'error'}`]);
  }
}

export const command: Command = { usage, run };
