import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { serveApp } from '../../src/serve';
import { makeApp, type TestApp } from '../helpers/app';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { DESKTOP, launchBrowser, PHONE, type Browser } from './browser';

// A port of this suite's own range.
const PORT = 3500;
const AT = `http://127.0.0.1:${PORT}`;
const INVOICE = 'lnbcrt50u1pnxyz7npp5' + 'qqqsyqcyq5rqwzqf'.repeat(12) + 'sp5zyg3zyg3zyg3';
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const PATH = '/deposit-bitcoin?' + new URLSearchParams({ lightningAddress: INVOICE, onchainAddress: ADDRESS });
/** Where the screenshots go, for a person to look at; nothing asserts on them. */
const SHOTS = process.env.SCREENSHOT_DIR;

let browser: Browser;
let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let player: TestPlayer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  app = await makeApp({ PUBLIC_URL: AT });
  server = serveApp(app, { port: PORT, hostname: '127.0.0.1' });
  player = await createPlayer(app, { name: 'Dana' });
  browser = await launchBrowser();
  await browser.context.addCookies([{ name: 'token', value: player.token, url: AT, httpOnly: true, sameSite: 'Lax' }]);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: AT });
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  app?.deps.database.client.close();
}, 30_000);

const clockText = (page: Page) => page.getByRole('timer').textContent();
/** Hydrated once the island's effects ran: the countdown has read its stored start. */
const hydrated = (page: Page) => page.waitForFunction(() => !!localStorage.getItem('btc-timer-start'));

describe('Bitcoin deposit page in chromium', () => {
  test('at 390 px: the QR at full size, the countdown ticking, copy, keyboard tabs, tooltip and live payment status', async () => {
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
      expect(first).toMatch(/^(30:00|29:5\d)$/);
      await page.waitForFunction((t) => document.querySelector('[role="timer"]')?.textContent !== t, first, { timeout: 5_000 });
      expect(await clockText(page)).toMatch(/^29:5\d$/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-390.png`, fullPage: true });

      await page.getByRole('button', { name: 'Copy the Lightning invoice' }).click();
      await page.locator('#toasts').getByText('Link Copied').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(INVOICE);

      await page.getByRole('tab', { name: 'BTC Lightning' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'BTC OnChain' }).getAttribute('aria-selected')).resolves.toBe('true');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('BTC OnChain');
      await expect(page.getByRole('img', { name: 'QR code of the Bitcoin address' }).isVisible()).resolves.toBe(true);
      await expect(qr.isVisible()).resolves.toBe(false);

      const tip = page.getByRole('tooltip');
      await expect(tip.isVisible()).resolves.toBe(false);
      await page.getByRole('link', { name: 'Deposit help' }).focus();
      await expect(tip.isVisible()).resolves.toBe(true);
      expect(await tip.textContent()).toBe('How to deposit with card');

      // A payment seen by the server reaches the page over its socket.
      await page.waitForFunction(() => !!document.querySelector('.deposit-payment'));
      await waitForPush(page, () => app.deps.hub.publish(player.userId, { event: 'InvoiceReceivedPayment', data: { amount: 42.5 } }), 'Payment $42.50 received, waiting for confirmation.');
      await waitForPush(page, () => app.deps.hub.publish(player.userId, { event: 'InvoicePaymentSettled', data: { amount: 42.5 } }), 'Payment Settled: $42.50');
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

  test('a reload continues the countdown; at 1280 px the page reads well', async () => {
    const page = await browser.newPage(DESKTOP);
    try {
      await page.goto(AT + PATH);
      await hydrated(page);
      // Started in the first test: well under 30:00 by now, and not reset by this new page.
      const started = await page.evaluate(() => JSON.parse(localStorage.getItem('btc-timer-start')!).startedAt as number);
      expect(Date.now() - started).toBeGreaterThan(1_000);
      expect(await clockText(page)).not.toBe('30:00');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-1280.png`, fullPage: true });
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

/** Publishes until the page shows the text: the socket may still be joining the player's channel. */
async function waitForPush(page: Page, publish: () => void, text: string) {
  for (let i = 0; i < 50; i++) {
    publish();
    if (await page.getByText(text, { exact: true }).isVisible()) return;
    await Bun.sleep(100);
  }
  throw new Error(`the page never showed "${text}"`);
}
