import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page, Route } from 'playwright-core';
import { fund } from '../helpers/money';
import { createPlayer } from '../helpers/players';
import { launchBrowser, PHONE, startServer, type Browser, type TestServer } from './browser';

// A slow phone: the HTML is on screen long before the islands' scripts arrive. A form used in that gap must
// work as a plain post, and text typed in it must survive the island taking over.
let browser: Browser;
let server: TestServer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

/** Chrome DevTools network emulation (400 kbit/s, 400 ms), and the islands' chunks held until `release`. */
async function slowPhone() {
  const page = await browser.newPage(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  const held: Route[] = [];
  let open = false;
  await page.route(/\/build\/.*\.js$/, (r) => (open ? r.continue() : void held.push(r)));
  return {
    page,
    release: async () => {
      open = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

const hydrated = (page: Page, island: string) =>
  page.waitForFunction((name) => {
    const root = document.querySelector(`[data-island="${name}"] > [data-root]`);
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  }, island);

const isHydrated = (page: Page, island: string) =>
  page.evaluate((name) => {
    const root = document.querySelector(`[data-island="${name}"] > [data-root]`);
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  }, island);

describe('forms used before the scripts arrive (400 kbit/s, 400 ms)', () => {
  test('login submitted before hydration signs in by a plain post and goes back to the page asked for', async () => {
    const p = await createPlayer(server.app, { password: 'Secret123!' });
    const { page } = await slowPhone();
    await page.goto(server.url + '/p2p-transfer', { waitUntil: 'commit' });
    expect(page.url()).toBe(server.url + '/login?next=%2Fp2p-transfer');
    await page.getByRole('textbox', { name: 'Email' }).fill(p.email);
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    expect(await isHydrated(page, 'LoginForm')).toBe(false);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(server.url + '/p2p-transfer', { waitUntil: 'commit' });
    await page.locator('.flash').getByText('Login successful').waitFor();

    // P2P before hydration too: a refusal keeps the typed values; then it sends.
    await fund(server.app, p.userId, 50_00);
    const friend = await createPlayer(server.app);
    await page.getByLabel('Receiver Email').fill(friend.email);
    await page.getByLabel('Amount').fill('$500');
    expect(await isHydrated(page, 'P2PTransferForm')).toBe(false);
    await page.getByRole('button', { name: 'Transfer' }).click();
    await page.locator('#p2p-amount-error').waitFor();
    expect(await page.getByLabel('Receiver Email').inputValue()).toBe(friend.email);
    expect(await page.getByLabel('Amount').inputValue()).toBe('$500');
    await browser.context.clearCookies();
  });

  test('what was typed before hydration stays when the island takes over, and the island then submits it', async () => {
    const p = await createPlayer(server.app, { password: 'Secret123!' });
    const { page, release } = await slowPhone();
    await page.goto(server.url + '/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Email' }).fill(p.email);
    await page.getByLabel('Password', { exact: true }).fill(p.password);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await release();
    await hydrated(page, 'LoginForm');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(p.email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(p.password);
    expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
    await page.waitForURL(server.url + '/home', { waitUntil: 'commit' });
    expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await browser.context.clearCookies();
  });
});
