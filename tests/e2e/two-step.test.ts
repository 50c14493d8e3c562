import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { available, fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { codeFor, testClock, turnOnTwoStep } from '../helpers/two-step';
import { launchBrowser, PHONE, startServer, type Browser, type TestServer, signInAs, islandHydrated } from './browser';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
// The app's two-step clock, moved one 30-second step between uses: each code is new, and no test sleeps for one.
const clock = testClock(Date.now());
let browser: Browser;
let server: TestServer;
let ada: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  server = await startServer({ SANDBOX_PAYOUT_DELAY_S: '3600' }, { now: clock.now });
  ada = await createPlayer(server.app, { name: 'Ada', password: 'Journey123!' });
  await fund(server.app, ada.userId, 30_000);
  browser = await launchBrowser();
  await signInAs(browser.context, server.url, ada.token);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

async function openAccountMenu(page: Page) {
  if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
  await page.getByRole('button', { name: 'Account' }).click();
}

describe('two-step verification journey in chromium (phone), on the embedded defaults', () => {
  test('turn it on in settings → sign out → sign in with a code → withdraw with a code', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(server.url + '/profile-setting');
    await islandHydrated(page, 'TwoStepSettings');
    const card = page.locator('#two-step');
    await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await card.getByAltText('QR code to add your account to an authenticator app').waitFor();
    // The player's authenticator app, played by the test: the manual key shown on the page.
    const secret = (await card.getByLabel('Manual key').textContent())!.replace(/\s/g, '');
    await card.getByLabel('Code from the app').fill(codeFor(secret, clock.t));
    await card.getByLabel('Your Password', { exact: true }).fill('Journey123!');
    await card.getByRole('button', { name: 'Turn on', exact: true }).click();
    await card.getByText('Save your recovery codes').waitFor();
    expect(await card.locator('.recovery-code-list code').count()).toBe(10);
    await card.getByText('I have saved them').click();
    await card.getByText('You have 10 unused recovery codes.', { exact: false }).waitFor();

    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(server.url + '/');

    await page.goto(server.url + '/login');
    await islandHydrated(page, 'LoginForm');
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill('Journey123!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Two-step code').waitFor();
    expect((await browser.context.cookies(server.url)).some((c) => c.name === 'token' && c.value)).toBe(false);
    clock.step();
    await page.getByLabel('Two-step code').fill(codeFor(secret, clock.t));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(server.url + '/home');

    await page.goto(server.url + '/home#withdraw');
    await islandHydrated(page, 'WithdrawForm');
    const form = page.locator('#withdraw');
    await form.getByLabel('Wallet address').fill(ADDRESS);
    await form.getByLabel('Amount (USD)').fill('100');
    await form.getByRole('button', { name: 'Review Withdrawal' }).click();
    await form.getByLabel('Two-step code').fill('000000');
    await form.getByRole('button', { name: 'Request Withdrawal' }).click();
    await form.getByText('That code is not right or was already used.', { exact: false }).waitFor();
    expect(await available(server.app, ada.userId)).toBe(30_000);
    clock.step();
    await form.getByLabel('Two-step code').fill(codeFor(secret, clock.t));
    await form.getByRole('button', { name: 'Request Withdrawal' }).click();
    await page.getByText('Withdrawal of $100.00 requested.', { exact: false }).first().waitFor();
    expect(await available(server.app, ada.userId)).toBe(20_000);
    // The browser logs each 401 it fetched: the two on purpose here are the sign-in's code question and the wrong code.
    const unexpected = browser.errors.filter((e) => !e.endsWith('Failed to load resource: the server responded with a status of 401 (Unauthorized)'));
    expect(unexpected).toEqual([]);
    expect(browser.errors).toHaveLength(2);
  });
});

describe('two-step verification with JavaScript disabled', () => {
  test('sign in in two plain posts (the password is never put back into the page), then turn it off', async () => {
    const plain = await launchBrowser({ javaScriptEnabled: false });
    try {
      const bo = await createPlayer(server.app, { password: 'NoScript123!' });
      const { secret } = await turnOnTwoStep(server.app, bo, clock.t);
      clock.step();
      const page = await plain.newPage(PHONE);
      await page.goto(server.url + '/login');
      await page.getByLabel('Email').fill(bo.email);
      await page.getByLabel('Password', { exact: true }).fill('NoScript123!');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByLabel('Two-step code').waitFor();
      expect(await page.content()).not.toContain('NoScript123!');
      await page.getByLabel('Two-step code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.locator('#login-totp-error').waitFor();
      await page.getByLabel('Two-step code').fill(codeFor(secret, clock.t));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(server.url + '/home');

      clock.step();
      await page.goto(server.url + '/profile-setting');
      const card = page.locator('#two-step');
      await card.getByLabel('Two-step code').last().fill(codeFor(secret, clock.t));
      await card.getByRole('button', { name: 'Turn off two-step verification' }).click();
      await page.locator('#two-step').getByRole('button', { name: 'Turn on two-step verification' }).waitFor();
      expect(await server.app.deps.twoStep.isOn(bo.userId)).toBe(false);
      expect(plain.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
