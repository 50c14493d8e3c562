import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { available, fund } from '../helpers/money';
import { createPlayer } from '../helpers/players';
import { DESKTOP, islandHydrated, launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

// A P2WSH address (62 characters): longer than a phone's field shows, so the review must show it whole, wrapped.
const ADDRESS = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry';
const SHOTS = resolve(import.meta.dir, '../../test-results/withdraw-review');
let server: TestServer;
let withScript: Browser;
let noScript: Browser;

setDefaultTimeout(90_000);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ SANDBOX_PAYOUT_DELAY_S: '3600' });
  withScript = await launchBrowser();
  noScript = await launchBrowser({ javaScriptEnabled: false });
}, 30_000);
afterAll(async () => {
  await withScript?.close();
  await noScript?.close();
  await server?.stop();
}, 30_000);

/** The destination is all there and inside its card: not cut, not running off the screen. */
async function wholeAndInside(page: Page) {
  return page.evaluate((address) => {
    const code = document.querySelector('#withdraw .review-destination') as HTMLElement;
    const card = code.closest('.card')!.getBoundingClientRect();
    const box = code.getBoundingClientRect();
    return { text: code.textContent, fits: box.left >= card.left && box.right <= card.right && code.scrollWidth <= code.clientWidth + 1, lines: Math.round(box.height / parseFloat(getComputedStyle(code).lineHeight)), full: code.textContent === address };
  }, ADDRESS);
}

async function journey(browser: Browser, js: boolean, viewport: { width: number; height: number }, name: string) {
  const p = await createPlayer(server.app, { name: 'Ada' });
  await fund(server.app, p.userId, 30_000);
  await signInAs(browser.context, server.url, p.token);
  const page = await browser.newPage(viewport);
  await page.goto(server.url + '/home#withdraw');
  if (js) await islandHydrated(page, 'WithdrawForm');
  const form = page.locator('#withdraw');
  // The tip explained beside its picks (the picks themselves need script).
  await form.getByText("A thank-you to the site's team", { exact: false }).waitFor();
  await form.getByLabel('Wallet address').fill(ADDRESS);
  await form.getByLabel('Amount (USD)').fill('150');
  if (js) await form.getByRole('button', { name: '$5', exact: true }).click();
  else await form.getByLabel('Tip in whole dollars').fill('5');
  await form.getByRole('button', { name: 'Review Withdrawal' }).click();

  // The review: every figure, and nothing held.
  await form.getByRole('heading', { name: 'Check your withdrawal' }).waitFor();
  expect(await available(server.app, p.userId)).toBe(30_000);
  for (const text of ['Bitcoin on-chain (regtest)', '$150.00', "$5.00, a tip to the site's team", '$155.00', '0.00300000 BTC at $50,000.00 per BTC', 'Withdrawals are usually sent within minutes.'])
    await form.getByText(text, { exact: true }).first().waitFor();
  const shown = await wholeAndInside(page);
  expect(shown).toMatchObject({ full: true, fits: true });
  // On a phone the address takes two lines or more rather than being cut.
  if (viewport.width < 500) expect(shown.lines).toBeGreaterThanOrEqual(2);
  await form.screenshot({ path: join(SHOTS, `${name}-review.png`) });

  // Change: the form again, as typed.
  await form.getByRole('button', { name: 'Change' }).click();
  await form.getByLabel('Amount (USD)').waitFor();
  expect(await form.getByLabel('Wallet address').inputValue()).toBe(ADDRESS);
  expect(await form.getByLabel('Amount (USD)').inputValue()).toBe('150');
  expect(await form.getByLabel('Tip in whole dollars').inputValue()).toBe('5');
  await form.getByLabel('Amount (USD)').fill('120');
  await form.getByRole('button', { name: 'Review Withdrawal' }).click();
  await form.getByText('$125.00', { exact: true }).waitFor();
  expect(await available(server.app, p.userId)).toBe(30_000);

  await form.getByRole('button', { name: 'Request Withdrawal' }).click();
  await page.getByText('Withdrawal of $120.00 requested, with a $5.00 tip: $125.00 left your wallet.', { exact: false }).first().waitFor();
  if (js) {
    // The toast says why the balance changed without covering it (a phone's toasts were once drawn over the header).
    const toast = await page.locator('#toasts .toast').first().boundingBox();
    const balance = await page.locator('.header-wallet [data-wallet-balance]').boundingBox();
    expect(toast && balance && (toast.y >= balance.y + balance.height || toast.y + toast.height <= balance.y)).toBe(true);
  }
  expect(await available(server.app, p.userId)).toBe(17_500);
  await form.screenshot({ path: join(SHOTS, `${name}-requested.png`) });
  await page.close();
}

describe('the withdrawal review step in chromium', () => {
  for (const [js, viewport, name] of [[true, PHONE, 'script-390'], [true, DESKTOP, 'script-1280'], [false, PHONE, 'plain-390'], [false, DESKTOP, 'plain-1280']] as const)
    test(`${js ? 'with' : 'without'} script at ${viewport.width} px: review, change, review again, request`, async () => {
      await journey(js ? withScript : noScript, js, viewport, name);
      expect(withScript.errors).toEqual([]);
    });
});
