// /solvency in a real browser: a signed-in player checks a real snapshot (the island downloads the public file and
// rebuilds the tree with the browser's own crypto); a wrong nonce names the failed step; without script the list and
// totals are there. Screenshots at 390 and 1280 px land in test-results/layout.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { DESKTOP, islandHydrated, launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

const SHOTS = resolve(import.meta.dir, '../../test-results/layout');
let server: TestServer;
let browser: Browser;
let player: TestPlayer;
let totalText = '';

setDefaultTimeout(60_000);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  player = await createPlayer(server.app);
  await fund(server.app, player.userId, 321_09);
  for (let i = 0; i < 40; i++) await fund(server.app, (await createPlayer(server.app)).userId, 1_000 + i * 137);
  const s = await server.app.deps.solvency.publish();
  totalText = `$${(s.rootCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/solvency', () => {
  test("a signed-in player's balance is found in the published total, at both widths", async () => {
    await browser.context.clearCookies();
    await signInAs(browser.context, server.url, player.token);
    for (const [viewport, name] of [[PHONE, 'solvency-390'], [DESKTOP, 'solvency-1280']] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(server.url + '/notifications');
      // The notice links to the check of this very snapshot.
      await page.getByRole('link', { name: 'Check your balance in the proof' }).click();
      await page.waitForURL(/\/solvency\?snapshot=/);
      await islandHydrated(page, 'SolvencyCheck');
      await page.getByRole('button', { name: 'Check my balance' }).click();
      const result = page.getByRole('alert').filter({ hasText: 'is included in the total' });
      await result.waitFor({ timeout: 20_000 });
      expect(await result.textContent()).toContain(`Your $321.09 on `);
      expect(await result.textContent()).toContain(`is included in the total of ${totalText}.`);
      expect(await result.textContent()).toContain('Web Crypto confirmed your leaves.');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
      await page.close();
    }
    expect(browser.errors).toEqual([]);
  });

  test('a wrong nonce: the check says which step failed', async () => {
    await browser.context.clearCookies();
    const page = await browser.newPage(PHONE);
    await page.goto(server.url + '/solvency');
    await islandHydrated(page, 'SolvencyCheck');
    await page.getByLabel('Your account nonce').fill('ab'.repeat(32));
    await page.getByRole('button', { name: 'Check my balance' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'The check failed' });
    await failed.waitFor({ timeout: 20_000 });
    expect(await failed.textContent()).toContain('The check failed at step “finding your leaves”.');
    await page.close();
    expect(browser.errors).toEqual([]);
  });

  test('without script: the snapshot list and the totals, and the page says it is no audit', async () => {
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await plain.newPage(PHONE);
      await page.goto(server.url + '/solvency');
      expect(await page.locator('.solvency-total').textContent()).toBe(totalText);
      expect(await page.locator('.solvency-table tbody tr').count()).toBe(1);
      expect(await page.getByText('not an audit', { exact: false }).count()).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Check my balance' }).isDisabled()).toBe(true);
      await page.screenshot({ path: join(SHOTS, 'solvency-390-no-script.png'), fullPage: true });
    } finally {
      await plain.close();
    }
  });
});
