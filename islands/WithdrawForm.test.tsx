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
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
/** Step 1: the form, then Review Withdrawal. */
const fill = (amount: string, tip?: string) => {
  fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: ADDRESS } });
  fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: amount } });
  if (tip) fireEvent.click(screen.getByRole('button', { name: `$${tip}` }));
  press('Review Withdrawal');
};
const reviewShown = () => screen.findByRole('heading', { name: 'Check your withdrawal' });
const fact = (term: string) => [...document.querySelectorAll('.review-facts dt')].find((d) => d.textContent === term)?.nextElementSibling?.textContent;

describe('WithdrawForm: nothing is held until the player has checked it', () => {
  test('the review shows every figure and holds nothing; Request Withdrawal withdraws, and the sentence stays in the form', async () => {
    signedIn(open, ada);
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    fill('150', '5');
    const heading = await reviewShown();
    expect(document.activeElement).toBe(heading);
    expect(await available(open, ada.userId)).toBe(30_000);
    expect(screen.getByText(ADDRESS, { selector: 'code.review-destination' })).toBeTruthy();
    expect([fact('Network'), fact('Amount'), fact('Tip'), fact('Leaves your wallet'), fact('You receive'), fact('What happens next')]).toEqual([
      'Bitcoin on-chain (regtest)', '$150.00', "$5.00, a tip to the site's team", '$155.00', '0.00300000 BTC at $50,000.00 per BTC', 'Withdrawals are usually sent within minutes.',
    ]);
    expect(fact('Rate')).toContain('The BTC amount is fixed when you confirm');
    press('Request Withdrawal');
    const said = 'Withdrawal of $150.00 requested, with a $5.00 tip: $155.00 left your wallet. Withdrawals are usually sent within minutes.';
    const title = await screen.findByText(said, { selector: '.move-result-title' });
    expect(title.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow it in your transactions' }).getAttribute('href')).toBe('/transactions?type=WITHDRAW');
    expect(seen.toasts.map((t) => t.message)).toEqual([said]);
    expect(await available(open, ada.userId)).toBe(14_500);
    // spec §4: fields cleared. The next attempt starts clean: a refusal does not sit under the last success.
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');
    fill('99');
    await screen.findByText('The smallest on-chain withdrawal is $100.');
    expect(screen.queryByText(said, { selector: '.move-result-title' })).toBeNull();
  });

  test('Change goes back to the form as typed, focus at the amount; a changed amount is reviewed again', async () => {
    signedIn(open, ada);
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    fill('120', '2');
    await reviewShown();
    press('Change');
    const amount = screen.getByLabelText('Amount (USD)') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect([amount.value, (screen.getByLabelText('Wallet address') as HTMLInputElement).value, (screen.getByLabelText('Tip in whole dollars') as HTMLInputElement).value]).toEqual(['120', ADDRESS, '2']);
    fireEvent.change(amount, { target: { value: '130' } });
    press('Review Withdrawal');
    await reviewShown();
    expect(fact('Leaves your wallet')).toBe('$132.00');
  });

  test('the tip is explained beside its picks, and the picks stay a small share of the amount', () => {
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    expect(screen.getByText(/A thank-you to the site.s team/)).toBeTruthy();
    const picks = () => [...document.querySelectorAll('.tip-presets button')].map((b) => b.textContent);
    expect(picks()).toEqual([]);
    for (const [amount, want] of [['20', ['$1', '$2']], ['100', ['$1', '$2', '$5', '$10']], ['1,000', ['$1', '$2', '$5', '$10', '$50', '$100']], ['5', []]] as const) {
      fireEvent.change(screen.getByLabelText('Amount (USD)'), { target: { value: amount } });
      expect(picks()).toEqual([...want]);
    }
  });

  test('a typed tip that is not whole dollars stays as typed and is refused with its message: "2.50" never becomes $250', async () => {
    signedIn(open, ada);
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    const tip = screen.getByLabelText('Tip in whole dollars') as HTMLInputElement;
    for (const typed of ['2.50', '-3', '1,5']) {
      fireEvent.change(tip, { target: { value: typed } });
      expect(tip.value).toBe(typed);
      fill('150');
      await screen.findByText('Tip must be a whole number of dollars');
      // The quote counts no tip it would not send.
      expect(document.body.textContent).not.toContain('leaves your wallet with the tip');
    }
    fireEvent.change(tip, { target: { value: '3' } });
    // The quote is read with the button, not out loud at each keystroke.
    const review = screen.getByRole('button', { name: 'Review Withdrawal' });
    const quote = document.getElementById(review.getAttribute('aria-describedby')!)!;
    expect(quote.getAttribute('aria-live')).toBeNull();
    expect(quote.textContent).toContain('$153.00 leaves your wallet with the tip');
  });

  test('an answer lost on the way back: the retry is the same withdrawal (same key), one hold; the next review is a new key', async () => {
    const cy = await createPlayer(open);
    await fund(open, cy.userId, 30_000);
    const server = routeFetchTo(open);
    server.jar.set('token', cy.token);
    render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
    fill('100');
    await reviewShown();
    server.loseAnswers(1);
    press('Request Withdrawal');
    const confirms = () => server.sent.filter((x) => x.path === '/api/v1/withdraw/confirm');
    await waitFor(() => expect(confirms()).toHaveLength(1));
    await waitFor(async () => expect(await available(open, cy.userId)).toBe(20_000));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Request Withdrawal' }) as HTMLButtonElement).disabled).toBe(false));
    press('Request Withdrawal');
    await screen.findByText(/Withdrawal of \$100\.00 requested\./, { selector: '.move-result-title' });
    expect(await available(open, cy.userId)).toBe(20_000);
    expect(confirms().map((x) => x.key)).toEqual([confirms()[0]!.key, confirms()[0]!.key]);
    const rows = await open.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM withdrawals WHERE user_id = ?', args: [cy.userId] });
    expect(Number(rows.rows[0]!.n)).toBe(1);
    fill('100');
    await reviewShown();
    press('Request Withdrawal');
    await waitFor(async () => expect(await available(open, cy.userId)).toBe(10_000));
    expect(new Set(confirms().map((x) => x.key)).size).toBe(2);
  });

  test('the rate moved against the player: the new figures are shown with why, and nothing is held until confirmed again', async () => {
    const dee = await createPlayer(open);
    await fund(open, dee.userId, 30_000);
    signedIn(open, dee);
    const original = open.deps.payments.currentRate;
    try {
      render(<WithdrawForm walletCents={30_000} rateUsdPerBtc={50_000} network="regtest" />);
      fill('100');
      await reviewShown();
      open.deps.payments.currentRate = async () => '60000.00';
      press('Request Withdrawal');
      await screen.findByText(/The Bitcoin rate moved since you checked/);
      expect(fact('You receive')).toBe('0.00166666 BTC at $60,000.00 per BTC');
      expect(await available(open, dee.userId)).toBe(30_000);
      press('Request Withdrawal');
      await screen.findByText(/Withdrawal of \$100\.00 requested\./, { selector: '.move-result-title' });
      expect(await available(open, dee.userId)).toBe(20_000);
    } finally {
      open.deps.payments.currentRate = original;
    }
  });
});

describe('WithdrawForm: refusals', () => {
  test('a refusal that names a page shows at the first step, in the form with the link, not as a toast, and holds nothing', async () => {
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
    expect(screen.queryByRole('heading', { name: 'Check your withdrawal' })).toBeNull();
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
