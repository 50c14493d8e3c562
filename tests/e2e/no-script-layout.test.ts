import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { call } from '../helpers/app';
import { tokenIn, waitForMail } from '../helpers/accounts';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../../src/services/auth/captcha';
import { DESKTOP, islandHydrated, launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

// The layout without script: the phone menu starts folded behind a native disclosure, and password Show buttons
// (which only a script can run) are not offered. With script, the same pages keep the hamburger button and Show.
let server: TestServer;
let noScript: Browser;
let withScript: Browser;
let player: TestPlayer;
let operator: TestPlayer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  server = await startServer();
  player = await createPlayer(server.app, { name: 'Nora Night' });
  operator = await createPlayer(server.app, { role: 'ADMIN' });
  noScript = await launchBrowser({ javaScriptEnabled: false });
  withScript = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await noScript?.close();
  await withScript?.close();
  await server?.stop();
}, 30_000);

const summary = (page: Page) => page.locator('summary.nav-toggle');
const SHOTS = resolve(import.meta.dir, '../../test-results/no-script');
mkdirSync(SHOTS, { recursive: true });
const nav = (page: Page) => page.locator('#site-nav');

describe('without JavaScript', () => {
  test('a visitor\'s phone header is folded: one Menu disclosure, the nav shown only while it is open', async () => {
    const page = await noScript.newPage(PHONE);
    await page.goto(server.url + '/');
    expect(await nav(page).isVisible()).toBe(false);
    expect(await page.locator('button[data-nav-toggle]').isVisible()).toBe(false);
    expect(await summary(page).isVisible()).toBe(true);
    expect(await summary(page).getAttribute('aria-label')).toBe('Menu');
    // The header is the bar and the ticker, not the whole menu.
    expect((await page.locator('header.site-header').boundingBox())!.height).toBeLessThan(150);
    await summary(page).click();
    expect(await nav(page).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Register' }).first().isVisible()).toBe(true);
    await summary(page).click();
    expect(await nav(page).isVisible()).toBe(false);
    await page.close();
  });

  test('a signed-in phone: the balance stays in the bar, the menu folded; the operator console folds the same way', async () => {
    await signInAs(noScript.context, server.url, player.token);
    const page = await noScript.newPage(PHONE);
    await page.goto(server.url + '/home');
    expect(await page.locator('.header-wallet [data-wallet-balance]').isVisible()).toBe(true);
    expect(await nav(page).isVisible()).toBe(false);
    await summary(page).click();
    expect(await page.getByRole('button', { name: 'Account' }).isVisible()).toBe(true);
    await noScript.context.clearCookies();
    await signInAs(noScript.context, server.url, operator.token);
    await page.goto(server.url + '/admin');
    expect(await nav(page).isVisible()).toBe(false);
    await summary(page).click();
    expect(await nav(page).isVisible()).toBe(true);
    await noScript.context.clearCookies();
    await page.close();
  });

  test('a signed-in phone: once the menu is open every item of every menu is there to tap, and Logout signs out', async () => {
    const p = await createPlayer(server.app);
    await signInAs(noScript.context, server.url, p.token);
    const page = await noScript.newPage(PHONE);
    await page.goto(server.url + '/notifications');
    await summary(page).click();
    const links = ['Home', 'Transfer', 'Redeem', 'Withdraw', 'Send to a player', 'Support', 'Ultra Panda', 'VBlink', 'Notifications', 'Transactions', 'Settings', 'Deposit', 'Freeplay'];
    // Nothing to focus or hover first: each is shown as it is (a tap does not focus a button on every phone).
    for (const name of links) expect(await nav(page).getByRole('link', { name, exact: true }).first().isVisible()).toBe(true);
    // The wallet's own menu in the bar needs its script; its links are in the open menu too.
    const wallet = nav(page).getByRole('region', { name: 'Wallet' });
    for (const name of ['Send to a player', 'Deposit', 'Withdraw', 'Freeplay']) expect(await wallet.getByRole('link', { name }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/menu-plain-390.png`, fullPage: true });
    const logout = nav(page).getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(true);
    await logout.click();
    await page.waitForURL(server.url + '/');
    expect((await call(server.app, 'GET', '/api/v1/user/details', undefined, { token: p.token })).status).toBe(401);
    await noScript.context.clearCookies();
    await page.close();
  });

  test('at 1280 px the nav is in the bar and no disclosure shows', async () => {
    const page = await noScript.newPage(DESKTOP);
    await page.goto(server.url + '/');
    expect(await nav(page).isVisible()).toBe(true);
    expect(await summary(page).isVisible()).toBe(false);
    await page.close();
  });

  test('password fields offer no Show button that could not work', async () => {
    // A live reset link, as the mailed one.
    const c = await call(server.app, 'GET', '/api/v1/captcha');
    await server.app.deps.store.set(captchaKey(c.json.captchaId), captchaAnswerHash(c.json.captchaId, 'QW3R'), CAPTCHA_TTL_MS);
    expect((await call(server.app, 'POST', '/api/v1/forget-password', { email: player.email, captchaId: c.json.captchaId, captcha: 'QW3R' })).status).toBe(200);
    const reset = tokenIn(await waitForMail(server.app, player.email, /Reset/), '/reset-password');
    const page = await noScript.newPage(PHONE);
    for (const path of ['/login', '/register', `/reset-password/${reset}`]) {
      await page.goto(server.url + path);
      expect({ path, inputs: await page.locator('.password-toggle input').count() }).not.toEqual({ path, inputs: 0 });
      expect(await page.locator('.password-toggle button').count()).toBeGreaterThan(0);
      expect(await page.locator('.password-toggle button:visible').count()).toBe(0);
    }
    await signInAs(noScript.context, server.url, player.token);
    await page.goto(server.url + '/profile-setting');
    expect(await page.locator('.password-toggle input').count()).toBe(4); // the password change's three and the e-mail change's current password
    expect(await page.locator('.password-toggle button:visible').count()).toBe(0);
    await noScript.context.clearCookies();
    await page.close();
  });

  test('the verify-email page shows its button and what it does, and no spinner', async () => {
    const page = await noScript.newPage(PHONE);
    await page.goto(server.url + `/verify/email/${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    expect(await page.getByText('Press Verify Email to confirm this address belongs to you.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Verify Email' }).isVisible()).toBe(true);
    expect(await page.locator('.spinner').count()).toBe(0);
    await page.close();
  });
});

describe('with JavaScript', () => {
  test('the hamburger button drives the menu and the disclosure stays out of sight', async () => {
    const page = await withScript.newPage(PHONE);
    await page.goto(server.url + '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    expect(await summary(page).isVisible()).toBe(false);
    await toggle.click();
    expect(await nav(page).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await nav(page).isVisible()).toBe(false);
    await page.close();
  });

  test('Show appears once the form\'s script runs, and shows the password', async () => {
    const page = await withScript.newPage(PHONE);
    await page.goto(server.url + '/login');
    await islandHydrated(page, 'LoginForm');
    const show = page.getByRole('button', { name: 'Show password' });
    await show.waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Secret123!');
    await show.click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.close();
  });
});

describe('the phone dashboard, with and without script', () => {
  for (const js of [true, false])
    test(`${js ? 'with' : 'without'} script: a menu anchor lands on its form, heading in sight; Top goes back up in one tap`, async () => {
      const browser = js ? withScript : noScript;
      const p = await createPlayer(server.app);
      await signInAs(browser.context, server.url, p.token);
      const page = await browser.newPage(PHONE);
      await page.goto(server.url + '/home');
      if (js) await islandHydrated(page, 'WithdrawForm');
      await (js ? page.locator('button.nav-toggle') : summary(page)).click();
      await nav(page).locator('.nav-links').getByRole('link', { name: 'Withdraw', exact: true }).click();
      const placed = async () => page.evaluate(() => {
        const title = document.getElementById('withdraw-title')!.getBoundingClientRect();
        const header = document.querySelector('header.site-header')!;
        const covered = getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
        return { title: title.top, covered, form: document.querySelector('#withdraw form')!.getBoundingClientRect().top };
      });
      let at = await placed();
      for (let i = 0; i < 40 && !(at.title >= at.covered && at.title < 300); i++) (await Bun.sleep(50), (at = await placed()));
      // The heading just below the header, and the form's first field on the screen with it.
      expect(at.title).toBeGreaterThanOrEqual(at.covered);
      expect(at.title).toBeLessThan(300);
      expect(at.form).toBeLessThan(PHONE.height / 2);
      await page.screenshot({ path: `${SHOTS}/dashboard-withdraw-${js ? 'js' : 'plain'}-390.png` });
      await page.getByRole('link', { name: 'Top' }).click();
      for (let i = 0; i < 40 && (await page.evaluate(() => scrollY)) > 0; i++) await Bun.sleep(50);
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await browser.context.clearCookies();
      await page.close();
    });
});

