import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { available, fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { verifyLedger } from '../../src/services/ledger/ledger-verify';
import { launchBrowser, PHONE, startServer, type Browser, type TestServer, signInAs, islandHydrated } from './browser';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let browser: Browser;
let server: TestServer;
let ada: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  // Sandbox payouts complete by themselves; two seconds keeps the journey short.
  server = await startServer({ SANDBOX_PAYOUT_DELAY_S: '2' });
  ada = await createPlayer(server.app, { name: 'Ada' });
  await fund(server.app, ada.userId, 30_000);
  browser = await launchBrowser();
  await signInAs(browser.context, server.url, ada.token);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

describe('withdraw journey in chromium, on the embedded defaults', () => {
  test('withdraw $150 on-chain with a $5 tip from the dashboard, then watch it complete in history', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(server.url + '/home#withdraw');
    const form = page.locator('#withdraw');
    await islandHydrated(page, 'WithdrawForm');
    await form.getByText('Rate: $50,000.00 per BTC').waitFor();
    await form.getByLabel('Wallet address').fill(ADDRESS);
    await form.getByLabel('Amount (USD)').fill('99');
    await form.getByRole('button', { name: 'Review Withdrawal' }).click();
    await form.getByText('The smallest on-chain withdrawal is $100.').waitFor();
    await form.getByLabel('Amount (USD)').fill('150');
    await form.getByRole('button', { name: '$5', exact: true }).click();
    await form.getByText('You receive about 0.00300000 BTC').waitFor();
    await form.getByText('$155.00 leaves your wallet with the tip').waitFor();
    await form.getByRole('button', { name: 'Review Withdrawal' }).click();
    // Nothing is held until the review's Request Withdrawal.
    await form.getByRole('heading', { name: 'Check your withdrawal' }).waitFor();
    expect(await available(server.app, ada.userId)).toBe(30_000);
    await form.getByRole('button', { name: 'Request Withdrawal' }).click();
    // The toast goes after two seconds; the form keeps the sentence, with the way to follow the withdrawal.
    await form.getByText('Withdrawal of $150.00 requested, with a $5.00 tip: $155.00 left your wallet. Withdrawals are usually sent within minutes.').waitFor();
    expect(await form.getByRole('link', { name: 'Follow it in your transactions' }).getAttribute('href')).toBe('/transactions?type=WITHDRAW');
    await page.waitForFunction(() => document.querySelector('[data-wallet-balance]')?.textContent === '$145.00');
    // spec §4: fields cleared, the currency back to Bitcoin (BTC).
    expect(await form.getByLabel('Amount (USD)').inputValue()).toBe('');
    expect(await form.getByLabel('Currency').inputValue()).toBe('BTC-CHAIN');

    await page.goto(server.url + '/transactions');
    await islandHydrated(page, 'TransactionsTable');
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page.locator('.tx-table tbody tr').first();
    await row.getByText('-$155.00').waitFor();
    // The sandbox completes the payout after two seconds; the open page hears of it and the row moves on.
    await row.locator('.pill', { hasText: 'completed' }).waitFor({ timeout: 15_000 });
    expect(await available(server.app, ada.userId)).toBe(14_500);
    expect((await verifyLedger(server.app.deps.database.client)).ok).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  test('a pending withdrawal cancelled by hand in history gives amount and tip back', async () => {
    // A server whose sandbox payouts wait for the controls, so the Cancel ending can be tried.
    const held = await startServer({ SANDBOX_PAYOUT_DELAY_S: '3600' });
    try {
      const bo = await createPlayer(held.app);
      await fund(held.app, bo.userId, 20_000);
      const r = await held.app.handle(new Request(held.url + '/api/v1/withdraw/withdraw-request', {
        method: 'POST', headers: { authorization: `Bearer ${bo.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 2 }),
      }));
      expect(r.status).toBe(200);
      expect(await available(held.app, bo.userId)).toBe(9_800);
      await signInAs(browser.context, held.url, bo.token);
      const page = await browser.newPage(PHONE);
      await page.goto(held.url + '/transactions');
      await islandHydrated(page, 'TransactionsTable');
      await page.getByRole('tab', { name: 'Withdrawals' }).click();
      const row = page.locator('.tx-table tbody tr').first();
      await row.getByText('-$102.00').waitFor();
      await row.getByRole('button', { name: 'Sandbox: cancel' }).click();
      await row.locator('.pill', { hasText: 'cancelled' }).waitFor();
      expect(await row.getByRole('button', { name: 'Sandbox: cancel' }).count()).toBe(0);
      expect(await available(held.app, bo.userId)).toBe(20_000);
      await page.waitForFunction(() => document.querySelector('[data-wallet-balance]')?.textContent === '$200.00');
      expect((await verifyLedger(held.app.deps.database.client)).ok).toBe(true);
    } finally {
      await held.stop();
    }
  });
});
