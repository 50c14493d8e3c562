import { beforeAll, describe, expect, test } from 'bun:test';
import { BASE, call, fromPeer, LOOPBACK, makeApp, page, type TestApp } from '../../tests/helpers/app';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import { qrSvg } from './qr';

let app: TestApp;
let alice: TestPlayer;
beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
});

const cookie = (p: TestPlayer = alice) => ({ cookie: `token=${p.token}` });
const props = (doc: string, island: string) => JSON.parse(new RegExp(`data-island="${island}"[^>]*><script type="application/json">(.*?)</script>`, 's').exec(doc)![1]!);
const form = (fields: Record<string, string>, p: TestPlayer = alice) =>
  app.handle(fromPeer(new Request(BASE + '/deposit-bitcoin', {
    method: 'POST', redirect: 'manual',
    headers: { ...cookie(p), origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _token: formTokenOf(app, p), ...fields }).toString(),
  }), LOOPBACK));

describe('/deposit-bitcoin with a deposit', () => {
  test('the no-script form creates a deposit and goes to its page; the page shows its state, BTC amount and BIP21 QR', async () => {
    const r = await form({ _action: 'create', _key: 'k-page-1', amount: '$25.00' });
    expect(r.status).toBe(303);
    const location = new URL(r.headers.get('location')!, BASE);
    expect(location.pathname).toBe('/deposit-bitcoin');
    const id = location.searchParams.get('deposit')!;
    // Only the deposit's id travels in the URL: the page reads its destinations from the deposit itself.
    expect([...location.searchParams.keys()]).toEqual(['deposit']);
    // The same key again (a double submit) is the same deposit.
    expect((await form({ _action: 'create', _key: 'k-page-1', amount: '25' })).headers.get('location')).toBe(r.headers.get('location'));

    const doc = await (await page(app, location.pathname + location.search, cookie(), LOOPBACK)).text();
    const p = props(doc, 'DepositStatus');
    expect(p.deposit).toMatchObject({ id, amountCents: 2500, btcAmount: '0.00050000', status: 'pending', creditedCents: 0 });
    expect(p.addresses.map((a: any) => a.method)).toEqual(['lightning', 'onchain']);
    const onchain = p.addresses.find((a: any) => a.method === 'onchain');
    expect(onchain.qrSvg).toBe(await qrSvg(`bitcoin:${onchain.address}?amount=0.00050000`));
    expect(doc).toContain('Send exactly <strong>0.00050000<!-- --> BTC</strong>');
    expect(props(doc, 'DepositSimulator')).toEqual({ depositId: id, action: `/deposit-bitcoin?deposit=${id}`, formToken: formTokenOf(app, alice), arrived: 'none' });
  });

  test('a bookmark with only ?deposit= shows the real state on first render, after payment too', async () => {
    const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '12' }, { token: alice.token })).json.data;
    await call(app, 'POST', `/api/v1/sandbox/deposits/${d.depositId}/simulate`, { action: 'pay' }, { token: alice.token, peer: LOOPBACK });
    const doc = await (await page(app, `/deposit-bitcoin?deposit=${d.depositId}`, cookie())).text();
    expect(props(doc, 'DepositStatus').deposit).toMatchObject({ status: 'completed', creditedCents: 1200 });
    expect(doc).toContain('Paid — $12.00 is in your wallet');
  });

  test('a refused amount re-renders the form with the message under the field and the value kept; nothing is made', async () => {
    const before = (await app.deps.database.client.execute('SELECT count(*) AS n FROM deposits')).rows[0]!.n;
    const r = await form({ _action: 'create', amount: '1.234' });
    expect(r.status).toBe(400);
    const doc = await r.text();
    expect(doc).toContain('<p class="field-error" id="deposit-page-amount-error" role="alert">Use at most two decimals (cents).</p>');
    expect(doc).toContain('value="1.234"');
    const zero = await (await form({ _action: 'create', amount: '$0' })).text();
    expect(zero).toContain('<p class="field-error" id="deposit-page-amount-error" role="alert">Please enter a valid amount greater than 0</p>');
    expect(doc).toContain('aria-invalid="true"');
    expect((await app.deps.database.client.execute('SELECT count(*) AS n FROM deposits')).rows[0]!.n).toBe(before);
  });

  test('paid after its invoice expired and still confirming: nothing anywhere invites paying it again', async () => {
    const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '30' }, { token: alice.token })).json.data;
    const history = async () => (await page(app, '/transactions?type=DEPOSIT', cookie())).text();
    // The deposit's row of the table (its invoice is named in it).
    const row = (doc: string) => {
      const at = doc.indexOf(`Invoice ${d.invoiceId}`);
      return doc.slice(doc.lastIndexOf('<tr>', at), doc.indexOf('</tr>', at));
    };
    // Waiting for its payment, it is one tap from where to pay.
    expect(row(await history())).toContain(`href="/deposit-bitcoin?deposit=${d.depositId}">Pay this deposit</a>`);
    const panelOf = async () => {
      const doc = await (await page(app, `/deposit-bitcoin?deposit=${d.depositId}`, cookie(), LOOPBACK)).text();
      const panel = doc.slice(doc.indexOf('data-island="DepositSimulator"'));
      return { doc, props: props(doc, 'DepositSimulator'), buttons: [...panel.matchAll(/<button[^>]*name="simulate"[^>]*>(?:<span[^>]*><\/span>)?([^<]*)<\/button>/g)].map((x) => x[1]) };
    };
    expect((await panelOf()).buttons).toEqual(['Pay in full', 'Pay part', 'Overpay', 'Pay after expiry', 'On-chain: received', 'On-chain: confirm']);
    await form({ _action: 'simulate', depositId: d.depositId, simulate: 'pay-late' });
    await app.deps.deposits.idle();
    expect((await call(app, 'GET', `/api/v1/btc/deposit/${d.depositId}`, undefined, { token: alice.token })).json.data).toMatchObject({ status: 'pending', credited: 0, processing: 30 });

    // History: still pending (the money is on its way), said to be confirming, and a link to see it, not to pay it.
    const late = row(await history());
    expect(late).toContain('Arrived late, after the invoice expired');
    expect(late).toContain('Payment received, waiting for confirmation');
    expect(late).toContain('>pending</span>');
    expect(late).not.toContain('Pay this deposit');
    expect(late).toContain(`href="/deposit-bitcoin?deposit=${d.depositId}">See this deposit</a>`);
    const listed = (await call(app, 'GET', '/api/v1/transaction/transaction-List/DEPOSIT', undefined, { token: alice.token })).json.TransactionList;
    expect(listed.find((t: { depositId?: string }) => t.depositId === d.depositId)).toMatchObject({ transactionStatus: 'pending', late: true, paymentReceived: true });

    // The deposit page says what arrived and that it is confirming, with nothing to pay; the sandbox's panel pays
    // only a second payment, by that name, or confirms the one on its way.
    const { doc, props: simulator, buttons } = await panelOf();
    expect(doc).toContain('Payment $30.00 received, waiting for confirmation.');
    expect(props(doc, 'DepositStatus').addresses).toEqual([]);
    expect(simulator.arrived).toBe('confirming');
    expect(buttons).toEqual(['On-chain: confirm', 'Simulate a second payment']);
    expect(doc).not.toContain('Pay in full');

    // Confirmed: paid, and the panel is the second payment's alone.
    await form({ _action: 'simulate', depositId: d.depositId, simulate: 'confirm' });
    await app.deps.deposits.idle();
    expect((await panelOf()).buttons).toEqual(['Simulate a second payment']);
    expect(row(await history())).not.toContain('Payment received, waiting for confirmation');
  });

  test('the simulate form pays by hand and comes back with a flash', async () => {
    const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '8' }, { token: alice.token })).json.data;
    const r = await form({ _action: 'simulate', depositId: d.depositId, simulate: 'pay' });
    expect(r.status).toBe(303);
    expect(r.headers.get('set-cookie')).toStartWith('flash=');
    expect((await call(app, 'GET', `/api/v1/btc/deposit/${d.depositId}`, undefined, { token: alice.token })).json.data.credited).toBe(8);
  });
});

describe('sandbox controls do not exist with BTCPay or in production', () => {
  test('no simulate route and no panel when the sandbox is not in use', async () => {
    const prod = await makeApp({ NODE_ENV: 'production' });
    const p = await createPlayer(prod);
    const d = (await call(prod, 'POST', '/api/v1/btc/create-deposit-request', { amount: '5' }, { token: p.token })).json.data;
    expect((await call(prod, 'POST', `/api/v1/sandbox/deposits/${d.depositId}/simulate`, { action: 'pay' }, { token: p.token, peer: LOOPBACK })).status).toBe(404);
    const doc = await (await page(prod, `/deposit-bitcoin?deposit=${d.depositId}`, cookie(p), LOOPBACK)).text();
    expect(doc).toContain('data-island="DepositStatus"');
    expect(doc).not.toContain('DepositSimulator');
  });
});
