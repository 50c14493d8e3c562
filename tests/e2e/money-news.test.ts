// The screen says what happened to the money: the deposit page's paid / partly paid / expired state at the top,
// live history on every tab, the P2P receiver's toast, inline results, the restriction banner and the sign-out
// message, at 390 and 1280 px, with and without JavaScript.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { call } from '../helpers/app';
import { gameAccounts } from '../helpers/games';
import { fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { startCoolOff } from '../../src/services/protection/restrictions';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, islandHydrated, PHONE, signInAs, startServer, type TestServer } from './browser';

/** Where the screenshots go, for a person to look at; nothing asserts on them. */
const SHOTS = process.env.SCREENSHOT_DIR;
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

setDefaultTimeout(90_000);
let server: TestServer;
let chrome: Chromium;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  // Sandbox payouts complete by themselves after six seconds, so a withdrawal's row can be seen pending, then moving on.
  server = await startServer({ SANDBOX_PAYOUT_DELAY_S: '6' });
  chrome = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}, 30_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await chrome?.close();
  await server?.stop();
}, 30_000);

/** A browser profile signed in as `p`, with or without JavaScript; console errors are collected. */
async function as(p: TestPlayer, opts: { js?: boolean } = {}): Promise<BrowserContext> {
  const context = await chrome.newContext({ javaScriptEnabled: opts.js ?? true, viewport: PHONE });
  contexts.push(context);
  await signInAs(context, server.url, p.token);
  return context;
}
async function open(context: BrowserContext, path: string, viewport = PHONE): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  await page.goto(server.url + path);
  return page;
}
/** The element is on screen without scrolling: its box lies inside the viewport's height. */
async function inFirstScreen(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  const height = page.viewportSize()!.height;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}
/** The browser scrolls to the URL's fragment once the page has laid out: give it that moment (the check follows). */
const settledOn = (page: Page, selector: string) =>
  page.waitForFunction((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return !!r && r.top >= 0 && r.bottom <= innerHeight;
  }, selector, { timeout: 5_000 }).catch(() => undefined);
const newDeposit = async (p: TestPlayer, dollars: string) =>
  (await call(server.app, 'POST', '/api/v1/btc/create-deposit-request', { amount: dollars }, { token: p.token })).json.data as { depositId: string; btcAmount: string; payment_methods: { paymentMethodId: string; destination: string }[] };
const expire = (id: string) => server.app.deps.database.client.execute({ sql: 'UPDATE deposits SET expires_at = ? WHERE id = ?', args: [Date.now() - 1_000, id] });

describe('the deposit page says what happened to the money', () => {
  test('with script at 390 px: Pay in full turns the page to Paid live and the countdown stops; reloaded, Paid is in the first screen', async () => {
    const eve = await createPlayer(server.app, { name: 'Eve' });
    const d = await newDeposit(eve, '50');
    const page = await open(await as(eve), `/deposit-bitcoin?deposit=${d.depositId}`);
    await islandHydrated(page, 'DepositStatus');
    await islandHydrated(page, 'DepositSimulator');
    await page.getByRole('timer').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-pending-390.png` });
    await page.evaluate(() => void ((window as unknown as { __marker: number }).__marker = 1));
    await page.getByRole('button', { name: 'Pay in full', exact: true }).click();
    await page.getByText('Paid — $50.00 is in your wallet', { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-wallet-balance]')?.textContent === '$50.00');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(await page.getByText(/Send exactly/).count()).toBe(0);
    expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await islandHydrated(page, 'DepositStatus');
      await inFirstScreen(page, '.deposit-done');
      await inFirstScreen(page, '.deposit-done >> text=Play now');
      expect(await page.getByRole('link', { name: 'See history' }).getAttribute('href')).toBe('/transactions?type=DEPOSIT');
      // No countdown ticking on a paid deposit, however long the page stays open.
      await Bun.sleep(1_100);
      expect(await page.getByRole('timer').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-paid-${viewport.width}.png` });
    }
    expect(errors).toEqual([]);
  });

  test('pending at 1280 px, and expired at 390 and 1280 px: no QR, a New Deposit button in the first screen', async () => {
    const fay = await createPlayer(server.app, { name: 'Fay' });
    const context = await as(fay);
    const pending = await newDeposit(fay, '20');
    const page = await open(context, `/deposit-bitcoin?deposit=${pending.depositId}`, DESKTOP);
    await islandHydrated(page, 'DepositStatus');
    await inFirstScreen(page, '[role="timer"]');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-pending-1280.png` });
    const gone = await newDeposit(fay, '30');
    await expire(gone.depositId);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/deposit-bitcoin?deposit=${gone.depositId}`);
      await islandHydrated(page, 'DepositStatus');
      await inFirstScreen(page, '.deposit-expired');
      await inFirstScreen(page, '.deposit-expired >> text=New Deposit');
      expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
      expect(await page.getByRole('timer').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-expired-${viewport.width}.png` });
    }
    // The expired deposit's New Deposit opens the deposit modal (once its island is awake).
    await islandHydrated(page, 'DepositModal');
    await page.locator('.deposit-expired').getByRole('link', { name: 'New Deposit' }).click();
    await page.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' }).waitFor();
    expect(errors).toEqual([]);
  });

  test('without script: the whole invoice, Open in wallet links and the deadline; a paid deposit shows Paid in the first screen', async () => {
    const gus = await createPlayer(server.app, { name: 'Gus' });
    const context = await as(gus, { js: false });
    const d = await newDeposit(gus, '50');
    const ln = d.payment_methods.find((m) => m.paymentMethodId === 'BTC-LN')!.destination;
    const chain = d.payment_methods.find((m) => m.paymentMethodId === 'BTC-CHAIN')!.destination;
    const page = await open(context, `/deposit-bitcoin?deposit=${d.depositId}`);
    // Both tabs' content shows one under the other, each with its whole destination and a wallet link.
    expect(await page.locator('#deposit-address-lightning').textContent()).toBe(ln);
    expect(await page.locator('#deposit-address-lightning').isVisible()).toBe(true);
    expect(await page.locator('#deposit-panel-lightning .deposit-open').getAttribute('href')).toBe(`lightning:${ln}`);
    expect(await page.locator('#deposit-panel-onchain .deposit-open').getAttribute('href')).toBe(`bitcoin:${chain}?amount=${d.btcAmount}`);
    expect(await page.locator('#deposit-panel-onchain .deposit-open').isVisible()).toBe(true);
    expect(await page.getByText(/^Pay before \w{3} \d{1,2}, \d{1,2}:\d\d [AP]M UTC\.$/).isVisible()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-pending-390-noscript.png`, fullPage: true });

    await page.getByRole('button', { name: 'Pay in full', exact: true }).click();
    await page.waitForLoadState();
    await inFirstScreen(page, '.deposit-done');
    expect(await page.locator('.deposit-done-title').textContent()).toBe('Paid — $50.00 is in your wallet');
    expect(await page.locator('#deposit-address-lightning').count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-paid-390-noscript.png` });
    expect(errors).toEqual([]);
  });

  test("a link carrying someone else's addresses shows none of them; another player's deposit id is a 404", async () => {
    const hal = await createPlayer(server.app);
    const other = await newDeposit(await createPlayer(server.app), '10');
    const page = await open(await as(hal), `/deposit-bitcoin?lightningAddress=lnbcrt1attacker&onchainAddress=${ADDRESS}`);
    expect(await page.content()).not.toContain(ADDRESS);
    expect(await page.getByLabel('Amount (USD)').isVisible()).toBe(true);
    const res = await page.goto(`${server.url}/deposit-bitcoin?deposit=${other.depositId}`);
    expect(res!.status()).toBe(404);
    expect(await page.content()).not.toContain(other.payment_methods[0]!.destination);
    // Chromium logs the 404 document as a console error: the one error expected here.
    const expected = errors.filter((e) => /status of 404/.test(e) && e.includes(other.depositId));
    expect(expected.length).toBe(1);
    errors.splice(errors.indexOf(expected[0]!), 1);
    expect(errors).toEqual([]);
  });
});

describe('history and transfers, live', () => {
  test("the All tab: a friend's transfer arrives with a toast naming the friend, and a pending withdrawal turns completed, without a reload", async () => {
    const ivy = await createPlayer(server.app, { name: 'Ivy' });
    const dana = await createPlayer(server.app, { name: 'Dana' });
    await fund(server.app, ivy.userId, 20_000);
    await fund(server.app, dana.userId, 1_000);
    const page = await open(await as(ivy), '/transactions');
    await islandHydrated(page, 'TransactionsTable');
    await islandHydrated(page, 'WalletMenu');
    expect(await page.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await page.evaluate(() => void ((window as unknown as { __marker: number }).__marker = 1));
    // The socket may still be joining the player's channel: send once a push of ours reaches the page.
    for (let i = 0; i < 100; i++) {
      server.app.deps.hub.publish(ivy.userId, { event: 'amount', data: { walletAmount: 1234.56 } });
      if ((await page.locator('[data-wallet-balance]').textContent()) === '$1,234.56') break;
      await Bun.sleep(100);
    }
    expect(await page.locator('[data-wallet-balance]').textContent()).toBe('$1,234.56');

    expect((await call(server.app, 'POST', '/api/v1/transfer/p2p-transfer', { email: ivy.email, amount: 5 }, { token: dana.token })).status).toBe(200);
    await page.locator('#toasts').getByText('You received $5.00 from Dana').waitFor();
    expect(await page.content()).not.toContain(dana.email.replace('@', '&#x40;'));
    await page.locator('[data-wallet-balance].is-flashing').waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.querySelector('[data-wallet-balance]')?.textContent === '$205.00');
    const first = page.locator('.tx-table tbody tr').first();
    await first.getByText('+$5.00').waitFor();

    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

    // A withdrawal asked for elsewhere (another tab): pending on the All tab, then completed when the sandbox pays
    // it out, without a reload of this page.
    const w = await call(server.app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount: 100, tip: 0 }, { token: ivy.token });
    expect(w.status).toBe(200);
    await page.reload();
    await islandHydrated(page, 'TransactionsTable');
    await first.getByText('-$100.00').waitFor();
    await first.locator('.pill', { hasText: 'pending' }).waitFor();
    await page.evaluate(() => void ((window as unknown as { __marker: number }).__marker = 2));
    await first.locator('.pill', { hasText: 'completed' }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(2);
    expect(await first.locator('.pill').evaluate((e) => getComputedStyle(e).whiteSpace)).toBe('nowrap');
    expect(errors).toEqual([]);
  });

  test('Transfer to Game shows its result in the form: amount, game, wallet and game balances (script, 390 px)', async () => {
    const jo = await createPlayer(server.app, { name: 'Jo' });
    await fund(server.app, jo.userId, 10_000);
    await gameAccounts(server.app, jo);
    const page = await open(await as(jo), '/home#transfer');
    await islandHydrated(page, 'GameMoveForm');
    const transfer = page.locator('#transfer');
    await transfer.getByLabel('Game Platform').selectOption('ultra-panda');
    await transfer.getByLabel('Amount (credits)').fill('25');
    await transfer.getByRole('button', { name: 'Transfer Funds' }).click();
    const result = transfer.locator('.move-result');
    await result.waitFor();
    expect(await result.textContent()).toBe('$25.00 transferred to Ultra Panda.Wallet balance: $75.00Ultra Panda balance: $25.00');
    expect(await result.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('confirmations without script, where the player looks', () => {
  test('saving deposit limits lands on the limits with "Deposit limits saved." in the first screen (390 px)', async () => {
    const kai = await createPlayer(server.app);
    const page = await open(await as(kai, { js: false }), '/profile-setting');
    await page.getByLabel('Daily limit ($)').fill('50');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.waitForURL((u) => u.hash === '#deposit-limits');
    await page.waitForLoadState('load');
    await settledOn(page, '#deposit-limits + .flash');
    await inFirstScreen(page, 'text=Deposit limits saved.');
    expect(await page.locator('.flash-wrap').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a transfer to a game shows its result in the Transfer section, in the first screen (1280 px)', async () => {
    const lea = await createPlayer(server.app);
    await fund(server.app, lea.userId, 10_000);
    await gameAccounts(server.app, lea);
    const page = await open(await as(lea, { js: false }), '/home#transfer', DESKTOP);
    const transfer = page.locator('#transfer');
    await transfer.getByLabel('Game Platform').selectOption('vblink');
    await transfer.getByLabel('Amount (credits)').fill('12.50');
    await transfer.getByRole('button', { name: 'Transfer Funds' }).click();
    await page.waitForURL((u) => u.hash === '#transfer');
    await page.waitForLoadState('load');
    await settledOn(page, '#transfer .flash');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/transfer-noscript-1280.png` });
    await inFirstScreen(page, '#transfer .flash');
    expect(await page.locator('#transfer .flash').textContent()).toBe('$12.50 transferred to VBlink. Wallet balance: $87.50. VBlink balance: $12.50.');
    expect(await page.locator('.flash-wrap').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('signing out says "You are signed out." on the page landed on', async () => {
    const max = await createPlayer(server.app);
    const page = await open(await as(max), '/home');
    await islandHydrated(page, 'WalletMenu');
    if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(server.url + '/');
    await inFirstScreen(page, 'text=You are signed out.');
    await page.reload();
    expect(await page.getByText('You are signed out.').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('a cool-off on every signed-in page', () => {
  test('the banner with the end date; Deposit Now, the deposit modal, Transfer to Game and P2P closed with the reason; Redeem open', async () => {
    const rae = await createPlayer(server.app);
    await fund(server.app, rae.userId, 5_000);
    await startCoolOff(server.app.deps.database.client, rae.userId, '24h');
    for (const js of [true, false]) {
      const context = await as(rae, { js });
      for (const viewport of [PHONE, DESKTOP]) {
        const page = await open(context, '/home', viewport);
        if (js) await islandHydrated(page, 'GameMoveForm');
        await inFirstScreen(page, '.restriction-banner');
        if (SHOTS && js) await page.screenshot({ path: `${SHOTS}/cool-off-home-${viewport.width}.png` });
        expect(await page.locator('.restriction-banner').textContent()).toMatch(/^You are on a cool-off break until \w{3} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC\. Deposits, transfers to games and sending credits are paused until then\./);
        expect(await page.getByRole('button', { name: 'Deposit Now' }).isDisabled()).toBe(true);
        expect(await page.locator('#deposit-paused').textContent()).toMatch(/^Paused during your cool-off break, until /);
        expect(await page.locator('#transfer').getByRole('button', { name: 'Transfer Funds' }).isDisabled()).toBe(true);
        expect(await page.locator('#transfer').getByLabel('Amount (credits)').isDisabled()).toBe(true);
        expect(await page.locator('#redeem').getByRole('button', { name: 'Redeem Funds' }).isDisabled()).toBe(false);
        if (js && viewport === PHONE) {
          // The header's Deposit opens the modal, which says why instead of taking an amount (once its island is
          // awake: before, the link leads to the deposit page).
          await islandHydrated(page, 'DepositModal');
          await page.locator('[data-deposit-open]').first().dispatchEvent('click');
          const dialog = page.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' });
          await dialog.getByText(/^Paused during your cool-off break/).waitFor();
          expect(await dialog.getByLabel('Amount (USD)').count()).toBe(0);
        }
        await page.close();
      }
      const p2p = await open(context, '/p2p-transfer');
      await inFirstScreen(p2p, '.restriction-banner');
      expect(await p2p.locator('.paused-fieldset button[type="submit"]').first().isDisabled()).toBe(true);
      await p2p.close();
    }
    expect(errors).toEqual([]);
  });
});
