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
    expect(html).toMatch(/<script type="module" src="\/build\/WalletMenu-[a-z0-9]+\.js"><\/script>/);
  });

  test('/transactions: title, tabs and the first tab\'s first rows in the first HTML', async () => {
    const res = await as(alice, '/transactions');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Transaction | ');
    expect(html).toMatch(/<h1[^>]*>Transaction<\/h1>/);
    for (const t of ['Transfers', 'Redeems', 'Deposits', 'Withdrawals', 'P2P', 'Freeplay']) expect(html).toContain(`>${t}</button>`);
    // Signs follow the wallet (DESIGN §8, docs/decisions/game-transfers.md): a transfer to a game is −.
    expect(html).toContain('<span class="amount-out">-$25.00</span>');
    expect(html).toContain('ORD-77');
    expect(html).toContain('Ultra Panda');
    expect(html).toContain('pill pill-green');
    expect(html).toContain('data-island="TransactionsTable"');
    expect(html).not.toContain('Loading transactions...');
  });

  test("/transactions shows only the player's own rows", async () => {
    const html = await (await as(bob, '/transactions')).text();
    expect(html).not.toContain('ORD-77');
    expect(html).toContain('No Transactions Found');
  });

  test('/notifications: heading, subtitle and the first page in the first HTML', async () => {
    const html = await (await as(bob, '/notifications')).text();
    expect(html).toMatch(/<h1[^>]*>Notifications<\/h1>/);
    expect(html).toContain('Stay updated with your latest gaming activities and rewards');
    expect(html).toContain(`You received $4.56 from ${alice.email}.`);
    expect(html).toContain('P2P RECEIVED');
    expect(html).toContain('0m ago');
  });

  test("/p2p-transfer: the title and the form's fields", async () => {
    const html = await (await as(alice, '/p2p-transfer')).text();
    expect(html).toContain('Transfer Credits To Fellow&#x27;s Account');
    expect(html).toContain('Receiver Email');
    expect(html).toContain('>Transfer</button>');
    expect(html).toContain('data-island="P2PTransferForm"');
  });
});
