import { afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../tests/helpers/app';
import { islandDom, routeFetchTo, watchIslands } from '../tests/helpers/islands';
import { available, fund } from '../tests/helpers/money';
import { createPlayer, type TestPlayer } from '../tests/helpers/players';
import { walletCents } from './_client/signals';
import WithdrawForm from './WithdrawForm';

const { render, screen, fireEvent, waitFor, cleanup } = await islandDom('http://localhost:3000/home');
const seen = watchIslands();
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let open: TestApp;
let guarded: TestApp;
let ada: TestPlayer;
let bo: TestPlayer;

beforeAll(async () => {
  open = await makeApp();
  ada = await createPlayer(open);
  await fund(open, ada.userId, 30_000);
  // A site that asks for a verified identity before the first withdrawal.
  guarded = await makeApp({ IDENTITY_REQUIRED_FOR: 'withdrawal' });
  bo = await createPlayer(guarded);
  await fund(guarded, bo.userId, 30_000);
});
afterEach(() => {
  cleanup();
  seen.clear();
  walletCents.value = null;
});

const signedIn = (app: TestApp, p: TestPlayer) => routeFetchTo(app).jar.set('token', p.token);
const fill = (amount: string, tip?: string) => {
  fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: ADDRESS } });
  fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: amount } });
  if (tip) fireEvent.click(screen.getByRole('button', { name: `$${tip}` }));
  fireEvent.click(screen.getByRole('button', { name: 'Request Withdrawal' }));
};

describe('WithdrawForm', () => {
  test('a requested withdrawal stays said in the form (the toast goes): what left the wallet with the tip, and where to follow it', async () => {
    signedIn(open, ada);
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    fill('150', '5');
    const said = 'Withdrawal of $150.00 requested, with a $5.00 tip: $155.00 left your wallet. Withdrawals are usually sent within minutes.';
    const title = await screen.findByText(said, { selector: '.move-result-title' });
    expect(title.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow it in your transactions' }).getAttribute('href')).toBe('/transactions?type=WITHDRAW');
    expect(seen.toasts.map((t) => t.message)).toEqual([said]);
    expect(await available(open, ada.userId)).toBe(14_500);
    // The next attempt starts clean: a refusal does not sit under the last success.
    fill('99');
    await screen.findByText('The smallest on-chain withdrawal is $100.');
    expect(screen.queryByText(said, { selector: '.move-result-title' })).toBeNull();
  });

  test('a typed tip that is not whole dollars stays as typed and is refused with its message: "2.50" never becomes $250', async () => {
    signedIn(open, ada);
    await fund(open, ada.userId, 30_000);
    const before = await available(open, ada.userId);
    render(<WithdrawForm walletCents={before} rateUsdPerBtc={50_000} network="regtest" />);
    const tip = screen.getByLabelText('Tip in whole dollars') as HTMLInputElement;
    for (const typed of ['2.50', '-3', '1,5']) {
      fireEvent.change(tip, { target: { value: typed } });
      expect(tip.value).toBe(typed);
      fill('150');
      await screen.findByText('Tip must be a whole number of dollars');
      // The quote counts no tip it would not send.
      expect(document.body.textContent).not.toContain('leaves your wallet with the tip');
    }
    expect(await available(open, ada.userId)).toBe(before);
    fireEvent.change(tip, { target: { value: '3' } });
    // The quote is read with the Request button, not out loud at each keystroke.
    const request = screen.getByRole('button', { name: 'Request Withdrawal' });
    const quote = document.getElementById(request.getAttribute('aria-describedby')!)!;
    expect(quote.getAttribute('aria-live')).toBeNull();
    fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: '150' } });
    expect(quote.textContent).toContain('$153.00 leaves your wallet with the tip');
    fill('150');
    await screen.findByText(/Withdrawal of \$150\.00 requested, with a \$3\.00 tip/, { selector: '.move-result-title' });
    expect(await available(open, ada.userId)).toBe(before - 15_300);
  });

  test('an answer lost on the way back: the retry is the same withdrawal (same key), one hold; the next request is new', async () => {
    const cy = await createPlayer(open);
    await fund(open, cy.userId, 30_000);
    const server = routeFetchTo(open);
    server.jar.set('token', cy.token);
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    server.loseAnswers(1);
    fill('100');
    await waitFor(() => expect(server.sent.filter((x) => x.path === '/api/v1/withdraw/withdraw-request')).toHaveLength(1));
    await waitFor(async () => expect(await available(open, cy.userId)).toBe(20_000));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Request Withdrawal' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Request Withdrawal' }));
    await screen.findByText(/Withdrawal of \$100\.00 requested\./, { selector: '.move-result-title' });
    expect(await available(open, cy.userId)).toBe(20_000);
    const asks = server.sent.filter((x) => x.path === '/api/v1/withdraw/withdraw-request');
    expect(asks.map((x) => x.key)).toEqual([asks[0]!.key, asks[0]!.key]);
    const rows = await open.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM withdrawals WHERE user_id = ?', args: [cy.userId] });
    expect(Number(rows.rows[0]!.n)).toBe(1);
    fill('100');
    await waitFor(async () => expect(await available(open, cy.userId)).toBe(10_000));
    expect(new Set(server.sent.filter((x) => x.path === '/api/v1/withdraw/withdraw-request').map((x) => x.key)).size).toBe(2);
  });

  test('a refusal that names a page shows its message in the form with the link to it, not as a toast, and moves nothing', async () => {
    signedIn(guarded, bo);
    // The message sits at the top of a long form: it is scrolled into view from the button.
    const scrolled: Element[] = [];
    const scrollIntoView = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) { scrolled.push(this); };
    let alert: HTMLElement;
    try {
      render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
      fill('100');
      alert = await screen.findByRole('alert');
      await waitFor(() => expect(scrolled).toEqual([alert]));
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
    expect(alert.textContent).toContain('verify your identity');
    const link = screen.getByRole('link', { name: 'Go to Verify your identity' });
    expect(link.getAttribute('href')).toBe('/verify-identity');
    expect(alert.contains(link)).toBe(true);
    expect(seen.toasts).toEqual([]);
    await waitFor(() => expect(document.querySelector('.loader-overlay')).toBeNull());
    expect(await available(guarded, bo.userId)).toBe(30_000);
  });

  test('a link that would leave the site is not shown, whatever the answer says', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ success: false, message: 'Please verify your identity before you withdraw.', errorType: 'IDENTITY_REQUIRED', link: '//elsewhere.example/verify' }), {
        status: 403, headers: { 'content-type': 'application/json' },
      })) as unknown as typeof fetch;
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    fill('100');
    await screen.findByText('Please verify your identity before you withdraw.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  test('a plain post refused by the server re-renders with its message and link', () => {
    render(<WithdrawForm walletCents={30_000} form={{ values: { amount: '100' }, errors: {}, message: 'Please verify your identity before you withdraw.', link: '/verify-identity' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Please verify your identity before you withdraw. Go to Verify your identity');
  });
});
