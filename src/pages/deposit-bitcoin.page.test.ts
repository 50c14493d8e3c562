import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { EXPIRED_QR_TEXT } from '../../islands/_ui/deposit-timer';
import { MAX_ADDRESS_CHARS } from './deposit-bitcoin.page';
import { qrSvg } from './qr';

let app: TestApp;
let alice: TestPlayer;

// Realistic destinations: a regtest BOLT11 invoice longer than 100 characters, and a regtest bech32 address.
const INVOICE =
  'lnbcrt50u1pnxyz7npp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpusp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qrsgq';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
});

const query = (q: Record<string, string>) => '/deposit-bitcoin?' + new URLSearchParams(q).toString();
async function html(path: string) {
  const res = await page(app, path, { cookie: `token=${alice.token}` });
  expect(res.status).toBe(200);
  return res.text();
}
/** The island's server-rendered tabs, in order, with whether each is selected. */
const tabs = (doc: string) => [...doc.matchAll(/role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]+)</g)].map((m) => `${m[2]}${m[1] === 'true' ? '*' : ''}`);
/** The island's JSON props block. */
const props = (doc: string) => JSON.parse(/data-island="DepositStatus"[^>]*><script type="application\/json">(.*?)<\/script>/s.exec(doc)![1]!);

describe('/deposit-bitcoin', () => {
  test('a visitor is sent to / with the whole attempted location remembered', async () => {
    const path = query({ lightningAddress: INVOICE, onchainAddress: ADDRESS });
    const res = await page(app, path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  test('both addresses: two tabs with Lightning selected, both QR codes and the hidden expired QR drawn on the server', async () => {
    const doc = await html(query({ lightningAddress: INVOICE, onchainAddress: ADDRESS }));
    expect(doc).toContain('<title>Bitcoin Deposit | ');
    expect(doc).toMatch(/<h1[^>]*>Deposit with CashApp \/ Bitcoin<\/h1>/);
    expect(tabs(doc)).toEqual(['BTC Lightning*', 'BTC OnChain']);
    // Each QR is the one for its own address, 256 px black on white.
    for (const text of [INVOICE, ADDRESS, EXPIRED_QR_TEXT]) expect(doc).toContain(await qrSvg(text));
    expect(await qrSvg(ADDRESS)).toMatch(/^<svg[^>]*width="256" height="256"[\s\S]*fill="#ffffff"[\s\S]*stroke="#000000"/);
    expect(doc).toMatch(/<div class="deposit-qr is-expired" role="img" aria-label="Expired QR code" hidden="">/);
    expect(doc).toContain('Invoice expires in <span role="timer" class="deposit-clock">30:00</span>');
    expect(doc).toMatch(/<a class="btn btn-ghost" href="\/deposit-bitcoin" data-deposit-open="">New Deposit<\/a>/);
    expect(doc).toContain('How to deposit with Bitcoin or Cash App');
    expect(doc).not.toContain('with card');
    expect(doc).toContain('Send crypto only to this address');
    expect(doc).toContain('A new address is given for every');
    expect(doc).toMatch(/<script type="module" src="\/build\/DepositStatus-[a-z0-9]+\.js"><\/script>/);
  });

  test('the address is shown cut at 100 characters with an ellipsis; the island gets the whole of it to copy', async () => {
    expect(INVOICE.length).toBeGreaterThan(100);
    const doc = await html(query({ lightningAddress: INVOICE }));
    expect(doc).toContain(`<code class="deposit-address">${INVOICE.slice(0, 100)}…</code>`);
    expect(doc).not.toContain(`<code class="deposit-address">${INVOICE}`);
    expect(props(doc).addresses).toEqual([{ method: 'lightning', address: INVOICE, qrSvg: await qrSvg(INVOICE) }]);
    const short = await html(query({ onchainAddress: ADDRESS }));
    expect(short).toContain(`<code class="deposit-address">${ADDRESS}</code>`);
  });

  test('only an on-chain address: one OnChain tab, selected, and no countdown or expired QR', async () => {
    const doc = await html(query({ onchainAddress: ADDRESS }));
    expect(tabs(doc)).toEqual(['BTC OnChain*']);
    expect(doc).not.toContain('role="timer"');
    expect(doc).not.toContain(await qrSvg(EXPIRED_QR_TEXT));
    expect(props(doc).expiredQrSvg).toBeNull();
  });

  test('only a Lightning destination (an invoice, a URI or a lightning address): one Lightning tab', async () => {
    for (const ln of [INVOICE.toUpperCase(), `lightning:${INVOICE}`, 'satoshi.tips+btc@pay.example.com']) {
      const doc = await html(query({ lightningAddress: ln }));
      expect(tabs(doc)).toEqual(['BTC Lightning*']);
      expect(props(doc).addresses[0].address).toBe(ln);
    }
  });

  test.each([
    ['markup', '<script>alert(1)</script>'],
    ['a URL', 'https://evil.example/pay'],
    ['spaces', 'lnbc 1 2 3'],
    ['a BIP21 query', `bitcoin:${ADDRESS}?amount=1`],
    ['too long', 'lnbc' + 'q'.repeat(MAX_ADDRESS_CHARS - 3)],
  ])('a bad value (%s) is ignored as if absent', async (_, bad) => {
    const doc = await html(query({ lightningAddress: bad, onchainAddress: ADDRESS }));
    expect(tabs(doc)).toEqual(['BTC OnChain*']);
    expect(doc).not.toContain(bad.slice(0, 40).replace(/</g, '&lt;'));
    expect(doc).not.toContain(bad.slice(0, 40));
    const alone = await html(query({ onchainAddress: bad }));
    expect(alone).toContain('Confirm Deposit');
    expect(alone).not.toContain('data-island="DepositStatus"');
  });

  test('an address of exactly the maximum length is still accepted', async () => {
    const longest = 'lnbc' + 'q'.repeat(MAX_ADDRESS_CHARS - 4);
    const doc = await html(query({ lightningAddress: longest }));
    expect(props(doc).addresses[0].address).toBe(longest);
  });

  test('with no address at all: the deposit form as a plain HTML form, and no deposit island', async () => {
    for (const path of ['/deposit-bitcoin', query({ lightningAddress: '', onchainAddress: '' })]) {
      const doc = await html(path);
      expect(doc).toMatch(/<form class="form deposit-form"[^>]* action="\/deposit-bitcoin" method="post">/);
      expect(doc).toContain('<input type="hidden" name="_action" value="create"/>');
      expect(doc).toContain('<button type="submit" class="btn btn-primary btn-block">Confirm Deposit</button>');
      expect(doc).not.toContain('data-island="DepositStatus"');
      expect(doc).not.toContain('<svg xmlns="http://www.w3.org/2000/svg" width="256"');
    }
  });
});
