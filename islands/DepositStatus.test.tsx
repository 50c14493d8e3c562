import { afterEach, beforeAll, beforeEach, describe, expect, jest, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { qrSvg } from '../src/pages/qr';
import { makeApp } from '../tests/helpers/app';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { createPlayer } from '../tests/helpers/players';
import DepositStatus, { type DepositAddress, type DepositStatusProps, type DepositSummary } from './DepositStatus';

const { render, screen, fireEvent, cleanup, act } = await islandDom('http://localhost:3000/deposit-bitcoin');
// react-dom/client must load after the DOM exists (see islandDom), so it is imported here, not at the top.
const { hydrateRoot } = await import('react-dom/client');
const seen = watchIslands();

const INVOICE = 'lnbcrt50u1pnxyz7npp5' + 'qqqsyqcyq5rqwzqf'.repeat(8) + 'sp5zyg3zyg3';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
let addresses: DepositAddress[];
const copied: string[] = [];

const summary = (over: Partial<DepositSummary> = {}): DepositSummary => ({
  id: 'dep-1', invoiceId: 'inv-1', amountCents: 5_000, btcAmount: '0.00100000', status: 'pending', invoiceStatus: 'New',
  creditedCents: 0, processingCents: 0, expiresAt: new Date(T0 + 15 * 60_000).toISOString(), ...over,
});
const props = (over: Partial<DepositSummary> = {}, at = T0): DepositStatusProps => ({ addresses, deposit: summary(over), renderedAtMs: at });

beforeAll(async () => {
  addresses = [
    { method: 'lightning', address: INVOICE, qrSvg: await qrSvg(`lightning:${INVOICE}`), amountBtc: '0.00100000' },
    { method: 'onchain', address: ADDRESS, qrSvg: await qrSvg(`bitcoin:${ADDRESS}?amount=0.00100000`), amountBtc: '0.00100000' },
  ];
  FakeWebSocket.install();
  // Re-reads of the deposit go to a real app (where dep-1 is nobody's: the island keeps what it has).
  const app = await makeApp();
  routeFetchTo(app).jar.set('token', (await createPlayer(app)).token);
});
beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(T0);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  seen.clear();
  copied.length = 0;
});

const seconds = (s: number) => act(() => void jest.advanceTimersByTime(s * 1000));
const clockText = () => screen.queryByRole('timer')?.textContent ?? null;
const qr = (label: string) => document.querySelector<HTMLElement>(`[role="img"][aria-label="${label}"]`);
const shown = (label: string) => !!qr(label) && !qr(label)!.closest('[hidden]');
const politely = () => document.querySelector('[aria-live="polite"].sr-only')!.textContent;
const news = () => document.querySelector('.deposit-state')!.textContent;

describe('DepositStatus while the deposit waits for its payment', () => {
  test("counts down to the invoice's own expiry; red from 5:00 with one announcement; at 0 the QR goes and a new deposit is offered", () => {
    render(<DepositStatus {...props()} />);
    expect(clockText()).toBe('15:00');
    seconds(1);
    expect(clockText()).toBe('14:59');
    seconds(599);
    expect(clockText()).toBe('05:00');
    expect(document.querySelector('.deposit-timer')!.classList.contains('is-warning')).toBe(true);
    expect(politely()).toBe('5 minutes left to pay the invoice.');
    seconds(300);
    expect(clockText()).toBeNull();
    expect(qr('QR code of the Lightning invoice')).toBeNull();
    expect(news()).toContain('This deposit expired before any payment arrived.');
    expect(screen.getByRole('link', { name: 'New Deposit' }).getAttribute('href')).toBe('/deposit-bitcoin');
  });

  test('hydrates over the server HTML without a mismatch, then shows the time left by the clock', async () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<DepositStatus {...props()} />);
    expect(host.querySelector('[role="timer"]')!.textContent).toBe('15:00');
    expect(host.querySelector('.deposit-deadline')!.textContent).toBe('Pay before Nov 26, 12:15 PM UTC.');
    document.body.append(host);
    jest.setSystemTime(T0 + 65_000);
    const errors: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(host, <DepositStatus {...props()} />, { onRecoverableError: (e) => void errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(host.querySelector('[role="timer"]')!.textContent).toBe('13:55');
    act(() => root.unmount());
    host.remove();
  });

  test('arrow keys move between the tabs and only the selected panel shows', () => {
    render(<DepositStatus {...props()} />);
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
    fireEvent.keyDown(chain, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(ln);
    fireEvent.keyDown(ln, { key: 'End' });
    expect(chain.getAttribute('tabindex')).toBe('0');
    expect(ln.getAttribute('tabindex')).toBe('-1');
  });

  test('the whole invoice is on the page; Open in wallet links; Copy copies it and names what was copied', async () => {
    render(<DepositStatus {...props()} />);
    expect(INVOICE.length).toBeGreaterThan(100);
    expect(document.querySelector('#deposit-address-lightning')!.textContent).toBe(INVOICE);
    expect(screen.getByRole('link', { name: 'Open in wallet (Lightning invoice)' }).getAttribute('href')).toBe(`lightning:${INVOICE}`);
    expect(document.querySelector('#deposit-panel-onchain .deposit-open')!.getAttribute('href')).toBe(`bitcoin:${ADDRESS}?amount=0.00100000`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the Lightning invoice' })));
    expect(copied).toEqual([INVOICE]);
    expect(seen.toasts).toEqual([{ kind: 'success', message: 'Invoice copied', id: 'deposit-copy' }]);
    fireEvent.click(screen.getByRole('tab', { name: 'BTC OnChain' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the Bitcoin address' })));
    expect(seen.toasts.at(-1)).toEqual({ kind: 'success', message: 'Address copied', id: 'deposit-copy' });
  });

  test('when the browser refuses to copy, the player is told instead of a false "copied"', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    render(<DepositStatus {...props()} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the Lightning invoice' })));
    expect(seen.toasts.map((t) => t.kind)).toEqual(['error']);
  });
});

describe('DepositStatus once something happened to the money', () => {
  test('paid more than asked: the news says what arrived in all, and that all of it is in the wallet', () => {
    render(<DepositStatus {...props({ status: 'completed', invoiceStatus: 'Settled', amountCents: 2_000, creditedCents: 2_400 })} />);
    expect(news()).toContain('Paid — $24.00 is in your wallet');
    expect(news()).toContain('You paid $24.00 for a $20.00 deposit; all $24.00 is in your wallet.');
  });

  test('paid: the news first, with Play now and See history; no QR, amount to send, Copy or timer', () => {
    render(<DepositStatus {...props({ status: 'completed', invoiceStatus: 'Settled', creditedCents: 5_000 })} />);
    expect(news()).toContain('Paid — $50.00 is in your wallet');
    expect(news()).not.toContain('more than');
    expect(screen.getByRole('link', { name: 'Play now' }).getAttribute('href')).toBe('/home#transfer');
    expect(screen.getByRole('link', { name: 'See history' }).getAttribute('href')).toBe('/transactions?type=DEPOSIT');
    expect(qr('QR code of the Lightning invoice')).toBeNull();
    expect(screen.queryByText(/Send exactly/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
    expect(clockText()).toBeNull();
    seconds(5);
    expect(clockText()).toBeNull();
  });

  test('partly paid while the invoice is open: what is still due at the top, and the destinations for the rest', () => {
    render(<DepositStatus {...props({ status: 'completed', creditedCents: 2_000 })} />);
    expect(news()).toContain('Still to pay: $30.00');
    expect(news()).toContain('$20.00 of your $50.00 deposit has arrived and is in your wallet.');
    expect(shown('QR code of the Lightning invoice')).toBe(true);
    expect(clockText()).toBe('15:00');
  });

  test('partly paid and expired: no QR, a new deposit for the rest', () => {
    render(<DepositStatus {...props({ status: 'completed', invoiceStatus: 'Expired', creditedCents: 2_000 })} />);
    expect(news()).toContain('Still to pay: $30.00');
    expect(news()).toContain('Start a new deposit for the rest.');
    expect(qr('QR code of the Lightning invoice')).toBeNull();
    expect(screen.getByRole('link', { name: 'New Deposit' })).toBeTruthy();
  });

  test('a payment seen but unconfirmed says so, with no QR to pay again', () => {
    render(<DepositStatus {...props({ invoiceStatus: 'Processing', processingCents: 5_000 })} />);
    expect(news()).toBe('Payment $50.00 received, waiting for confirmation.');
    expect(qr('QR code of the Lightning invoice')).toBeNull();
  });

  test('expired before any payment, by status or because its time passed before the page was opened', () => {
    render(<DepositStatus {...props({ status: 'expired', invoiceStatus: 'Expired' })} />);
    expect(news()).toContain('This deposit expired before any payment arrived.');
    cleanup();
    jest.setSystemTime(T0 + 16 * 60_000);
    render(<DepositStatus {...props({}, T0 + 16 * 60_000)} />);
    expect(news()).toContain('This deposit expired before any payment arrived.');
    expect(clockText()).toBeNull();
  });
});
