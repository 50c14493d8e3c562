import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { sendCredits } from '../src/services/wallet/p2p';
import { cents } from '../src/shared/money';
import { adjustWallet } from '../src/services/admin/players';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { startRealtime } from './_client/socket';
import TransactionsTable from './TransactionsTable';

const { render, screen, fireEvent, waitFor, cleanup, within, act } = await islandDom('http://localhost:3000/transactions');
const seen = watchIslands();
let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;

beforeAll(async () => {
  FakeWebSocket.install();
  app = await makeApp();
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  await fund(app, alice.userId, 100_000);
  await fund(app, bob.userId, 500_000);
  // 23 P2P rows for alice: 21 sent to bob and 2 received from him.
  for (let i = 1; i <= 21; i++) await sendCredits(app.deps.database.client, app.deps.ledger, alice, bob.email, cents(i * 100), undefined, Date.now() - (30 - i) * 1000);
  for (let i = 1; i <= 2; i++) await sendCredits(app.deps.database.client, app.deps.ledger, bob, alice.email, cents(123_450), undefined, Date.now() + i);
});
afterEach(() => {
  cleanup();
  seen.clear();
});

/**
 * The app behind fetch as `player`; fetch here honours AbortSignal the way a browser's does, and answers for
 * paths in `slow` arrive late.
 */
function asPlayer(p: TestPlayer, slow: Record<string, number> = {}) {
  const server = routeFetchTo(app);
  server.jar.set('token', p.token);
  const inner = globalThis.fetch;
  const aborted: string[] = [];
  globalThis.fetch = ((input: string, init: RequestInit = {}) =>
    new Promise((resolve, reject) => {
      const last = String(input).split('?')[0]!.split('/').at(-1)!;
      init.signal?.addEventListener('abort', () => {
        aborted.push(last);
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
      inner(input, init).then(async (r) => (await Bun.sleep(slow[last] ?? 0), resolve(r)), reject);
    })) as typeof fetch;
  return Object.assign(server, { aborted });
}
const rows = () => screen.getAllByRole('row').slice(1);
const tab = (name: string) => screen.getByRole('tab', { name });
const TX_NAMES = ['All', 'Transfers', 'Redeems', 'Deposits', 'Withdrawals', 'P2P', 'Freeplay'];

describe('TransactionsTable against the real API', () => {
  test('opens on All when the page gave no rows; the empty state says so', async () => {
    asPlayer(await createPlayer(app));
    render(<TransactionsTable initial={null} />);
    expect(screen.getByRole('status').textContent).toContain('Loading transactions...');
    expect(await screen.findByText('No Transactions Found')).toBeTruthy();
    expect(screen.getByText('Click Transaction Type To View History')).toBeTruthy();
    expect(screen.getByText("You don't have any transactions yet.")).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['All', 'Transfers', 'Redeems', 'Deposits', 'Withdrawals', 'P2P', 'Freeplay']);
    expect(tab('All').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('a page past the end says so and offers the last page, which shows the rows', async () => {
    const p = await createPlayer(app);
    asPlayer(p);
    await fund(app, p.userId, 1_000);
    for (const amount of [1, 2, 3]) await sendCredits(app.deps.database.client, app.deps.ledger, p, bob.email, cents(amount * 100), undefined, Date.now());
    history.replaceState(null, '', '/transactions?page=99');
    render(<TransactionsTable initial={null} />);
    expect(await screen.findByText('Page 99 is past the end: there is 1 page.')).toBeTruthy();
    expect(screen.queryByText('No Transactions Found')).toBeNull();
    const last = screen.getByRole('link', { name: 'Go to page 1' });
    expect(last.getAttribute('href')).toBe('/transactions');
    fireEvent.click(last);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(location.pathname + location.search).toBe('/transactions');
  });

  test('All mixes every type newest first (P2P and freeplay included); tabs and pages are links kept in the URL; Back restores them', async () => {
    const carol = await createPlayer(app);
    await fund(app, carol.userId, 1_000);
    await sendCredits(app.deps.database.client, app.deps.ledger, carol, bob.email, cents(100));
    await app.deps.database.client.execute({ sql: "INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, created_at) VALUES (?, 'CR-FREEPLAY', ?, 'FREEPLAY', 'in', 'completed', 500, ?)", args: [crypto.randomUUID(), carol.userId, Date.now() + 5] });
    const server = asPlayer(carol);
    history.replaceState(null, '', '/transactions');
    render(<TransactionsTable initial={null} />);
    await waitFor(() => expect(rows().length).toBeGreaterThanOrEqual(2));
    expect(server.sent[0]!.path).toBe('/api/v1/transaction/transaction-List/ALL');
    const types = rows().map((r) => r.querySelector('.num .tx-sub')?.textContent);
    expect(types.slice(0, 2)).toEqual(['freeplay', 'p2p']);
    expect(tab('P2P').getAttribute('href')).toBe('/transactions?type=P2P');
    expect(tab('All').getAttribute('href')).toBe('/transactions');
    fireEvent.click(tab('P2P'));
    expect(location.search).toBe('?type=P2P');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(tab('Freeplay'));
    await waitFor(() => expect(screen.getByText('+$5.00')).toBeTruthy());
    expect(location.search).toBe('?type=FREEPLAY');
    // Back: the browser's popstate (dispatched as happy-dom's history.back() would, inside act).
    await act(async () => {
      history.replaceState(null, '', '/transactions?type=P2P');
      dispatchEvent(new PopStateEvent('popstate'));
      await Bun.sleep(30);
    });
    await waitFor(() => expect(tab('P2P').getAttribute('aria-selected')).toBe('true'));
    expect(location.search).toBe('?type=P2P');
    await waitFor(() => expect(server.sent.at(-1)!.path).toBe('/api/v1/transaction/transaction-List/P2P'));
  });

  test('the P2P tab: columns, signs and colours, pills, and pagination from page 1', async () => {
    const server = asPlayer(alice);
    history.replaceState(null, '', '/transactions');
    render(<TransactionsTable initial={null} />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(tab('P2P'));
    await waitFor(() => expect(server.sent.at(-1)!.path).toBe('/api/v1/transaction/transaction-List/P2P'));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(server.sent.at(-1)!.path).toBe('/api/v1/transaction/transaction-List/P2P');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Transaction ID', 'Amount', 'Game Platform', 'Time', 'Status']);
    // Newest first: the two received from bob, then the largest sent.
    const first = rows()[0]!;
    const inAmount = within(first).getByText('+$1,234.50');
    expect(inAmount.className).toBe('amount-in');
    expect(within(first).getByText('p2p')).toBeTruthy();
    // What alice received names bob by Player ID (he has no name), not by his e-mail address.
    expect(within(first).getByText(`From Player ID ${bob.playerId}`)).toBeTruthy();
    expect(within(first).getByText('N/A')).toBeTruthy();
    expect(within(first).getByText('completed').className).toBe('pill pill-green');
    expect(within(first).getByText(/^CR-[A-Z0-9]{8}$/)).toBeTruthy();
    const third = rows()[2]!;
    expect(within(third).getByText('-$21.00').className).toBe('amount-out');
    expect(within(third).getByText(`To ${bob.email}`)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Transaction pages' });
    expect(within(nav).getByText('Showing 1 to 10 of 23 transactions')).toBeTruthy();
    expect(within(nav).getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/transactions?type=P2P&page=3');
    // Clicked at the foot of a long page: the new page is brought to its first row.
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    const top = Element.prototype.getBoundingClientRect;
    Element.prototype.scrollIntoView = function (this: Element) { scrolled.push(this); };
    Element.prototype.getBoundingClientRect = function (this: Element) { return { ...top.call(this), top: -900 }; };
    try {
      fireEvent.click(within(nav).getByRole('link', { name: 'Page 3' }));
      await waitFor(() => expect(scrolled).toEqual([screen.getByRole('tabpanel')]));
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
      Element.prototype.getBoundingClientRect = top;
    }
    await waitFor(() => expect(screen.getByText('Showing 21 to 23 of 23 transactions')).toBeTruthy());
    expect(location.search).toBe('?type=P2P&page=3');
    expect(rows()).toHaveLength(3);
    // The clicked page button was replaced while loading: keyboard focus lands on the new rows.
    await waitFor(() => expect(document.activeElement === screen.getByRole('tabpanel')).toBe(true));
    expect(screen.getByText('Next').getAttribute('aria-disabled')).toBe('true');
    // Switching tabs goes back to page 1 of the new type.
    fireEvent.click(tab('Deposits'));
    expect(await screen.findByText("You don't have any deposit transactions yet.")).toBeTruthy();
    expect(server.sent.at(-1)!.path).toBe('/api/v1/transaction/transaction-List/DEPOSIT');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test('a tab change cancels the request still in flight, so a slow answer never shows under the wrong tab', async () => {
    const server = asPlayer(alice, { P2P: 150 });
    render(<TransactionsTable initial={{ type: 'TRANSFER', page: 1, items: [], totalPages: 1, total: 0, limit: 10 }} />);
    fireEvent.click(tab('P2P'));
    fireEvent.click(tab('Freeplay'));
    expect(await screen.findByText("You don't have any freeplay transactions yet.")).toBeTruthy();
    await Bun.sleep(250);
    expect(tab('Freeplay').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryAllByRole('row')).toHaveLength(0);
    expect(screen.getByText("You don't have any freeplay transactions yet.")).toBeTruthy();
    expect(server.aborted).toEqual(['P2P']);
    expect(seen.toasts).toEqual([]);
  });

  test('arrow keys move between tabs and load them', async () => {
    const server = asPlayer(alice);
    history.replaceState(null, '', '/transactions');
    render(<TransactionsTable initial={null} />);
    await waitFor(() => expect(rows()).toHaveLength(10));
    // Once running, one tab stop for the list: the selected tab.
    expect(TX_NAMES.map((n) => tab(n).getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1', '-1', '-1', '-1']);
    fireEvent.keyDown(tab('All'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Freeplay'));
    expect(tab('Freeplay').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Freeplay'), { key: 'ArrowRight' });
    expect(tab('All').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('All'), { key: 'End' });
    fireEvent.keyDown(tab('Freeplay'), { key: 'Home' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(server.sent.map((s) => s.path.split('/').at(-1))).toEqual(['ALL', 'FREEPLAY', 'ALL', 'FREEPLAY', 'ALL']);
  });

  test("a failed load shows the server's message and no rows; without a message, 'Failed to load transactions'", async () => {
    const server = asPlayer(alice);
    render(<TransactionsTable initial={{ type: 'TRANSFER', page: 1, items: [], totalPages: 1, total: 0, limit: 10 }} />);
    expect(server.sent).toEqual([]);
    globalThis.fetch = (async () => new Response(JSON.stringify({ success: false, message: 'Ledger is resting' }), { status: 503, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch;
    fireEvent.click(tab('P2P'));
    expect((await screen.findByRole('alert')).textContent).toBe('Ledger is resting');
    expect(screen.queryAllByRole('row')).toHaveLength(0);
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    fireEvent.click(tab('Deposits'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to load transactions'));
  });

  test('the server-rendered page is shown as given, without a request', () => {
    const server = asPlayer(alice);
    const tx = { _id: 'x1', transactionUuid: 'CR-AAAA2222', orderId: 'ORD-9', type: 'WITHDRAW', amount: 150, gameId: { _id: 'g', gameName: 'Ultra Panda' }, createdAt: '2026-03-04T17:05:00.000Z', transactionStatus: 'PENDING' };
    render(<TransactionsTable initial={{ type: 'WITHDRAW', page: 1, items: [tx], totalPages: 1, total: 1, limit: 10 }} />);
    expect(server.sent).toEqual([]);
    const row = rows()[0]!;
    expect(within(row).getByText('Payout ORD-9')).toBeTruthy();
    expect(within(row).getByText('-$150.00').className).toBe('amount-out');
    expect(within(row).getByText('withdraw')).toBeTruthy();
    expect(within(row).getByText('Ultra Panda')).toBeTruthy();
    expect(within(row).getByText('pending').className).toBe('pill pill-yellow');
    expect(tab('Withdrawals').getAttribute('aria-selected')).toBe('true');
  });

  test('Download CSV is a plain link to the export that follows the tab shown', async () => {
    asPlayer(alice);
    render(<TransactionsTable initial={{ type: 'TRANSFER', page: 1, items: [], totalPages: 1, total: 0, limit: 10 }} />);
    const link = () => screen.getByRole('link', { name: 'Download CSV' });
    expect(link().getAttribute('href')).toBe('/api/v1/transaction/export.csv?type=TRANSFER');
    fireEvent.click(tab('P2P'));
    expect(link().getAttribute('href')).toBe('/api/v1/transaction/export.csv?type=P2P');
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
  });
});

describe('TransactionsTable: the sandbox payout controls', () => {
  test('offered only for a withdrawal whose payout is approved, never for one awaiting an operator', async () => {
    const sbx = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_AUTO_APPROVE_DOLLARS: '500' });
    const p = await createPlayer(sbx);
    await fund(sbx, p.userId, 100_000);
    const address = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
    await sbx.deps.withdrawals.create({ userId: p.userId, currency: 'BTC-CHAIN', address, amountCents: 10_000, tipCents: 0 });
    await sbx.deps.withdrawals.create({ userId: p.userId, currency: 'BTC-CHAIN', address, amountCents: 60_000, tipCents: 0 });
    const server = routeFetchTo(sbx);
    server.jar.set('token', p.token);
    history.replaceState(null, '', '/transactions');
    render(<TransactionsTable initial={null} sandboxPayouts />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const row = (amount: string) => rows().find((r) => within(r).queryByText(amount))!;
    const buttons = (r: HTMLElement) => within(r).queryAllByRole('button').map((b) => b.textContent);
    expect(buttons(row('-$100.00'))).toEqual(['Sandbox: complete', 'Sandbox: cancel']);
    expect(buttons(row('-$600.00'))).toEqual([]);
  });
});

describe('TransactionsTable live', () => {
  test('on the All tab a movement pushed while the page is open appears without a reload, with an adjustment\'s reason', async () => {
    const carol = await createPlayer(app);
    asPlayer(carol);
    render(<TransactionsTable initial={null} />);
    expect(await screen.findByText('No Transactions Found')).toBeTruthy();
    startRealtime();
    await adjustWallet(app.deps.database.client, app.deps.ledger, { id: 'op', email: 'op@example.com', ip: null }, { userId: carol.userId, amountCents: 750, reason: 'goodwill for outage' });
    act(() => FakeWebSocket.latest().push('amount', { walletAmount: 7.5 }));
    await waitFor(() => expect(rows().length).toBe(1));
    expect(tab('All').getAttribute('aria-selected')).toBe('true');
    expect(rows()[0]!.textContent).toContain('+$7.50');
    expect(rows()[0]!.textContent).toContain('Reason: goodwill for outage');
    // The rows stayed on screen while the new page was read: no loading state in between.
    expect(screen.queryByText('Loading transactions...')).toBeNull();
  });
});
