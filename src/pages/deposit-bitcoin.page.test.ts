import { beforeAll, describe, expect, test } from 'bun:test';
import { call, LOOPBACK, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { qrSvg } from './qr';

let app: TestApp;
let alice: TestPlayer;

// An attacker's destinations, as a link on our own domain would carry them.
const FOREIGN_INVOICE = 'lnbcrt50u1pattackerqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3';
const FOREIGN_ADDRESS = 'bcrt1qattacker0000000000000000000000000000000';

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
});

const query = (q: Record<string, string>) => '/deposit-bitcoin?' + new URLSearchParams(q).toString();
const get = (path: string, p: TestPlayer = alice) => page(app, path, { cookie: `token=${p.token}` });
async function html(path: string, p: TestPlayer = alice) {
  const res = await get(path, p);
  expect(res.status).toBe(200);
  return res.text();
}
/** The island's server-rendered tabs, in order, with whether each is selected. */
const tabs = (doc: string) => [...doc.matchAll(/role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]+)</g)].map((m) => `${m[2]}${m[1] === 'true' ? '*' : ''}`);
/** The island's JSON props block. */
const props = (doc: string) => JSON.parse(/data-island="DepositStatus"[^>]*><script type="application\/json">(.*?)<\/script>/s.exec(doc)![1]!);

async function newDeposit(dollars: string, p: TestPlayer = alice) {
  return (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: dollars }, { token: p.token })).json.data as {
    depositId: string; invoiceId: string; btcAmount: string; payment_methods: { paymentMethodId: string; destination: string }[];
  };
}
const destination = (d: Awaited<ReturnType<typeof newDeposit>>, id: string) => d.payment_methods.find((m) => m.paymentMethodId === id)!.destination;
const simulate = (id: string, action: string) => call(app, 'POST', `/api/v1/sandbox/deposits/${id}/simulate`, { action }, { token: alice.token, peer: LOOPBACK });

describe('/deposit-bitcoin shows only the signed-in player\'s own deposit', () => {
  test('a visitor is sent to sign in with the whole attempted location remembered', async () => {
    const path = query({ deposit: 'abc' });
    const res = await page(app, path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  test('addresses in the query string are never shown: without a deposit id it is the deposit form', async () => {
    const doc = await html(query({ lightningAddress: FOREIGN_INVOICE, onchainAddress: FOREIGN_ADDRESS }));
    expect(doc).not.toContain(FOREIGN_INVOICE);
    expect(doc).not.toContain(FOREIGN_ADDRESS);
    expect(doc).not.toContain('data-island="DepositStatus"');
    expect(doc).not.toContain('<svg xmlns="http://www.w3.org/2000/svg" width="256"');
    expect(doc).toMatch(/<form class="form deposit-form"[^>]* action="\/deposit-bitcoin" method="post">/);
    expect(doc).toContain('Confirm Deposit');
  });

  test('with the own deposit id too, foreign addresses in the query are ignored and the deposit\'s own are shown', async () => {
    const d = await newDeposit('50');
    const doc = await html(query({ deposit: d.depositId, lightningAddress: FOREIGN_INVOICE, onchainAddress: FOREIGN_ADDRESS }));
    expect(doc).not.toContain(FOREIGN_INVOICE);
    expect(doc).not.toContain(FOREIGN_ADDRESS);
    const ln = destination(d, 'BTC-LN');
    const chain = destination(d, 'BTC-CHAIN');
    expect(tabs(doc)).toEqual(['BTC Lightning*', 'BTC OnChain']);
    expect(doc).toContain(await qrSvg(`lightning:${ln}`));
    expect(doc).toContain(await qrSvg(`bitcoin:${chain}?amount=${d.btcAmount}`));
    // The whole invoice is on the page (not cut), and each tab opens a wallet on the same phone.
    expect(doc).toContain(`<code class="deposit-address" id="deposit-address-lightning">${ln}</code>`);
    expect(doc).toContain(`href="lightning:${ln}"`);
    expect(doc).toContain(`href="bitcoin:${chain}?amount=${d.btcAmount}"`);
    expect(doc).toContain(`Send exactly <strong>${d.btcAmount}<!-- --> BTC</strong>`);
    expect(doc).toContain('Invoice expires in <span role="timer" class="deposit-clock">');
    expect(doc).not.toContain('with card');
    // Each tab in its own words: the Lightning tab speaks of an invoice, the on-chain tab of an address.
    const lightning = doc.slice(doc.indexOf('id="deposit-panel-lightning"'), doc.indexOf('id="deposit-panel-onchain"'));
    expect(lightning).toContain('Pay the Lightning invoice below');
    expect(lightning).toContain('Pay only this invoice');
    expect(lightning.replace(/<[^>]*>/g, ' ')).not.toMatch(/\baddress\b/i);
    expect(doc).toContain('Send crypto only to this address');
    expect(doc).toContain('How to deposit with Bitcoin or Cash App');
    expect(doc).toMatch(/<script type="application\/json" id="island-modules">[^<]*"DepositStatus":"\/build\/DepositStatus\.island-[a-z0-9]+\.js"/);
    expect(props(doc).deposit).toMatchObject({ id: d.depositId, amountCents: 5_000, status: 'pending' });
  });

  test("another player's deposit id is a 404 that shows nothing of it", async () => {
    const d = await newDeposit('12');
    const bob = await createPlayer(app);
    const res = await get(query({ deposit: d.depositId }), bob);
    expect(res.status).toBe(404);
    const doc = await res.text();
    expect(doc).not.toContain(d.invoiceId);
    expect(doc).not.toContain(destination(d, 'BTC-LN'));
    expect(doc).not.toContain(destination(d, 'BTC-CHAIN'));
    expect(doc).not.toContain('data-island="DepositStatus"');
    expect(doc).toContain('There is no deposit of yours at this link.');
    // An id that is nobody's is the same 404.
    expect((await get(query({ deposit: 'no-such-deposit' }))).status).toBe(404);
  });
});

describe('/deposit-bitcoin says what happened to the money on first render', () => {
  test('paid: the news at the top, no QR, no amount to send, no timer', async () => {
    const d = await newDeposit('50');
    await simulate(d.depositId, 'pay');
    const doc = await html(query({ deposit: d.depositId }));
    expect(doc).toContain('Paid — $50.00 is in your wallet');
    expect(doc).toMatch(/<a class="btn btn-primary" href="\/home#transfer">Play now<\/a>/);
    expect(doc).toMatch(/<a class="btn btn-ghost" href="\/transactions\?type=DEPOSIT">See history<\/a>/);
    expect(doc).not.toContain('role="timer"');
    expect(doc).not.toContain('Send exactly');
    expect(doc).not.toContain('deposit-qr');
    expect(doc).not.toContain('Send crypto only to this address');
    // The news comes before anything else of the deposit.
    expect(doc.indexOf('Paid — ')).toBeLessThan(doc.indexOf('class="deposit-facts"'));
  });

  test('partly paid: what is still due at the top', async () => {
    const d = await newDeposit('20');
    await simulate(d.depositId, 'pay-part');
    const doc = await html(query({ deposit: d.depositId }));
    expect(doc).toContain('Still to pay: $10.00');
    expect(doc).toContain('$10.00 of your $20.00 deposit has arrived and is in your wallet.');
  });

  test('expired: no QR to pay and a button for a new deposit', async () => {
    const d = await newDeposit('30');
    await app.deps.database.client.execute({ sql: 'UPDATE deposits SET expires_at = ? WHERE id = ?', args: [Date.now() - 1_000, d.depositId] });
    const doc = await html(query({ deposit: d.depositId }));
    expect(doc).toContain('This deposit expired before any payment arrived.');
    expect(doc).not.toContain('deposit-qr');
    expect(doc).not.toContain('role="timer"');
    expect(doc).not.toContain(destination(d, 'BTC-LN'));
    expect(doc).toMatch(/<a class="btn btn-primary" href="\/deposit-bitcoin" data-deposit-open="">New Deposit<\/a>/);
  });
});
