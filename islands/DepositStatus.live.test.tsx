import { afterEach, beforeAll, describe, expect, jest, test } from 'bun:test';
import { fromPeer, LOOPBACK, makeApp, type TestApp } from '../tests/helpers/app';
import { FakeWebSocket } from '../tests/helpers/fake-websocket';
import { islandDom, routeFetchTo } from '../tests/helpers/islands';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { paymentProcessingCents, paymentSettledCents, walletCents } from './_client/signals';
import DepositStatus, { DEPOSIT_POLL_MS, type DepositSummary } from './DepositStatus';

const { render, screen, cleanup, act } = await islandDom('http://localhost:3000/deposit-bitcoin');

let app: TestApp;
let player: TestPlayer;
let sent: { method: string; path: string }[];
beforeAll(async () => {
  FakeWebSocket.install();
  app = await makeApp();
  player = await createPlayer(app);
  const route = routeFetchTo(app);
  route.jar.set('token', player.token);
  sent = route.sent;
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
  paymentProcessingCents.value = null;
  paymentSettledCents.value = null;
  // The page's signals are shared by every island test file in this process: leave none behind.
  walletCents.value = null;
});

/** A real sandbox deposit of this player, as the page hands it to the island. */
async function newDeposit(dollars: string): Promise<DepositSummary> {
  const res = await app.handle(new Request('http://localhost:3000/api/v1/btc/create-deposit-request', {
    method: 'POST', headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ amount: dollars }),
  }));
  const d = (await res.json()).data;
  return { id: d.depositId, invoiceId: d.invoiceId, amountCents: Number(dollars) * 100, btcAmount: d.btcAmount, status: 'pending', invoiceStatus: d.invoiceStatus, creditedCents: 0, processingCents: 0, expiresAt: d.expiresAt };
}
const pay = (d: DepositSummary, action: string) =>
  app.handle(fromPeer(new Request(`http://localhost:3000/api/v1/sandbox/deposits/${d.id}/simulate`, {
    method: 'POST', headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ action }),
  }), LOOPBACK));
const reads = (d: DepositSummary) => sent.filter((r) => r.path === `/api/v1/btc/deposit/${d.id}`).length;
/** Lets the island's request to the app and its re-render finish. */
const settle = async () => {
  for (let i = 0; i < 10; i++) await act(async () => void (await new Promise((r) => setImmediate(r))));
};
const ADDRESS = { method: 'onchain' as const, address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', qrSvg: '<svg></svg>' };

describe('DepositStatus keeps a deposit true without its pushes', () => {
  test('while no socket is held it polls the deposit, so a payment missed by the socket still shows', async () => {
    // Paid before the page's clock is faked: the ledger's writer runs on a timer of its own.
    const d = await newDeposit('15');
    await pay(d, 'pay');
    jest.useFakeTimers();
    render(<DepositStatus addresses={[ADDRESS]} deposit={d} renderedAtMs={Date.now()} />);
    expect(screen.queryByText('Paid — $15.00 is in your wallet')).toBeNull();
    const before = reads(d);
    act(() => void jest.advanceTimersByTime(DEPOSIT_POLL_MS));
    await settle();
    expect(reads(d)).toBe(before + 1);
    expect(screen.getByText('Paid — $15.00 is in your wallet')).toBeTruthy();
  });

  test('focus in the pay area when it goes (the payment settled) moves to the news, not to the page', async () => {
    const d = await newDeposit('12');
    render(<DepositStatus addresses={[ADDRESS]} deposit={d} renderedAtMs={Date.now()} />);
    await settle();
    screen.getAllByRole('button', { name: /^Copy/ })[0]!.focus();
    await pay(d, 'pay');
    act(() => FakeWebSocket.latest().push('InvoicePaymentSettled', { amount: 12, depositId: d.id }));
    await settle();
    expect(screen.getByText('Paid — $12.00 is in your wallet')).toBeTruthy();
    expect(document.activeElement).toBe(document.querySelector('.deposit-state'));
  });

  test('when the socket comes back it re-reads at once; a push for another deposit is ignored', async () => {
    const d = await newDeposit('9');
    render(<DepositStatus addresses={[ADDRESS]} deposit={d} renderedAtMs={Date.now()} />);
    await settle();
    const before = reads(d);
    act(() => FakeWebSocket.latest().push('InvoiceReceivedPayment', { amount: 9, depositId: 'someone-else' }));
    await settle();
    expect(reads(d)).toBe(before);
    await pay(d, 'received');
    act(() => FakeWebSocket.latest().push('ready'));
    await settle();
    expect(reads(d)).toBe(before + 1);
    expect(screen.getByText('Payment $9.00 received, waiting for confirmation.')).toBeTruthy();
    await pay(d, 'confirm');
    act(() => FakeWebSocket.latest().push('InvoicePaymentSettled', { amount: 9, depositId: d.id }));
    await settle();
    expect(screen.getByText('Paid — $9.00 is in your wallet')).toBeTruthy();
  });
});
