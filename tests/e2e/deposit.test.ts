import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { call, type TestApp } from '../helpers/app';
import { available } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, launchBrowser, PHONE, type Browser, signInAs, islandHydrated, startServer, type TestServer } from './browser';

// A free port (the OS picks it); the journeys use the same server as `localhost`, a second cookie jar.
let AT: string;
let JOURNEY: string;
/** The page suite's own deposit: its Lightning invoice and on-chain address, and the page that shows them. */
let INVOICE: string;
let ADDRESS: string;
let PATH: string;
/** Where the screenshots go, for a person to look at; nothing asserts on them. */
const SHOTS = process.env.SCREENSHOT_DIR;

let browser: Browser;
let app: TestApp;
let server: TestServer;
let player: TestPlayer;
/** The player of the deposit journeys (their own balance, untouched by the page tests above). */
let payer: TestPlayer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  server = await startServer();
  app = server.app;
  AT = server.url;
  JOURNEY = AT.replace('127.0.0.1', 'localhost');
  player = await createPlayer(app, { name: 'Dana' });
  const d = (await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '50' }, { token: player.token })).json.data;
  INVOICE = d.payment_methods.find((m: { paymentMethodId: string }) => m.paymentMethodId === 'BTC-LN').destination;
  ADDRESS = d.payment_methods.find((m: { paymentMethodId: string }) => m.paymentMethodId === 'BTC-CHAIN').destination;
  PATH = `/deposit-bitcoin?deposit=${d.depositId}`;
  payer = await createPlayer(app, { name: 'Eli' });
  browser = await launchBrowser();
  await signInAs(browser.context, AT, player.token);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: AT });
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

const clockText = (page: Page) => page.getByRole('timer').textContent();
const hydrated = (page: Page) => islandHydrated(page, 'DepositStatus');

describe('Bitcoin deposit page in chromium', () => {
  test('at 390 px: the QR at full size, the countdown ticking, the whole invoice, Open in wallet, copy, keyboard tabs and tooltip', async () => {
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(AT + PATH);
      await hydrated(page);
      const qr = page.getByRole('img', { name: 'QR code of the Lightning invoice' });
      await expect(qr.isVisible()).resolves.toBe(true);
      const box = (await qr.locator('svg').boundingBox())!;
      expect(Math.round(box.width)).toBeGreaterThanOrEqual(240);
      expect(Math.round(box.width)).toBeLessThanOrEqual(256);
      const first = await clockText(page);
      expect(first).toMatch(/^(30:00|29:[0-5]\d)$/);
      await page.waitForFunction((t) => document.querySelector('[role="timer"]')?.textContent !== t, first, { timeout: 5_000 });
      expect(await clockText(page)).toMatch(/^29:[0-5]\d$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-390.png`, fullPage: true });

      // The whole invoice is on the page; Open in wallet opens it in a wallet app; Copy names what it copied.
      expect(await page.locator('#deposit-address-lightning').textContent()).toBe(INVOICE);
      expect(await page.getByRole('link', { name: 'Open in wallet (Lightning invoice)' }).getAttribute('href')).toBe(`lightning:${INVOICE}`);
      await page.getByRole('button', { name: 'Copy the Lightning invoice' }).click();
      await page.locator('#toasts').getByText('Invoice copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(INVOICE);

      await page.getByRole('tab', { name: 'BTC Lightning' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'BTC OnChain' }).getAttribute('aria-selected')).resolves.toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('BTC OnChain');
      await expect(page.getByRole('img', { name: 'QR code of the Bitcoin address' }).isVisible()).resolves.toBe(true);
      await expect(qr.isVisible()).resolves.toBe(false);
      expect(await page.getByRole('link', { name: 'Open in wallet (Bitcoin address)' }).getAttribute('href')).toMatch(new RegExp(`^bitcoin:${ADDRESS}\\?amount=0\\.00100000$`));

      const tip = page.getByRole('tooltip');
      await expect(tip.isVisible()).resolves.toBe(false);
      await page.getByRole('link', { name: 'Deposit help' }).focus();
      await expect(tip.isVisible()).resolves.toBe(true);
      expect(await tip.textContent()).toBe('How to deposit with Bitcoin or Cash App');

      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('at 360 px nothing is wider than the screen and both tabs show whole', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    try {
      await page.goto(AT + PATH);
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        tabs: [...document.querySelectorAll('.deposit-tabs .tab')].map((t) => t.scrollWidth - t.clientWidth),
        card: document.querySelector('.deposit-card')!.getBoundingClientRect().right - window.innerWidth,
      }));
      expect(fit.page).toBeLessThanOrEqual(0);
      expect(fit.tabs).toEqual([0, 0]);
      expect(fit.card).toBeLessThan(0);
    } finally {
      await page.close();
    }
  });

  test("a reload shows the invoice's own time left, not a fresh 30:00; at 1280 px the page reads well", async () => {
    const page = await browser.newPage(DESKTOP);
    try {
      await page.goto(AT + PATH);
      await hydrated(page);
      // Counted from the invoice's expiry (made when the suite started), so well under 30:00 by now.
      await page.waitForFunction(() => document.querySelector('[role="timer"]')?.textContent !== '30:00');
      expect(await clockText(page)).toMatch(/^(29|28|27|26|25):[0-5]\d$/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-1280.png`, fullPage: true });
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// The whole journey on the embedded defaults (sandbox payments): wallet menu → modal → deposit page → paid live.
// These run after the page tests above: they start new countdowns, which the reload test above must not see.

const INVALID = 'Please enter a valid amount greater than 0';
const balance = (page: Page) => page.locator('[data-wallet-balance]').textContent();
const waitForBalance = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-wallet-balance]')?.textContent === t, text, { timeout: 10_000 });
/** React has taken over an island's root (hydrateRoot marks its container). */
/** The wallet menu's Deposit item (the header's, not the dashboard's own Deposit button). */
async function depositFromWalletMenu(page: Page) {
  if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
  await page.getByRole('button', { name: /Wallet balance/ }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Deposit', exact: true }).click();
}

/** Fills the open deposit modal with `amount`, confirms, and waits for the deposit page it leads to. */
async function confirmDeposit(page: Page, amount: string): Promise<URL> {
  const dialog = page.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' });
  await dialog.getByLabel('Amount (USD)').fill(amount);
  await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
  await page.waitForURL((u) => u.pathname === '/deposit-bitcoin' && u.searchParams.has('deposit'));
  await islandHydrated(page, 'DepositSimulator');
  await islandHydrated(page, 'DepositStatus');
  return new URL(page.url());
}

const depositOf = async (id: string) => (await call(app, 'GET', `/api/v1/btc/deposit/${id}`, undefined, { token: payer.token })).json.data;

/** Presses a Simulate payment button and waits for its toast (the request is answered once the webhook ran). */
async function simulate(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.locator('#toasts').getByText('Payment simulated.').last().waitFor();
}

/** Same document as before: no navigation or reload happened since `__marker` was set. */
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __marker?: number }).__marker);

describe('deposit journey in chromium (sandbox payments)', () => {
  beforeAll(async () => {
    await signInAs(browser.context, JOURNEY, payer.token);
  });

  test('wallet menu → Deposit → modal checks the amount → 25 → deposit page → Pay in full credits $25.00 live', async () => {
    const page = await browser.newPage(DESKTOP);
    try {
      await page.goto(JOURNEY + '/home');
      await islandHydrated(page, 'WalletMenu');
      await islandHydrated(page, 'DepositModal');
      expect(await balance(page)).toBe('$0.00');

      await depositFromWalletMenu(page);
      const dialog = page.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' });
      await dialog.waitFor();
      expect(new URL(page.url()).pathname).toBe('/home');
      const amount = dialog.getByLabel('Amount (USD)');
      expect(await amount.inputValue()).toBe('');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('deposit-amount');

      await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
      await dialog.getByText(INVALID).waitFor();
      await amount.fill('0');
      await dialog.getByRole('button', { name: 'Confirm Deposit' }).click();
      await dialog.getByText(INVALID).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/home');

      const url = await confirmDeposit(page, '$25.00');
      const id = url.searchParams.get('deposit')!;
      expect(id).toBeTruthy();
      const deposit = await depositOf(id);
      // Only the deposit's id is in the URL.
      expect([...url.searchParams.keys()]).toEqual(['deposit']);
      expect(deposit.amount).toBe(25);
      expect(deposit.btcAmount).toMatch(/^\d+\.\d{1,8}$/);

      // The BTC amount to send, on the Lightning tab and in the deposit's facts.
      await page.getByRole('tab', { name: 'BTC Lightning' }).waitFor();
      expect(await page.getByRole('tab', { name: 'BTC Lightning' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('#deposit-panel-lightning .deposit-amount').textContent()).toBe(`Send exactly ${deposit.btcAmount} BTC`);
      expect(await page.locator('.deposit-facts').textContent()).toContain('$25.00');
      await expect(page.getByRole('img', { name: 'QR code of the Lightning invoice' }).isVisible()).resolves.toBe(true);

      await page.evaluate(() => void ((window as unknown as { __marker: number }).__marker = 1));
      const panel = page.getByRole('region', { name: 'Simulate payment' });
      await panel.waitFor();
      await simulate(page, 'Pay in full');
      await waitForBalance(page, '$25.00');
      await page.getByText('Paid — $25.00 is in your wallet', { exact: true }).waitFor();
      // Paid: nothing left to pay on the page, and no countdown.
      await expect(page.getByRole('img', { name: 'QR code of the Lightning invoice' }).count()).resolves.toBe(0);
      await expect(page.getByRole('timer').count()).resolves.toBe(0);
      expect(await sameDocument(page)).toBe(1);
      expect(new URL(page.url()).searchParams.get('deposit')).toBe(id);
      expect(await available(app, payer.userId)).toBe(2_500);
      expect((await depositOf(id)).status).toBe('completed');
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('a second deposit paid on-chain: received shows it waiting for confirmation, confirm settles it, no reload', async () => {
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(JOURNEY + '/home');
      await islandHydrated(page, 'WalletMenu');
      await islandHydrated(page, 'DepositModal');
      await depositFromWalletMenu(page);
      await page.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' }).waitFor();
      const url = await confirmDeposit(page, '40');
      const id = url.searchParams.get('deposit')!;
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByRole('tab', { name: 'BTC OnChain' }).click();
      const btc = (await depositOf(id)).btcAmount;
      expect(await page.locator('#deposit-panel-onchain .deposit-amount').textContent()).toBe(`Send exactly ${btc} BTC`);

      await page.evaluate(() => void ((window as unknown as { __marker: number }).__marker = 1));
      await simulate(page, 'On-chain: received');
      await page.getByText('Payment $40.00 received, waiting for confirmation.', { exact: true }).waitFor();
      // Seen, not yet credited: the balance still holds only the first deposit.
      expect(await balance(page)).toBe('$25.00');
      expect(await available(app, payer.userId)).toBe(2_500);

      await simulate(page, 'On-chain: confirm');
      await page.getByText('Paid — $40.00 is in your wallet', { exact: true }).waitFor();
      await waitForBalance(page, '$65.00');
      await expect(page.getByText('Payment $40.00 received, waiting for confirmation.').count()).resolves.toBe(0);
      expect(await sameDocument(page)).toBe(1);
      expect(await available(app, payer.userId)).toBe(6_500);
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('a part payment is credited and the page says how much of the deposit has arrived', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    try {
      await page.goto(JOURNEY + '/deposit-bitcoin');
      await islandHydrated(page, 'WalletMenu');
      await islandHydrated(page, 'DepositModal');
      await depositFromWalletMenu(page);
      await confirmDeposit(page, '20');
      // Six sandbox buttons two a row, and nothing wider than a 360 px phone.
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        rows: new Set([...document.querySelectorAll('.simulate-buttons .btn')].map((b) => Math.round(b.getBoundingClientRect().top))).size,
      }));
      expect(fit).toEqual({ page: 0, rows: 3 });
      const invoice = page.locator('#deposit-address-lightning');
      const first = await invoice.textContent();
      // The provider issues a new Lightning invoice for the rest: the page reloads to draw its QR code (no toast to
      // wait for). Nothing is read off the page until the reloaded one shows the new invoice and has hydrated.
      await page.getByRole('button', { name: 'Pay part', exact: true }).click();
      await page.locator('#deposit-address-lightning', { hasNotText: first! }).waitFor();
      await islandHydrated(page, 'DepositStatus');
      await page.getByText('Still to pay: $10.00', { exact: true }).waitFor();
      await expect(page.getByRole('img', { name: 'QR code of the Lightning invoice' }).isVisible()).resolves.toBe(true);
      await page.getByText('$10.00 of your $20.00 deposit has arrived and is in your wallet.', { exact: true }).waitFor();
      await waitForBalance(page, '$75.00');
      // Part of it arrived: the panel pays the rest as a second payment, and offers nothing else.
      const panel = page.getByRole('region', { name: 'Simulate a second payment' });
      expect(await panel.getByRole('button').allTextContents()).toEqual(['Simulate a second payment']);
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('paid after expiry, still confirming: the page says so, the panel offers no first payment, history no Pay this deposit', async () => {
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(JOURNEY + '/deposit-bitcoin');
      await islandHydrated(page, 'WalletMenu');
      await islandHydrated(page, 'DepositModal');
      await depositFromWalletMenu(page);
      const id = (await confirmDeposit(page, '15')).searchParams.get('deposit')!;
      await simulate(page, 'Pay after expiry');
      await page.getByText('Payment $15.00 received, waiting for confirmation.', { exact: true }).waitFor();
      await expect(page.getByRole('timer').count()).resolves.toBe(0);
      // Live, from the simulation's answer: a confirmation or a second payment, by that name; never "Pay in full".
      const panel = page.getByRole('region', { name: 'Simulate payment' });
      await panel.getByRole('button', { name: 'Simulate a second payment' }).waitFor();
      expect(await panel.getByRole('button').allTextContents()).toEqual(['On-chain: confirm', 'Simulate a second payment']);
      expect((await depositOf(id)).status).toBe('pending');

      await page.goto(JOURNEY + '/transactions?type=DEPOSIT');
      const row = page.locator('tr', { hasText: 'Arrived late, after the invoice expired' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Payment received, waiting for confirmation');
      expect(await row.getByRole('link', { name: 'Pay this deposit' }).count()).toBe(0);
      expect(await row.getByRole('link', { name: 'See this deposit' }).getAttribute('href')).toBe(`/deposit-bitcoin?deposit=${id}`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-late-history-390.png`, fullPage: true });
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('once paid, the panel offers only a second payment, by that name; what arrived is said in total', async () => {
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(JOURNEY + '/deposit-bitcoin');
      await islandHydrated(page, 'WalletMenu');
      await islandHydrated(page, 'DepositModal');
      await depositFromWalletMenu(page);
      await confirmDeposit(page, '25');
      await simulate(page, 'Pay in full');
      await page.getByText('Paid — $25.00 is in your wallet', { exact: true }).waitFor();
      const panel = page.getByRole('region', { name: 'Simulate a second payment' });
      await panel.waitFor();
      expect(await panel.getByRole('button').allTextContents()).toEqual(['Simulate a second payment']);
      await simulate(page, 'Simulate a second payment');
      await page.getByText('You paid $50.00 for a $25.00 deposit; all $50.00 is in your wallet.', { exact: true }).waitFor();
      // Drawn again (a reload), the panel is still the second payment's.
      await page.reload();
      await page.getByRole('region', { name: 'Simulate a second payment' }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-paid-twice-390.png`, fullPage: true });
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe('deposit form without JavaScript', () => {
  let chrome: Chromium;
  let context: BrowserContext;
  const errors: string[] = [];

  beforeAll(async () => {
    chrome = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    context = await chrome.newContext({ javaScriptEnabled: false, viewport: PHONE });
    await signInAs(context, JOURNEY, payer.token);
  }, 30_000);
  afterAll(async () => {
    await context?.close();
    await chrome?.close();
  }, 30_000);

  test('/deposit-bitcoin is the form: 10 leads to the deposit page with its QR codes; abc comes back with the error and the typed value', async () => {
    const page = await context.newPage();
    // A refused form post answers 400 with the page again (by design); chromium logs that document's status as a
    // console error, which is the one error expected here. Anything else still counts.
    page.on('console', (m) => {
      const refusedPost = /status of 400/.test(m.text()) && m.location().url === JOURNEY + '/deposit-bitcoin';
      if (m.type() === 'error' && !refusedPost) errors.push(`${page.url()}: ${m.text()}`);
    });
    try {
      await page.goto(JOURNEY + '/deposit-bitcoin');
      await page.getByRole('heading', { name: 'Deposit with CashApp / Bitcoin' }).waitFor();
      const amount = page.getByLabel('Amount (USD)');
      await amount.fill('10');
      await page.getByRole('button', { name: 'Confirm Deposit' }).click();
      await page.waitForURL((u) => u.pathname === '/deposit-bitcoin' && u.searchParams.has('deposit'));
      const url = new URL(page.url());
      expect([...url.searchParams.keys()]).toEqual(['deposit']);
      const deposit = await depositOf(url.searchParams.get('deposit')!);
      expect(deposit.amount).toBe(10);
      await expect(page.getByRole('img', { name: 'QR code of the Lightning invoice' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('img', { name: 'QR code of the Bitcoin address' }).isVisible()).resolves.toBe(true);
      await expect(page.getByText(`Send exactly ${deposit.btcAmount} BTC`).first().isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Pay in full' }).isVisible()).resolves.toBe(true);

      await page.goto(JOURNEY + '/deposit-bitcoin');
      await amount.fill('0');
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/deposit-bitcoin'),
        page.getByRole('button', { name: 'Confirm Deposit' }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await page.waitForLoadState();
      const error = page.locator('#deposit-page-amount-error');
      expect(await error.textContent()).toBe(INVALID);
      expect(await amount.inputValue()).toBe('0');
      expect(await amount.getAttribute('aria-describedby')).toBe('deposit-page-amount-error');
      // Under the field: the message sits just below the input.
      const [field, message] = [(await amount.boundingBox())!, (await error.boundingBox())!];
      expect(message.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
      expect(new URL(page.url()).searchParams.has('deposit')).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
