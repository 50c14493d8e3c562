import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { type BtcpayDouble, COINREEL_PERMISSIONS, startBtcpayDouble } from '../tests/doubles/btcpay';

const root = resolve(import.meta.dir, '..');
const PUBLIC_URL = 'https://wallet.example.com';
const HOOK_URL = `${PUBLIC_URL}/api/v1/webhooks/btcpay`;
let double: BtcpayDouble;

beforeEach(async () => {
  double = await startBtcpayDouble();
});
afterEach(async () => {
  await double.close();
  expect(double.violations).toEqual([]);
});

/** Runs the command as an operator would; async so this process's double can answer it. */
async function run(args: string[] = [], env: Record<string, string> = {}) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('BTCPAY_') && k !== 'PUBLIC_URL'));
  const full = { ...base, NODE_ENV: 'test', BTCPAY_URL: double.url, BTCPAY_API_KEY: double.apiKey, BTCPAY_STORE_ID: double.storeId, PUBLIC_URL, ...env };
  const p = Bun.spawn([process.execPath, 'scripts/btcpay-setup.ts', ...args], { cwd: root, env: Object.fromEntries(Object.entries(full).filter(([, v]) => v !== '')), stdout: 'pipe', stderr: 'pipe' });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  expect(out + err).not.toContain(double.apiKey);
  return { code, out, err };
}
const secretLine = (out: string) => /^BTCPAY_WEBHOOK_SECRET=(\S+)$/m.exec(out)?.[1];

describe('bun run btcpay:setup', () => {
  test('registers the webhook for our events at PUBLIC_URL and prints the secret to set', async () => {
    const r = await run();
    expect(r.code).toBe(0);
    const secret = secretLine(r.out);
    expect(secret).toBeTruthy();
    const created = double.requests.find((q) => q.method === 'POST')!;
    expect(created).toMatchObject({ path: `/api/v1/stores/${double.storeId}/webhooks`, status: 200 });
    const listed = await (await fetch(`${double.url}/api/v1/stores/${double.storeId}/webhooks`, { headers: { authorization: `token ${double.apiKey}` } })).json();
    expect(listed).toEqual([
      {
        id: expect.any(String),
        url: HOOK_URL,
        enabled: true,
        automaticRedelivery: true,
        authorizedEvents: { everything: false, specificEvents: ['InvoiceReceivedPayment', 'InvoicePaymentSettled', 'InvoiceProcessing', 'InvoiceSettled', 'InvoiceExpired', 'InvoiceInvalid', 'PayoutCreated', 'PayoutApproved', 'PayoutUpdated'] },
      },
    ]);
    // The printed secret is the one BTCPay holds for this webhook, so deliveries will verify.
    expect(double.webhooks().map((h) => h.secret)).toEqual([secret!]);
  });

  test('an existing webhook for this site is left alone without --replace, and re-created with it', async () => {
    const first = await run();
    const firstSecret = secretLine(first.out);
    const again = await run();
    expect(again.code).toBe(0);
    expect(again.out).toContain(`A webhook for ${HOOK_URL} already exists`);
    expect(again.out).toContain('--replace');
    expect(secretLine(again.out)).toBeUndefined();
    expect(double.requests.filter((q) => q.method === 'DELETE' || q.method === 'POST')).toHaveLength(1);

    const replaced = await run(['--replace']);
    expect(replaced.code).toBe(0);
    expect(replaced.out).toContain('Deleted the webhook');
    const newSecret = secretLine(replaced.out);
    expect(newSecret).toBeTruthy();
    expect(newSecret).not.toBe(firstSecret);
    const listed = await (await fetch(`${double.url}/api/v1/stores/${double.storeId}/webhooks`, { headers: { authorization: `token ${double.apiKey}` } })).json();
    expect(listed).toHaveLength(1);
  });

  test('missing permissions are listed plainly, and nothing is registered', async () => {
    double.setPermissions(COINREEL_PERMISSIONS.filter((p) => p !== 'btcpay.store.canmanagepayouts' && p !== 'btcpay.store.webhooks.canmodifywebhooks').map((p) => `${p}:${double.storeId}`));
    const r = await run();
    expect(r.code).toBe(1);
    expect(r.err).toContain('btcpay.store.webhooks.canmodifywebhooks');
    expect(r.err).toContain('btcpay.store.canmanagepayouts');
    expect(r.err).not.toContain('btcpay.store.cancreateinvoice');
    expect(double.requests.filter((q) => q.method === 'POST')).toEqual([]);
  });

  test('missing variables are named and the command stops; a refused key is reported without the key', async () => {
    const r = await run([], { BTCPAY_API_KEY: '', PUBLIC_URL: '' });
    expect(r.code).toBe(1);
    expect(r.err).toContain('BTCPAY_API_KEY');
    expect(r.err).toContain('PUBLIC_URL');
    expect(r.err).not.toContain('BTCPAY_URL,');
    expect(double.requests).toEqual([]);
    const refused = await run([], { BTCPAY_API_KEY: 'not-the-key-0000' });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('not accepted');
    expect(refused.err).not.toContain('not-the-key-0000');
  });
});
