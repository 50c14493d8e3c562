import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { sendCredits } from '../src/services/wallet/p2p';
import { cents } from '../src/shared/money';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom, routeFetchTo } from '../tests/helpers/islands';
import { fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import NotificationsList from './NotificationsList';
import WalletMenu from './WalletMenu';

const { render, screen, fireEvent, waitFor, cleanup, act, within } = await islandDom('http://localhost:3000/notifications');
let app: TestApp;
let alice: TestPlayer;
let bob: TestPlayer;
let scrolled: unknown[] = [];

beforeAll(async () => {
  app = await makeApp();
  alice = await createPlayer(app);
  bob = await createPlayer(app);
  await fund(app, bob.userId, 100_000);
  // Twelve notifications for alice, one a minute apart; the newest says $12.00.
  const now = Date.now();
  for (let i = 1; i <= 12; i++) await sendCredits(app.deps.database.client, app.deps.ledger, bob, alice.email, cents(i * 100), undefined, now - (12 - i) * 60_000);
  FakeWebSocket.install();
  window.scrollTo = ((...args: unknown[]) => void scrolled.push(args)) as typeof window.scrollTo;
});
afterEach(() => {
  cleanup();
  scrolled = [];
});

function asAlice() {
  const server = routeFetchTo(app);
  server.jar.set('token', alice.token);
  return server;
}
const items = () => screen.getAllByRole('listitem');
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('NotificationsList', () => {
  test('type with spaces, content, relative age, and the fallbacks (spec §2)', () => {
    const initial = {
      page: 1, totalPages: 1, total: 3,
      items: [
        { _id: 'a', notificationType: 'P2P_RECEIVED', notificationContent: 'You received $5.00 from Player ID 1234567.', createdAt: ago(5 * 60_000) },
        { _id: 'b', notificationType: '', notificationContent: '', createdAt: ago(3 * 3600_000) },
        { _id: 'c', notificationType: 'FREEPLAY_REDEEMED', notificationContent: 'Code used.', createdAt: ago(2 * 86_400_000) },
      ],
    };
    render(<NotificationsList initial={initial} renderedAt={Date.now()} />);
    const [a, b, c] = items();
    expect(within(a!).getByRole('heading').textContent).toBe('P2P RECEIVED');
    expect(within(a!).getByText('You received $5.00 from Player ID 1234567.')).toBeTruthy();
    expect(within(a!).getByText('5m ago')).toBeTruthy();
    expect(within(b!).getByText('Unknown Type')).toBeTruthy();
    expect(within(b!).getByText('Notification content unavailable')).toBeTruthy();
    expect(within(b!).getByText('3h ago')).toBeTruthy();
    expect(within(c!).getByText('2d ago')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  test("the server's HTML uses the server's clock, so hydration sees the same ages", () => {
    const renderedAt = Date.parse('2026-03-04T12:00:00Z');
    const html = renderToString(
      <NotificationsList initial={{ page: 1, totalPages: 1, total: 1, items: [{ _id: 'a', notificationType: 'X', notificationContent: 'Y', createdAt: '2026-03-04T11:15:00Z' }] }} renderedAt={renderedAt} />,
    );
    expect(html).toContain('45m ago');
  });

  test("empty: 'No Notification for you to see'", () => {
    render(<NotificationsList initial={{ page: 1, totalPages: 1, total: 0, items: [] }} renderedAt={Date.now()} />);
    expect(screen.getByText('No Notification for you to see')).toBeTruthy();
  });

  test('against the real API: Previous / Page X of Y / Next, scrolling to the top on each change', async () => {
    const server = asAlice();
    render(<NotificationsList initial={null} renderedAt={Date.now()} />);
    await waitFor(() => expect(items()).toHaveLength(10));
    expect(within(items()[0]!).getByText(`You received $12.00 from Player ID ${bob.playerId}.`)).toBeTruthy();
    expect(within(items()[0]!).getByText('just now')).toBeTruthy();
    expect(within(items()[1]!).getByText('1m ago')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Notification pages' });
    expect(within(nav).getByText('Page 1 of 2')).toBeTruthy();
    // The pager is links (they work without script): the first page has no Previous to follow.
    expect(within(nav).getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(within(nav).queryByRole('link', { name: 'Previous' })).toBeNull();
    const next = within(nav).getByRole('link', { name: 'Next' });
    expect(next.getAttribute('href')).toBe('/notifications?page=2');
    fireEvent.click(next);
    expect(scrolled).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    // Loaded in place, with the page in the URL for reload and Back.
    expect(location.pathname + location.search).toBe('/notifications?page=2');
    expect(items()).toHaveLength(2);
    await waitFor(() => expect(document.activeElement?.className).toBe('notes'));
    expect(within(items()[1]!).getByText(`You received $1.00 from Player ID ${bob.playerId}.`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/notifications');
    expect(server.sent.map((s) => s.path)).toEqual(['/api/v1/notification', '/api/v1/notification']);
    history.replaceState(null, '', '/notifications');
  });

  test('pushed notifications appear at the top of page 1 once, sharing the page socket with the wallet menu', async () => {
    asAlice();
    const before = FakeWebSocket.opened.length;
    render(
      <>
        <WalletMenu walletCents={0} />
        <NotificationsList initial={{ page: 1, totalPages: 1, total: 1, items: [{ _id: 'old', notificationType: 'OLD', notificationContent: 'old one', createdAt: ago(0) }] }} renderedAt={Date.now()} />
      </>,
    );
    expect(FakeWebSocket.opened.length - before).toBeLessThanOrEqual(1);
    const socket = FakeWebSocket.latest();
    const note = { _id: 'new', notificationType: 'P2P_RECEIVED', notificationContent: 'You received $3.00.', createdAt: ago(0) };
    act(() => socket.push('notification', note));
    act(() => socket.push('notification', note));
    expect(items().map((li) => within(li).getByRole('heading').textContent)).toEqual(['P2P RECEIVED', 'OLD']);
  });
});
