import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { createFreeplayCode } from '../src/services/wallet/freeplay';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { available, fund } from '../tests/helpers/money';
import { createPlayer, formTokenOf } from '../tests/helpers/players';
import { walletCents } from './_client/signals';
import FreeplayModal from './FreeplayModal';
import WalletMenu from './WalletMenu';

const { render, screen, fireEvent, waitFor, cleanup, act } = await islandDom('http://localhost:3000/home');
// react-dom/client must load after the DOM exists (see islandDom), so it is imported here, not at the top.
const { hydrateRoot } = await import('react-dom/client');
const seen = watchIslands();
const COMMUNITY = 'https://t.me/coinreel_community';
let app: TestApp;

beforeAll(async () => {
  app = await makeApp();
  FakeWebSocket.install();
});
afterEach(() => {
  cleanup();
  seen.clear();
  walletCents.value = null;
});

function header(cents = 123456, formToken?: string) {
  render(
    <>
      <WalletMenu walletCents={cents} />
      <FreeplayModal communityUrl={COMMUNITY} formToken={formToken} />
    </>,
  );
  return screen.getByRole('button', { name: /Wallet balance/ });
}

describe('WalletMenu', () => {
  test('the first HTML already shows the balance with $ , and 2 decimals', () => {
    const html = renderToString(<WalletMenu walletCents={123456} />);
    expect(html).toContain('$1,234.56');
    expect(html).toContain('aria-expanded="false"');
  });

  test('hydrates over the server HTML without a mismatch even when the balance moved meanwhile', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<WalletMenu walletCents={500} />);
    document.body.append(host);
    walletCents.value = 700;
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(host, <WalletMenu walletCents={500} />);
    });
    expect(host.textContent).toContain('$7.00');
    act(() => root.unmount());
    host.remove();
  });

  test('the button opens the menu of spec §2; Escape closes it and focus returns to the button', () => {
    const button = header();
    expect(button.textContent).toContain('$1,234.56');
    const list = screen.getByRole('list', { hidden: true });
    expect(list.hidden).toBe(true);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'Send to a player' }).getAttribute('href')).toBe('/p2p-transfer');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposit-bitcoin');
    expect(screen.getByRole('link', { name: 'Deposit' }).hasAttribute('data-deposit-open')).toBe(true);
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/home#withdraw');
    const deposit = screen.getByRole('link', { name: 'Deposit' });
    deposit.focus();
    fireEvent.keyDown(deposit, { key: 'Escape' });
    expect(list.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  test('arrow keys open the menu and move through its items, wrapping', () => {
    const button = header();
    button.focus();
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Send to a player');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Freeplay');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Send to a player');
  });

  test('a click outside closes the menu', () => {
    const button = header();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  test('one socket for the page; an amount push updates the balance without a reload', async () => {
    const before = FakeWebSocket.opened.length;
    const button = header(500);
    expect(FakeWebSocket.opened.length).toBeLessThanOrEqual(before + 1);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws');
    act(() => socket.push('amount', { walletAmount: 9876.5 }));
    expect(button.textContent).toContain('$9,876.50');
  });

  test("a friend's transfer: a toast naming the amount and sender, and the balance glows once", () => {
    header(500);
    const socket = FakeWebSocket.latest();
    act(() => socket.push('p2pReceived', { amount: 5, from: 'Player ID 1234567' }));
    act(() => socket.push('amount', { walletAmount: 10 }));
    expect(seen.toasts).toContainEqual({ kind: 'success', message: 'You received $5.00 from Player ID 1234567', id: 'p2p-received' });
    expect(document.querySelector('[data-wallet-balance]')!.classList.contains('is-flashing')).toBe(true);
    expect(document.querySelector('[data-wallet-balance]')!.textContent).toBe('$10.00');
  });
});

describe('FreeplayModal from the wallet menu', () => {
  function openModal(formToken?: string) {
    const button = header(123456, formToken);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'Freeplay' }));
    return { button, dialog: screen.getByRole('dialog') };
  }

  test('opens focused on the code; Join Telegram opens the community in a new tab; Escape restores focus', () => {
    const { button, dialog } = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Freeplay code'));
    const join = screen.getByRole('link', { name: /Join Telegram/ });
    expect(join.getAttribute('href')).toBe(COMMUNITY);
    expect(join.getAttribute('target')).toBe('_blank');
    expect(join.getAttribute('rel')).toContain('noopener');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test('Tab stays inside the dialog', () => {
    openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const join = screen.getByRole('link', { name: /Join Telegram/ });
    join.focus();
    fireEvent.keyDown(join, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(join);
  });

  test("an empty code says 'Please enter valid code' and sends nothing", () => {
    const server = routeFetchTo(app);
    openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const input = screen.getByLabelText('Freeplay code');
    expect(screen.getByText('Please enter valid code')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('freeplay-code-error');
    fireEvent.change(input, { target: { value: 'ABC' } });
    expect(screen.queryByText('Please enter valid code')).toBeNull();
    expect(server.sent).toEqual([]);
  });

  test('against the real API: an unknown code shows the server message; a good one credits the wallet live', async () => {
    const server = routeFetchTo(app);
    const p = await createPlayer(app);
    await fund(app, p.userId, 1000);
    server.jar.set('token', p.token);
    await createFreeplayCode(app.deps.database.client, { code: 'SPRING25', amountCents: 2500, expiresAt: Date.now() + 3600_000, maxRedemptions: 5 });
    const { button } = openModal();
    const input = screen.getByLabelText('Freeplay code');
    fireEvent.change(input, { target: { value: 'NOPE-NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This code is not valid.')).toBeTruthy();
    expect(seen.toasts).toEqual([]);
    fireEvent.change(input, { target: { value: 'spring25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(seen.toasts.length).toBe(1));
    expect(seen.toasts.map((t) => [t.kind, t.message])).toEqual([['success', 'Code redeemed: $25.00 added to your wallet.']]);
    // The answer stays in the dialog, with the new balance, until the player closes it: not only a 2-second toast.
    const dialog = screen.getByRole('dialog');
    const title = screen.getByRole('heading', { name: 'Code redeemed' });
    expect(document.activeElement).toBe(title);
    expect(dialog.textContent).toContain('Code redeemed: $25.00 added to your wallet.');
    expect(dialog.textContent).toContain('Wallet balance: $35.00');
    expect(screen.queryByLabelText('Freeplay code')).toBeNull();
    expect(await available(app, p.userId)).toBe(3500);
    expect(button.textContent).toContain('$35.00');
    expect(server.sent.filter((s) => s.path === '/api/v1/freeplay/redeem').map((s) => s.body)).toEqual([{ code: 'NOPE-NOPE' }, { code: 'spring25' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // A second redemption by the same player is refused with the server's words, and nothing moves; the dialog opens on the form again.
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('link', { name: 'Freeplay' }));
    fireEvent.change(screen.getByLabelText('Freeplay code'), { target: { value: 'SPRING25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('You have already redeemed this code.')).toBeTruthy();
    expect(await available(app, p.userId)).toBe(3500);
  });

  test("its form is the /freeplay page's plain form, should a submit beat the script: same action, same fields, the session's token", async () => {
    const p = await createPlayer(app);
    openModal(formTokenOf(app, p));
    fireEvent.change(screen.getByLabelText('Freeplay code'), { target: { value: 'plain-post' } });
    const form = screen.getByRole('dialog').querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/freeplay']);
    // The fields the /freeplay page's action reads (src/pages/wallet-actions.ts), with what was typed.
    expect(Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]))).toEqual({ _token: formTokenOf(app, p), code: 'plain-post' });
  });
});
