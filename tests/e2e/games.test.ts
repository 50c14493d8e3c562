import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { available, fund } from '../helpers/money';
import { gameCents } from '../helpers/games';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { verifyLedger } from '../../src/services/ledger/ledger-verify';
import { launchBrowser, PHONE, startServer, type Browser, type TestServer, signInAs, islandHydrated } from './browser';

let browser: Browser;
let server: TestServer;
let ada: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  server = await startServer();
  ada = await createPlayer(server.app, { name: 'Ada' });
  await fund(server.app, ada.userId, 10_000);
  browser = await launchBrowser();
  await signInAs(browser.context, server.url, ada.token);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

describe('games journey in chromium, on the embedded defaults', () => {
  test('both credentials, reveal, transfer $25 to Ultra Panda, play a round, redeem $10, request a password reset', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(server.url + '/home');
    const up = `up${ada.playerId}`;
    await page.getByText(up).waitFor();
    await page.getByText(`vb${ada.playerId}`).waitFor();
    await islandHydrated(page, 'GameMoveForm');
    await islandHydrated(page, 'GameCredentials');

    await page.getByRole('button', { name: 'Show Ultra Panda password' }).click();
    const shown = (await page.locator('.credential-card').first().locator('code').nth(1).textContent())!;
    expect(shown).toMatch(/^[a-z0-9]{8}$/);

    const transfer = page.locator('#transfer');
    await transfer.getByLabel('Game Platform').selectOption('ultra-panda');
    expect(await transfer.getByLabel('Username').inputValue()).toBe(up);
    await transfer.getByLabel('Amount (credits)').fill('25');
    await transfer.getByRole('button', { name: 'Transfer Funds' }).click();
    await page.getByText('$25.00 transferred to Ultra Panda.').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-wallet-balance]')?.textContent === '$75.00');
    await page.locator('.credential-card').first().getByText('$25.00').waitFor();

    await page.getByRole('button', { name: /Play a round of Ultra Panda/ }).click();
    await page.getByText(/^(You won|You lost|An even round)/).waitFor();
    const afterPlay = await gameCents(server.app, 'ultra-panda', up);

    const redeem = page.locator('#redeem');
    await redeem.getByLabel('Game Platform').selectOption('ultra-panda');
    await redeem.getByLabel('Amount (credits)').fill('10');
    await redeem.getByRole('button', { name: 'Redeem Funds' }).click();
    await redeem.getByText('$10.00 redeemed from Ultra Panda to your wallet.').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-wallet-balance]')?.textContent === '$85.00');
    expect(await available(server.app, ada.userId)).toBe(8_500);
    expect(await gameCents(server.app, 'ultra-panda', up)).toBe(afterPlay - 1_000);

    await page.getByRole('button', { name: 'Reset VBlink password' }).click();
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('* Password must be at least 5 characters long.').waitFor();
    expect(await page.getByLabel('New Password', { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('New Password', { exact: true }).fill('Blink-2025');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Your game password has been reset.').waitFor();
    await page.getByRole('button', { name: 'Show VBlink password' }).click();
    await page.getByText('Blink-2025').waitFor();

    expect((await verifyLedger(server.app.deps.database.client)).ok).toBe(true);
    expect(browser.errors).toEqual([]);
  });

  test('at 360 px the dashboard fits, and the transfer form works from the keyboard alone', async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto(server.url + '/home#transfer');
    await islandHydrated(page, 'GameMoveForm');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.locator('#transfer-game').focus();
    await page.keyboard.press('Tab'); // the read-only user name
    await page.keyboard.press('Tab'); // the amount
    await page.keyboard.press('Enter');
    await page.getByText('Game is required').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('transfer-game');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await page.getByText(/\$5\.00 transferred to /).waitFor();
    expect(browser.errors).toEqual([]);
  });
});
