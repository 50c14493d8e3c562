import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { qrSvg } from '../src/pages/qr';
import { makeApp } from '../tests/helpers/app';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import { paymentProcessingCents, paymentSettledCents } from './_client/signals';
import { EXPIRED_QR_TEXT, TIMER_STORAGE_KEY } from './_ui/deposit-timer';
import DepositStatus, { type DepositAddress, type DepositStatusProps } from './DepositStatus';

const { render, screen, fireEvent, cleanup, act } = await islandDom('http://localhost:3000/deposit-bitcoin');
// react-dom/client must load after the DOM exists (see islandDom), so it is imported here, not at the top.
const { hydrateRoot } = await import('react-dom/client');
const seen = watchIslands();

const INVOICE = 'lnbcrt50u1pnxyz7npp5' + 'qqqsyqcyq5rqwzqf'.repeat(8) + 'sp5zyg3zyg3';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let both: DepositStatusProps;
let expiredSvg: string;
const copied: string[] = [];

async function deposit(ln: string | null, chain: string | null): Promise<DepositStatusProps> {
  const addresses: DepositAddress[] = [];
  if (ln) addresses.push({ method: 'lightning', address: ln, qrSvg: await qrSvg(ln) });
  if (chain) addresses.push({ method: 'onchain', address: chain, qrSvg: await qrSvg(chain) });
  return { addresses, expiredQrSvg: ln ? expiredSvg : null };
}

beforeAll(async () => {
  expiredSvg = await qrSvg(EXPIRED_QR_TEXT);
  both = await deposit(INVOICE, ADDRESS);
  FakeWebSocket.install();
  // A settled payment re-reads the balance: that call goes to a real app, as this player.
  const app = await makeApp();
  routeFetchTo(app).jar.set('token', (await createPlayer(app)).token);
});
beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  seen.clear();
  copied.length = 0;
  paymentProcessingCents.value = null;
  paymentSettledCents.value = null;
});

const seconds = (s: number) => act(() => void jest.advanceTimersByTime(s * 1000));
const timer = () => document.querySelector('.deposit-timer')!;
// By attribute: a hidden element has no accessible name, so a role query cannot find the hidden QR by name.
const qr = (label: string) => document.querySelector<HTMLElement>(`[role="img"][aria-label="${label}"]`)!;
const shown = (label: string) => !qr(label).closest('[hidden]');
const politely = () => document.querySelector('[aria-live="polite"].sr-only')!.textContent;

describe('DepositStatus countdown', () => {
  test('counts down each second from 30:00; red from 5:00 with one polite announcement; at 0 Expired and the QR swaps', () => {
    render(<DepositStatus {...both} />);
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    seconds(1);
    expect(screen.getByRole('timer').textContent).toBe('29:59');
    seconds(59);
    expect(screen.getByRole('timer').textContent).toBe('29:00');
    expect(timer().classList.contains('is-warning')).toBe(false);
    expect(politely()).toBe('');
    seconds(1800 - 60 - 301);
    expect(screen.getByRole('timer').textContent).toBe('05:01');
    expect(timer().classList.contains('is-warning')).toBe(false);
    seconds(1);
    expect(screen.getByRole('timer').textContent).toBe('05:00');
    expect(timer().classList.contains('is-warning')).toBe(true);
    expect(politely()).toBe('5 minutes left to pay the Lightning invoice.');
    seconds(10);
    expect(politely()).toBe('5 minutes left to pay the Lightning invoice.');
    expect(shown('QR code of the Lightning invoice')).toBe(true);
    expect(shown('Expired QR code')).toBe(false);
    seconds(290);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(timer().textContent).toBe('Expired');
    expect(timer().classList.contains('is-warning')).toBe(true);
    expect(politely()).toBe('The Lightning invoice has expired. Start a new deposit to get a new one.');
    expect(shown('QR code of the Lightning invoice')).toBe(false);
    expect(shown('Expired QR code')).toBe(true);
    // The modules drawn are those of the expired text's own QR.
    expect(qr('Expired QR code').querySelector('path[stroke]')!.getAttribute('d')).toBe(/stroke="#000000" d="([^"]+)"/.exec(expiredSvg)![1]!);
    expect((screen.getByRole('button', { name: 'Copy the Lightning invoice' }) as HTMLButtonElement).disabled).toBe(true);
    // The on-chain address does not expire with the invoice.
    fireEvent.click(screen.getByRole('tab', { name: 'BTC OnChain' }));
    expect(shown('QR code of the Bitcoin address')).toBe(true);
    expect((screen.getByRole('button', { name: 'Copy the Bitcoin address' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('a reload of the same deposit continues the stored countdown', () => {
    const first = render(<DepositStatus {...both} />);
    seconds(600);
    first.unmount();
    seconds(30);
    render(<DepositStatus {...both} />);
    expect(screen.getByRole('timer').textContent).toBe('19:30');
    expect(JSON.parse(localStorage.getItem(TIMER_STORAGE_KEY)!).startedAt).toBe(Date.now() - 630_000);
  });

  test('a stored start over 1800 s old is expired at once, and says so once', () => {
    render(<DepositStatus {...both} />);
    cleanup();
    seconds(1801);
    render(<DepositStatus {...both} />);
    expect(timer().textContent).toBe('Expired');
    expect(shown('Expired QR code')).toBe(true);
    expect(politely()).toBe('The Lightning invoice has expired. Start a new deposit to get a new one.');
  });

  test('new addresses (a new query string) start again at 30:00, not expired, whether reloaded or in place', async () => {
    const view = render(<DepositStatus {...both} />);
    seconds(1800);
    expect(timer().textContent).toBe('Expired');
    const next = await deposit(INVOICE.replace('qqq', 'ppp'), ADDRESS);
    view.rerender(<DepositStatus {...next} />);
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    expect(shown('QR code of the Lightning invoice')).toBe(true);
    expect(politely()).toBe('');
    seconds(120);
    cleanup();
    // Back to the first deposit's page: its stored start was replaced, so it too starts afresh.
    render(<DepositStatus {...both} />);
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    seconds(1);
    expect(screen.getByRole('timer').textContent).toBe('29:59');
  });

  test('a stored value that is not ours (old format, garbage) is replaced by a fresh start', () => {
    for (const bad of [String(Date.now() - 60_000), '{not json', JSON.stringify({ for: 'x', startedAt: 'soon' })]) {
      localStorage.setItem(TIMER_STORAGE_KEY, bad);
      render(<DepositStatus {...both} />);
      expect(screen.getByRole('timer').textContent).toBe('30:00');
      cleanup();
    }
  });

  test('hydrates over the server HTML without a mismatch, then shows the stored time', async () => {
    const first = render(<DepositStatus {...both} />);
    seconds(65);
    first.unmount();
    const host = document.createElement('div');
    host.innerHTML = renderToString(<DepositStatus {...both} />);
    expect(host.querySelector('[role="timer"]')!.textContent).toBe('30:00');
    document.body.append(host);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(host, <DepositStatus {...both} />);
    });
    expect(host.querySelector('[role="timer"]')!.textContent).toBe('28:55');
    act(() => root.unmount());
    host.remove();
  });
});

describe('DepositStatus tabs, copy and payment status', () => {
  test('arrow keys move between the tabs and only the selected panel shows; scrolled to the top on load', () => {
    window.scrollTo(0, 500);
    render(<DepositStatus {...both} />);
    expect(window.scrollY).toBe(0);
    const ln = screen.getByRole('tab', { name: 'BTC Lightning' });
    const chain = screen.getByRole('tab', { name: 'BTC OnChain' });
    expect(ln.getAttribute('aria-selected')).toBe('true');
    expect(shown('QR code of the Bitcoin address')).toBe(false);
    ln.focus();
    fireEvent.keyDown(ln, { key: 'ArrowRight' });
    expect(chain.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(chain);
    expect(shown('QR code of the Bitcoin address')).toBe(true);
    expect(shown('QR code of the Lightning invoice')).toBe(false);
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.keyDown(chain, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(ln);
    expect(screen.getByRole('timer')).toBeTruthy();
    fireEvent.keyDown(ln, { key: 'End' });
    expect(chain.getAttribute('tabindex')).toBe('0');
    expect(ln.getAttribute('tabindex')).toBe('-1');
  });

  test('the address shows cut at 100 characters; Copy copies all of it and says Link Copied', async () => {
    render(<DepositStatus {...both} />);
    expect(screen.getByText(`${INVOICE.slice(0, 100)}…`)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the Lightning invoice' })));
    expect(copied).toEqual([INVOICE]);
    expect(seen.toasts).toEqual([{ kind: 'success', message: 'Link Copied', id: 'deposit-copy' }]);
  });

  test('when the browser refuses to copy, the player is told instead of a false Link Copied', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    render(<DepositStatus {...(await deposit(null, ADDRESS))} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the Bitcoin address' })));
    expect(seen.toasts.map((t) => t.kind)).toEqual(['error']);
  });

  test('payment events: received shows the waiting text with a spinner; settled turns it into a green Payment Settled', () => {
    jest.useRealTimers();
    render(<DepositStatus {...both} />);
    const status = screen.getAllByRole('status').find((e) => e.classList.contains('deposit-payment'))!;
    expect(status.textContent).toBe('');
    const socket = FakeWebSocket.latest();
    act(() => socket.push('InvoiceReceivedPayment', { amount: 25.5 }));
    expect(status.textContent).toBe('Payment $25.50 received, waiting for confirmation.');
    expect(status.querySelector('.spinner')).toBeTruthy();
    act(() => socket.push('InvoicePaymentSettled', { amount: 25.5 }));
    expect(status.textContent).toBe('Payment Settled: $25.50');
    expect(status.querySelector('.deposit-settled')).toBeTruthy();
    expect(status.querySelector('.spinner')).toBeNull();
    // A second payment to the same deposit goes back to waiting until it settles.
    act(() => socket.push('InvoiceReceivedPayment', { amount: 1 }));
    expect(status.textContent).toBe('Payment $1.00 received, waiting for confirmation.');
  });

  test('signals already set when the island appears are shown, processing first', () => {
    paymentSettledCents.value = 1_000;
    render(<DepositStatus {...both} />);
    expect(screen.getByText('Payment Settled: $10.00')).toBeTruthy();
    act(() => void (paymentProcessingCents.value = 500));
    expect(screen.getByText('Payment $5.00 received, waiting for confirmation.')).toBeTruthy();
    expect(screen.queryByText('Payment Settled: $10.00')).toBeNull();
  });
});
