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
  browser = await launchBrowser({ hasTouch: true });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/solvency', () => {
  test("a signed-in player's first tap or click checks the balance, at both widths (the island wakes on it)", async () => {
    await browser.context.clearCookies();
    await signInAs(browser.context, server.url, player.token);
    for (const [viewport, name, input] of [[PHONE, 'solvency-390', 'touch'], [DESKTOP, 'solvency-1280', 'mouse']] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(server.url + '/notifications');
      // The notice links to the check of this very snapshot.
      await page.getByRole('link', { name: 'Check your balance in the proof' }).click();
      await page.waitForURL(/\/solvency\?snapshot=/);
      // Asleep until used: nothing has woken it, so this one tap (or click) is the player's first, made before React.
      expect(await page.locator('[data-island="SolvencyCheck"][data-hydrated]').count()).toBe(0);
      const button = page.getByRole('button', { name: 'Check my balance' });
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      if (input === 'touch') await page.touchscreen.tap(x, y);
      else await page.mouse.click(x, y);
      const result = page.getByRole('alert').filter({ hasText: 'is included in the total' });
      await result.waitFor({ timeout: 20_000 });
      expect(await result.textContent()).toContain(`Your $321.09 on `);
      expect(await result.textContent()).toContain(`is included in the total of ${totalText}.`);
      expect(await result.textContent()).toContain('Web Crypto confirmed your leaves.');
      // The tap checked, it did not reload the page.
      expect(page.url()).toMatch(/\/solvency\?snapshot=[^&#]+$/);
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

  test('what a player chose or typed before the island woke is what is checked', async () => {
    // A newer snapshot, with more in the wallet: the choice between the two shows in the result.
    await fund(server.app, player.userId, 10_00);
    const newer = await server.app.deps.solvency.publish();
    totalText = `$${(newer.rootCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    // No service worker, so the island's module can be held back: React arrives well after the player's input.
    const slow = await launchBrowser({ serviceWorkers: 'block' });
    try {
      await signInAs(slow.context, server.url, player.token);
      const page = await slow.newPage(PHONE);
      await page.route('**/build/SolvencyCheck.island-*.js', async (r) => {
        await new Promise((done) => setTimeout(done, 1_500));
        await r.continue();
      });
      await page.goto(server.url + '/solvency');
      const options = await page.locator('.solvency-check option').allTextContents();
      expect(options.length).toBe(2);
      expect(new Set(options).size).toBe(2);
      // The older snapshot, chosen before React: the check is of it ($321.09 then), not of the newest ($331.09).
      await page.locator('.solvency-check select').selectOption({ index: 1 });
      expect(await page.locator('[data-island="SolvencyCheck"][data-hydrated]').count()).toBe(0);
      await page.getByRole('button', { name: 'Check my balance' }).click();
      const result = page.getByRole('alert');
      await result.waitFor({ timeout: 20_000 });
      expect(await result.textContent()).toContain('Your $321.09 on ');
      // A nonce typed before React: it is the one checked, and it stays in the field.
      await page.reload();
      await page.getByLabel('Your account nonce').fill('ab'.repeat(32));
      expect(await page.locator('[data-island="SolvencyCheck"][data-hydrated]').count()).toBe(0);
      await page.getByRole('button', { name: 'Check my balance' }).click();
      await page.getByRole('alert').filter({ hasText: 'The check failed' }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('alert').textContent()).toContain('The check failed at step “finding your leaves”.');
      expect(await page.getByLabel('Your account nonce').inputValue()).toBe('ab'.repeat(32));
      expect(slow.errors).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  test('without script: the snapshot list and the totals, and the page says it is no audit', async () => {
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const page = await plain.newPage(PHONE);
      await page.goto(server.url + '/solvency');
      expect(await page.locator('.solvency-total').textContent()).toBe(totalText);
      expect(await page.locator('.solvency-table tbody tr').count()).toBe(2);
      expect(await page.getByText('not an audit', { exact: false }).count()).toBeGreaterThan(0);
      // The check needs script, and says so; the button only reloads the page at the chosen snapshot.
      // (in <noscript>, which Playwright's getByText passes over)
      const hint = page.locator('.solvency-check noscript p');
      expect([await hint.isVisible(), await hint.textContent()]).toEqual([true, 'The check runs in your browser and needs JavaScript. Without it, use the verifier below.']);
      await page.screenshot({ path: join(SHOTS, 'solvency-390-no-script.png'), fullPage: true });
      await page.getByRole('button', { name: 'Check my balance' }).click();
      await page.waitForURL(/\/solvency\?snapshot=/);
      expect(await page.locator('.solvency-total').textContent()).toBe(totalText);
    } finally {
      await plain.close();
    }
  });
});
