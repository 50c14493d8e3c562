// A player whose language is Spanish, on a phone: every signed-in page speaks Spanish, its islands once awake
// included, and nothing runs wider than the screen.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { outbox } from '../helpers/accounts';
import { call } from '../helpers/app';
import { gameAccounts, moveTo } from '../helpers/games';
import { fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { createFreeplayCode } from '../../src/services/wallet/freeplay';
import { sendCredits } from '../../src/services/wallet/p2p';
import { cents } from '../../src/shared/money';
import { launchBrowser, PHONE, signInAs, startServer, wakeAllIslands, type Browser, type TestServer } from './browser';
import { englishOnPage } from './english-text';

const SHOTS = resolve(import.meta.dir, '../../test-results/spanish-signed-in');
// A regtest P2WSH address (the test server's network), long enough to wrap on a phone.
const ADDRESS = 'bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf4jry';

let server: TestServer;
let withScript: Browser;
let noScript: Browser;
let player: TestPlayer;
let depositPath = '';
let receiptPath = '';

setDefaultTimeout(120_000);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ SANDBOX_PAYOUT_DELAY_S: '3600' });
  const { app } = server;
  const client = app.deps.database.client;
  player = await createPlayer(app, { name: 'Lucía' });
  const friend = await createPlayer(app, { name: 'Mateo' });
  // Saved on the account, as Profile Settings saves it: no cookie, no Accept-Language says Spanish for her.
  await client.execute({ sql: "UPDATE users SET language = 'es' WHERE id = ?", args: [player.userId] });
  await fund(app, player.userId, 200_00);
  // History of several kinds: a deposit, a transfer to a game, a P2P send and one received, a freeplay code.
  const games = Object.values(await gameAccounts(app, player));
  const first = games[0]!;
  expect((await moveTo(app, player, { gameId: first.gameId._id, userName: first.gameCredentialId.userName, amount: 15 })).status).toBe(200);
  const sent = await sendCredits(client, app.deps.ledger, player, friend.email, cents(700));
  receiptPath = `/p2p-transfer?receipt=${sent.transactionUuid}`;
  await fund(app, friend.userId, 50_00);
  await sendCredits(client, app.deps.ledger, friend, player.email, cents(300));
  await createFreeplayCode(client, { code: 'HOLA-2026', amountCents: 250, expiresAt: Date.now() + 86_400_000, maxRedemptions: 5 });
  expect((await call(app, 'POST', '/api/v1/freeplay/redeem', { code: 'HOLA-2026' }, { token: player.token })).status).toBe(200);
  // A deposit waiting for its payment.
  const d = await call(app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '25' }, { token: player.token });
  depositPath = `/deposit-bitcoin?deposit=${d.json.data.depositId}`;
  // A proof of liabilities, so /solvency shows its figures and list.
  await app.deps.solvency.publish();
  withScript = await launchBrowser();
  noScript = await launchBrowser({ javaScriptEnabled: false });
  await signInAs(withScript.context, server.url, player.token);
  await signInAs(noScript.context, server.url, player.token);
}, 60_000);
afterAll(async () => {
  await withScript?.close();
  await noScript?.close();
  await server?.stop();
}, 30_000);

const PAGES = () => ['/home', '/transactions', '/transactions?type=P2P', '/notifications', '/p2p-transfer', receiptPath, depositPath, '/deposit-bitcoin',
  '/freeplay', '/verify-identity', '/profile-setting', '/solvency', `/undo-email/${'A'.repeat(43)}`, `/two-step/confirm/${'A'.repeat(43)}`, '/dev/mailbox'];

/**
 * Words a page may show as they are: the command line stays English (the proof page names its command), and the dev
 * mailbox lists the mails as they were sent (each in its receiver's language; the mails are translated on their own).
 */
async function allowedOn(path: string): Promise<string[]> {
  if (path === '/solvency') return ['coinreel solvency verify'];
  if (path === '/dev/mailbox') return (await outbox(server.app)).map((m) => m.subject);
  return [];
}

/** Spanish, with no English sentence (the islands' own words included), and nothing wider than the phone. */
async function spanishAndFits(page: Page, label: string, allowed: string[] = []) {
  expect(await page.getAttribute('html', 'lang'), label).toBe('es');
  expect(await englishOnPage(page, allowed), label).toEqual([]);
  const wide = await page.evaluate((width) => {
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`page ${document.documentElement.scrollWidth}px`);
    // What scrolls or is clipped inside a box of its own (a wide table, the ticker) is that box's width, not the page's.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= width + 1) return true;
      return false;
    };
    for (const el of document.querySelectorAll('main *, header *, footer *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1 || el.closest('.sr-only') || clipped(el)) continue;
      out.push(`${el.tagName.toLowerCase()}.${el.className}: ${Math.round(r.right)}px`);
    }
    return out.slice(0, 5);
  }, PHONE.width);
  expect(wide, label).toEqual([]);
}

describe('the signed-in pages for a Spanish-reading player at 390 px', () => {
  test('every page speaks Spanish, its islands awake, and fits the phone', async () => {
    const page = await withScript.newPage(PHONE);
    try {
      for (const path of PAGES()) {
        await page.goto(server.url + path, { waitUntil: 'load' });
        expect(new URL(page.url()).pathname + new URL(page.url()).search, path).toBe(path);
        // As the server drew it, then with every island hydrated (its words said by the browser).
        await spanishAndFits(page, path, await allowedOn(path));
        await wakeAllIslands(page);
        await spanishAndFits(page, `${path} (islands awake)`, await allowedOn(path));
        const name = path === receiptPath ? 'p2p-receipt' : path === depositPath ? 'deposit-waiting' : path.replace(/^\//, '').replace(/[^\w-]+/g, '_').slice(0, 24);
        await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: true });
      }
    } finally {
      await page.close();
    }
  });

  test("the header's Account menu opens in Spanish", async () => {
    const page = await withScript.newPage(PHONE);
    try {
      await page.goto(server.url + '/home', { waitUntil: 'load' });
      await page.locator('[data-nav-toggle], .nav-toggle').first().click();
      await page.locator('[data-dropdown-toggle]', { hasText: 'Cuenta' }).click();
      for (const name of ['Notificaciones', 'Transacciones', 'Configuración', 'Cerrar sesión']) await page.getByRole('link', { name }).or(page.getByRole('button', { name })).first().waitFor();
      // The hamburger's own label, once open, is the page's word (src/client/nav.ts).
      expect(await page.locator('[data-nav-toggle]').getAttribute('aria-label')).toBe('Cerrar menú');
      await spanishAndFits(page, 'open menu');
      await page.screenshot({ path: join(SHOTS, 'menu-390.png') });
    } finally {
      await page.close();
    }
  });

  test('the withdrawal review of a plain form post (no script) comes back in Spanish', async () => {
    const page = await noScript.newPage(PHONE);
    try {
      await page.goto(server.url + '/home#withdraw', { waitUntil: 'load' });
      const form = page.locator('#withdraw form');
      await form.locator('select[name="currency"]').selectOption('BTC-CHAIN');
      await form.locator('input[name="wallet_address"]').fill(ADDRESS);
      await form.locator('input[name="amount"]').fill('120');
      await form.locator('button[type="submit"]').first().click();
      await page.locator('#withdraw input[name="review"]').waitFor({ state: 'attached' });
      expect(new URL(page.url()).pathname).toBe('/home');
      await spanishAndFits(page, 'withdrawal review');
      await page.locator('#withdraw').screenshot({ path: join(SHOTS, 'withdraw-review-390.png') });

    } finally {
      await page.close();
    }
  });

  test('the check sees English where there is some: the same page, islands awake, for a player who reads English', async () => {
    const english = await createPlayer(server.app, { name: 'Ann' });
    await withScript.context.clearCookies();
    await signInAs(withScript.context, server.url, english.token);
    const page = await withScript.newPage(PHONE);
    try {
      await page.goto(server.url + '/home', { waitUntil: 'load' });
      await wakeAllIslands(page);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      const found = await englishOnPage(page);
      // The page's own words and an island's.
      expect(found).toContain('Your Game Accounts');
      expect(found).toContain('Transfer Funds');
    } finally {
      await page.close();
    }
  });
});
