import { beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { fund } from '../../tests/helpers/money';
import { createPlayer, formTokenOf, type TestPlayer } from '../../tests/helpers/players';
import { historyRow } from '../services/wallet/history';
import { sendCredits } from '../services/wallet/p2p';
import { cents } from '../shared/money';

let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;
const COMMUNITY = 'https://t.me/coinreel_test';

beforeAll(async () => {
  app = await makeApp({ COMMUNITY_URL: COMMUNITY });
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  await fund(app, alice.userId, 123_456);
  // A wallet → game transfer row, as the games feature writes them, so the first tab has something to show.
  await app.deps.database.client.execute(
    historyRow({ userId: alice.userId, type: 'TRANSFER', direction: 'out', status: 'completed', amountCents: 2_500, transferId: 'tr-1', gameName: 'Ultra Panda', gameId: 'ultra-panda', orderId: 'ORD-77' }, Date.now()),
  );
  await sendCredits(app.deps.database.client, app.deps.ledger, alice, bob.email, cents(456));
});

const as = (p: TestPlayer, path: string) => page(app, path, { cookie: `token=${p.token}` });

describe('wallet pages', () => {
  test.each(['/transactions', '/p2p-transfer', '/notifications'])('%s sends a visitor to / remembering the path', async (path) => {
    const res = await page(app, path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(path)}`);
  });

  test('a revoked session is a visitor too', async () => {
    const p = await createPlayer(app);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ?', args: [Date.now(), p.sessionId] });
    expect((await as(p, '/transactions')).status).toBe(303);
  });

  test("every signed-in page's header carries the live wallet button with the real balance, and the freeplay modal", async () => {
    const html = await (await as(alice, '/p2p-transfer')).text();
    // 1,234.56 funded, 4.56 sent to bob.
    expect(html).toContain('$1,230.00');
    expect(html).toContain('data-island="WalletMenu"');
    expect(html).toContain('data-island="FreeplayModal"');
    // With the session's form token: the modal's form is the /freeplay page's plain form.
    expect(html).toContain(JSON.stringify({ communityUrl: COMMUNITY, formToken: formTokenOf(app, alice) }));
    // A player's page boots from one script; the islands' modules are listed for it, each added on first use.
    expect(html).toMatch(/<script type="module" src="\/build\/app-[a-z0-9]+\.js"><\/script>/);
    expect(html).toMatch(/<script type="application\/json" id="island-modules">[^<]*"WalletMenu":"\/build\/WalletMenu\.island-[a-z0-9]+\.js"/);
    expect(html).not.toMatch(/<script type="module" src="\/build\/WalletMenu-/);
  });

  test('/transactions: title, tabs and the All tab\'s first rows in the first HTML', async () => {
    const res = await as(alice, '/transactions');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Transactions | ');
    expect(html).toMatch(/<h1[^>]*>Transactions<\/h1>/);
    // Links, so they work without script too.
    for (const [t, href] of [['All', '/transactions'], ['Transfers', '/transactions?type=TRANSFER'], ['Redeems', '/transactions?type=REDEEM'], ['Deposits', '/transactions?type=DEPOSIT'], ['Withdrawals', '/transactions?type=WITHDRAW'], ['P2P', '/transactions?type=P2P'], ['Freeplay', '/transactions?type=FREEPLAY']])
      expect(html).toMatch(new RegExp(`href="${href.replace('?', '\\?')}" role="tab" class="tab" aria-selected="${t === 'All'}"[^>]*>${t}</a>`));
    // Each reached by Tab before the script runs (the arrow keys need it), not only the selected one.
    expect(html.match(/<a [^>]*role="tab"[^>]*>/g)!.filter((a) => a.includes('tabindex'))).toEqual([]);
    // The P2P row is under All as well as its own tab.
    expect(html).toContain(`To ${bob.email}`);
    // Signs follow the wallet (DESIGN §8, docs/decisions/game-transfers.md): a transfer to a game is −.
    expect(html).toContain('<span class="amount-out">-$25.00</span>');
    expect(html).toContain('ORD-77');
    expect(html).toContain('Ultra Panda');
    expect(html).toContain('pill pill-green');
    expect(html).toContain('data-island="TransactionsTable"');
    expect(html).not.toContain('Loading transactions...');
  });

  test("/transactions shows only the player's own rows", async () => {
    const html = await (await as(bob, '/transactions?type=TRANSFER')).text();
    expect(html).not.toContain('ORD-77');
    expect(html).toContain('No Transactions Found');
    expect(await (await as(bob, '/transactions')).text()).not.toContain('ORD-77');
  });

  test('?type= and ?page= pick the tab and page on the server, so a reload or Back shows the same; nonsense is All, page 1', async () => {
    const [p, q] = [await createPlayer(app), await createPlayer(app)];
    await fund(app, p.userId, 50_000);
    for (let i = 1; i <= 12; i++) await sendCredits(app.deps.database.client, app.deps.ledger, p, q.email, cents(i * 100), undefined, Date.now() + i);
    const second = await (await as(p, '/transactions?type=P2P&page=2')).text();
    expect(second).toMatch(/href="\/transactions\?type=P2P" role="tab" class="tab" aria-selected="true"/);
    expect(second).toContain('Showing 11 to 12 of 12 transactions');
    expect(second).toContain('<span class="amount-out">-$2.00</span>');
    expect(second).toMatch(/<a href="\/transactions\?type=P2P"[^>]*aria-label="Page 1"/);
    const deposits = await (await as(p, '/transactions?type=deposit')).text();
    expect(deposits).toMatch(/href="\/transactions\?type=DEPOSIT" role="tab" class="tab" aria-selected="true"/);
    const odd = await (await as(p, '/transactions?type=BOGUS&page=-4')).text();
    expect(odd).toMatch(/href="\/transactions" role="tab" class="tab" aria-selected="true"/);
    expect(odd).toContain('Showing 1 to 10 of');
  });

  test('/notifications: heading, subtitle and the first page in the first HTML', async () => {
    const html = await (await as(bob, '/notifications')).text();
    expect(html).toMatch(/<h1[^>]*>Notifications<\/h1>/);
    expect(html).toContain('Stay updated with your latest gaming activities and rewards');
    expect(html).toContain(`You received $4.56 from Player ID ${alice.playerId}.`);
    expect(html).not.toContain(alice.email);
    expect(html).toContain('P2P RECEIVED');
    expect(html).toContain('just now');
    expect(html).not.toContain('0m ago');
  });

  test('/notifications?page=2: the page the URL asks for, with real links to the others (no script needed)', async () => {
    const carol = await createPlayer(app);
    for (let i = 1; i <= 12; i++) await sendCredits(app.deps.database.client, app.deps.ledger, alice, carol.email, cents(100 + i));
    const read = async (path: string) => (await (await as(carol, path)).text()).replaceAll('<!-- -->', '');
    const first = await read('/notifications');
    expect(first).toContain('Page 1 of 2');
    expect(first).toContain('href="/notifications?page=2"');
    expect(first).toContain('You received $1.12 from');
    const second = await read('/notifications?page=2');
    expect(second).toContain('Page 2 of 2');
    expect(second).toContain('You received $1.01 from');
    expect(second).not.toContain('You received $1.12 from');
    expect(second).toContain('href="/notifications"');
    // A page past the end or not a number: what the list says it has.
    expect(await read('/notifications?page=abc')).toContain('Page 1 of 2');
  });

  test("/p2p-transfer: the title and the form's fields", async () => {
    const html = await (await as(alice, '/p2p-transfer')).text();
    expect(html).toContain('<h1 id="p2p-title" class="card-title p2p-title">Send credits to another player</h1>');
    expect(html).toContain('Receiver Email');
    expect(html).toContain('>Transfer</button>');
    expect(html).toContain('data-island="P2PTransferForm"');
  });
});

describe('P2P without script: form, confirmation, receipt', () => {
  const BASE = 'http://localhost:3000';
  const post = (p: TestPlayer, fields: Record<string, string>) =>
    app.handle(new Request(BASE + '/p2p-transfer', {
      method: 'POST', redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `token=${p.token}`, origin: BASE },
      body: new URLSearchParams({ _token: formTokenOf(app, p), ...fields }),
    }));
  const balance = async (p: TestPlayer) => (await app.deps.ledger.balance(`w:${p.userId}`)).availableCents;

  test('the typed form leads to a confirmation naming the receiver; nothing moves until Send; Back keeps the values', async () => {
    await app.deps.database.client.execute({ sql: 'UPDATE users SET name = ? WHERE id = ?', args: ['Bob Builder', bob.userId] });
    const before = await balance(bob);
    const r = await post(alice, { email: bob.email, amount: '$1,000.50' });
    expect(r.status).toBe(200);
    const html = await r.text();
    for (const part of ['Confirm the transfer', 'B*b B*****r', String(bob.playerId), 'Send $1,000.50', 'value="send" class="btn btn-primary btn-block" name="_action"', 'value="edit" class="btn btn-ghost btn-block" formNoValidate="" name="_action"', `name="email" value="${bob.email}"`, 'name="amount" value="1000.5"'])
      expect(html).toContain(part);
    expect(await balance(bob)).toBe(before);
    const back = await (await post(alice, { _action: 'edit', email: bob.email, amount: '1000.5' })).text();
    expect(back).toContain(`value="${bob.email}"`);
    expect(back).toContain('Receiver Email');
    expect(back).not.toContain('Confirm the transfer');
  });

  test('an unknown receiver or an unreadable amount stays on the form with the reason; nothing is looked up for bad input', async () => {
    const unknown = await (await post(alice, { email: 'nobody@example.com', amount: '5' })).text();
    expect(unknown).toContain('No verified player was found with this email.');
    const bad = await post(alice, { email: bob.email, amount: '5 dollars' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter an amount in dollars, like 5, 5.00, $5 or 1,000.50.');
  });

  test('Send moves the credits once per key and lands on a receipt that only the sender can open', async () => {
    const [from, to] = [alice, bob];
    const before = await balance(to);
    const fields = { _action: 'send', _key: 'p2p-page-key-1', email: to.email, amount: '2.5' };
    const r = await post(from, fields);
    expect(r.status).toBe(303);
    const location = r.headers.get('location')!;
    expect(location).toMatch(/^\/p2p-transfer\?receipt=CR-[0-9A-Z]{8}$/);
    expect((await post(from, fields)).headers.get('location')).toBe(location);
    expect(await balance(to)).toBe(before + 250);
    const receipt = await (await as(from, location)).text();
    for (const part of ['Transfer sent', '$2.50', `Player ID ${to.playerId}`, location.split('=')[1]!, 'UTC', 'href="/p2p-transfer">Done</a>']) expect(receipt).toContain(part);
    const other = await (await as(to, location)).text();
    expect(other).not.toContain('Transfer sent');
    expect(other).toContain('Receiver Email');
  });

  test('more than the wallet holds is refused at the first step, before any lookup', async () => {
    const r = await post(bob, { email: alice.email, amount: '100000' });
    expect(r.status).toBe(409);
    const html = await r.text();
    expect(html).toContain('<p class="field-error" id="p2p-amount-error" role="alert">Insufficient balance</p>');
    expect(html).not.toContain('Confirm the transfer');
  });

  test('Send without enough credits comes back to the form with the reason at the amount', async () => {
    const r = await post(bob, { _action: 'send', _key: 'p2p-page-key-2', email: alice.email, amount: '5000' });
    expect(r.status).toBe(409);
    expect(await r.text()).toContain('Insufficient balance');
  });
});
