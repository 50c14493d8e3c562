// The sandbox on mainnet outside production, in a real browser: its deposit addresses are real mainnet ones nobody
// holds the keys to, so the page says not to send real Bitcoin and the words lie across each QR code, before and
// after the island wakes. Screenshots at 390 and 1280 px land in test-results/layout.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { call } from '../helpers/app';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { DESKTOP, launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

const SHOTS = resolve(import.meta.dir, '../../test-results/layout');
let server: TestServer;
let browser: Browser;
let player: TestPlayer;
let path = '';

setDefaultTimeout(60_000);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ BITCOIN_NETWORK: 'mainnet' });
  player = await createPlayer(server.app);
  const d = (await call(server.app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '20' }, { token: player.token })).json.data;
  path = `/deposit-bitcoin?deposit=${d.depositId}`;
  browser = await launchBrowser();
  await signInAs(browser.context, server.url, player.token);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server.app.deps.deposits.idle();
  await server?.stop();
});

describe('the sandbox on mainnet', () => {
  test('the deposit page says not to send real Bitcoin, and so does each QR code, at both widths', async () => {
    for (const [viewport, name] of [[PHONE, 'deposit-sandbox-mainnet-390'], [DESKTOP, 'deposit-sandbox-mainnet-1280']] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(server.url + path);
      expect(await page.getByRole('note').filter({ hasText: 'Payments demo (sandbox).' }).isVisible()).toBe(true);
      const qr = page.getByRole('img', { name: 'QR code of the Lightning invoice, from a sandbox: do not send real Bitcoin to it' });
      const stamp = qr.locator('.deposit-qr-stamp');
      expect([await stamp.isVisible(), await stamp.textContent()]).toEqual([true, 'Sandbox: do not send real Bitcoin']);
      // Across the code itself, inside its box.
      const [q, s] = [(await qr.boundingBox())!, (await stamp.boundingBox())!];
      expect(s.y).toBeGreaterThan(q.y);
      expect(s.y + s.height).toBeLessThan(q.y + q.height);
      expect(await page.getByRole('link', { name: /Open in wallet/ }).count()).toBe(0);
      // Woken (a tab tapped), the island draws the same: the other tab's code is stamped too, and nothing mismatched.
      await page.getByRole('tab', { name: 'BTC OnChain' }).click();
      await page.locator('[data-island="DepositStatus"][data-hydrated]').waitFor({ state: 'attached' });
      const onchain = page.getByRole('img', { name: 'QR code of the Bitcoin address, from a sandbox: do not send real Bitcoin to it' });
      await onchain.waitFor();
      expect(await onchain.locator('.deposit-qr-stamp').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      await page.close();
    }
    expect(browser.errors).toEqual([]);
  });
});
