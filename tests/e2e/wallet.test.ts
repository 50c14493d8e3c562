import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { serveApp } from '../../src/serve';
import { createFreeplayCode } from '../../src/services/wallet/freeplay';
import { makeApp, type TestApp } from '../helpers/app';
import { available, fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { DESKTOP, launchBrowser, PHONE, type Browser, islandHydrated } from './browser';

// A port of this suite's own range. The two players reach the same server under two host names, so one
// browser profile keeps two separate `token` cookies (cookies belong to a host).
const PORT = 3450;
const AT_A = `http://127.0.0.1:${PORT}`;
const AT_B = `http://localhost:${PORT}`;
let browser: Browser;
let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let alice: TestPlayer;
let bob: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  app = await makeApp({ PUBLIC_URL: AT_A, COMMUNITY_URL: 'https://t.me/coinreel_e2e' });
  server = serveApp(app, { port: PORT, hostname: '127.0.0.1' });
  alice = await createPlayer(app, { name: 'Alice' });
  bob = await createPlayer(app, { name: 'Bob' });
  await fund(app, alice.userId, 50_000);
  browser = await launchBrowser();
  await browser.context.addCookies([
    { name: 'token', value: alice.token, url: AT_A, httpOnly: true, sameSite: 'Lax' },
    { name: 'token', value: bob.token, url: AT_B, httpOnly: true, sameSite: 'Lax' },
  ]);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  app?.deps.database.client.close();
}, 30_000);

const balance = (page: Page) => page.locator('[data-wallet-balance]').textContent();
const waitForBalance = (page: Page, text: string) =>
  page.waitForFunction((t) => document.querySelector('[data-wallet-balance]')?.textContent === t, text, { timeout: 10_000 });
/** The island has hydrated once its socket is open: the wallet button then answers clicks. */
const hydrated = (page: Page) => islandHydrated(page, 'WalletMenu');

async function openWalletMenu(page: Page) {
  if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
  await page.getByRole('button', { name: /Wallet balance/ }).click();
}

describe('wallet journey in chromium', () => {
  test('A sends B credits; B sees balance and notification live, then the history row; B redeems a freeplay code', async () => {
    const b = await browser.newPage(PHONE);
    await b.goto(AT_B + '/notifications');
    await hydrated(b);
    expect(await balance(b)).toBe('$0.00');
    await b.getByText('No Notification for you to see').waitFor();

    const a = await browser.newPage(DESKTOP);
    await a.goto(AT_A + '/p2p-transfer');
    await a.getByRole('heading', { name: 'Send credits to another player' }).waitFor();
    expect(await balance(a)).toBe('$500.00');
    await hydrated(a);
    // A player's islands wake on first use: this journey is the island's (the plain form has tests of its own).
    await islandHydrated(a, 'P2PTransferForm');
    await a.getByRole('button', { name: 'Transfer' }).click();
    await a.getByText('Email is required.').waitFor();
    await a.getByLabel('Receiver Email').fill(bob.email);
    // Nothing typed is silently dropped: a third decimal stays and is explained; '$12.34' is read as typed.
    await a.getByLabel('Amount').pressSequentially('12.345');
    expect(await a.getByLabel('Amount').inputValue()).toBe('12.345');
    await a.getByRole('button', { name: 'Transfer' }).click();
    await a.getByText('Use at most two decimals (cents).').waitFor();
    await a.getByLabel('Amount').fill('$12.34');
    await a.getByRole('button', { name: 'Transfer' }).click();
    // The island asks to confirm who receives it; Back keeps the form as typed.
    await a.getByRole('heading', { name: 'Confirm the transfer' }).waitFor();
    expect(await a.locator('.p2p-facts').textContent()).toContain(String(bob.playerId));
    await a.getByRole('button', { name: 'Back' }).click();
    expect(await a.getByLabel('Amount').inputValue()).toBe('$12.34');
    await a.getByRole('button', { name: 'Transfer' }).click();
    await a.getByRole('button', { name: 'Send $12.34' }).click();
    await a.getByRole('heading', { name: 'Transfer sent' }).waitFor();
    await waitForBalance(a, '$487.66');
    expect(new URL(a.url()).searchParams.get('receipt')).toMatch(/^CR-/);
    // It stays (no passing toast) until dismissed.
    await a.waitForTimeout(2500);
    expect(await a.locator('.p2p-receipt').textContent()).toContain(`Player ID ${bob.playerId}`);
    await a.getByRole('link', { name: 'Done' }).click();
    expect(await a.getByLabel('Receiver Email').inputValue()).toBe('');

    // B never reloads: the push moves the header balance and puts the notification on top.
    await waitForBalance(b, '$12.34');
    // The receiver sees the sender's name and Player ID, never her e-mail address.
    await b.getByText(`You received $12.34 from Alice (Player ID ${alice.playerId}).`).waitFor();
    expect(await b.getByText(alice.email).count()).toBe(0);
    expect(await b.locator('.note-type').first().textContent()).toBe('P2P RECEIVED');

    // History opens on All, where the P2P row already is; the chosen tab lives in the URL through reload and Back.
    await b.goto(AT_B + '/transactions');
    expect(await b.getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');
    await b.getByRole('row').filter({ hasText: `From Alice (Player ID ${alice.playerId})` }).waitFor();
    await hydrated(b);
    await b.getByRole('tab', { name: 'P2P' }).click();
    await b.waitForURL(AT_B + '/transactions?type=P2P');
    const row = b.getByRole('row').filter({ hasText: `From Alice (Player ID ${alice.playerId})` });
    await row.waitFor();
    expect(await row.locator('.amount-in').textContent()).toBe('+$12.34');
    expect(await row.locator('.pill').textContent()).toBe('completed');
    await b.getByRole('tab', { name: 'Deposits' }).click();
    await b.waitForURL(AT_B + '/transactions?type=DEPOSIT');
    await b.getByText("You don't have any deposit transactions yet.").waitFor();
    await b.reload();
    expect(await b.getByRole('tab', { name: 'Deposits' }).getAttribute('aria-selected')).toBe('true');
    await b.goBack();
    await b.waitForURL(AT_B + '/transactions?type=P2P');
    await b.getByRole('row').filter({ hasText: `From Alice (Player ID ${alice.playerId})` }).waitFor();
    expect(await b.getByRole('tab', { name: 'P2P' }).getAttribute('aria-selected')).toBe('true');

    await createFreeplayCode(app.deps.database.client, { code: 'WELCOME-5', amountCents: 500, expiresAt: Date.now() + 3600_000, maxRedemptions: 10 });
    await hydrated(b);
    await openWalletMenu(b);
    await b.getByRole('link', { name: 'Freeplay' }).click();
    const dialog = b.getByRole('dialog', { name: 'Redeem Freeplay Code' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: /Join Telegram/ }).getAttribute('href')).toBe('https://t.me/coinreel_e2e');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Please enter valid code').waitFor();
    await dialog.getByLabel('Freeplay code').fill('welcome-5');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await b.locator('#toasts').getByText('Code redeemed: $5.00 added to your wallet.').waitFor();
    // The answer stays in the dialog with the new balance until Done, not only in a toast that is gone in 2 s.
    await dialog.getByText('Wallet balance: $17.34').waitFor();
    await waitForBalance(b, '$17.34');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await available(app, bob.userId)).toBe(1_734);
    expect(await available(app, alice.userId)).toBe(48_766);
    expect(browser.errors).toEqual([]);
  });
});
