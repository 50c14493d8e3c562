import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { fund } from '../helpers/money';
import { call, LOOPBACK } from '../helpers/app';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { DESKTOP, launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

// Side margins and widths the eye checks, measured: cards 16 px from a phone's edge, a one-field form not stretched
// on a wide screen, the mailbox and the console never scrolling sideways. Screenshots land in test-results/layout
// for a person to look at.
const SHOTS = resolve(import.meta.dir, '../../test-results/layout');
let server: TestServer;
let browser: Browser;
let player: TestPlayer;
let operator: TestPlayer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A withdrawal stays pending (with the sandbox's two buttons in its history row) for the whole file.
  server = await startServer({ SANDBOX_PAYOUT_DELAY_S: '3600' });
  player = await createPlayer(server.app, { name: 'Lena Layout' });
  operator = await createPlayer(server.app, { role: 'ADMIN' });
  await fund(server.app, player.userId, 25_000);
  const friend = await createPlayer(server.app);
  await call(server.app, 'POST', '/api/v1/transfer/p2p-transfer', { email: friend.email, amount: 12 }, { token: player.token });
  const w = await call(server.app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100, tip: 0 }, { token: player.token });
  expect(w.status).toBe(200);
  // And one sent: its row carries the 64-character Bitcoin transaction id.
  const sent = await call(server.app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080', amount: 100, tip: 0 }, { token: player.token });
  expect((await call(server.app, 'POST', `/api/v1/sandbox/withdrawals/${sent.json.data.withdrawalId}/complete`, undefined, { token: player.token, peer: LOOPBACK })).status).toBe(200);
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

async function open(path: string, who: TestPlayer | null, viewport: { width: number; height: number }): Promise<Page> {
  await browser.context.clearCookies();
  if (who) await signInAs(browser.context, server.url, who.token);
  const page = await browser.newPage(viewport);
  await page.goto(server.url + path);
  return page;
}
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

describe('layout at 390 and 1280 px', () => {
  test('the dashboard\'s Transfer, Redeem and Withdraw cards sit 16 px from a phone\'s edges', async () => {
    const page = await open('/home', player, PHONE);
    for (const id of ['transfer', 'redeem', 'withdraw']) {
      const box = (await page.locator(`#${id} > .card`).boundingBox())!;
      expect({ id, left: Math.round(box.x), right: Math.round(PHONE.width - box.x - box.width) }).toEqual({ id, left: 16, right: 16 });
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'home-390');
    await page.locator('#withdraw').screenshot({ path: join(SHOTS, 'home-390-withdraw.png') });
    await page.locator('#transfer').screenshot({ path: join(SHOTS, 'home-390-transfer.png') });
    await page.close();
    const wide = await open('/home', player, DESKTOP);
    await shot(wide, 'home-1280');
    await wide.close();
  });

  test('/freeplay: one field, not stretched across a wide screen', async () => {
    const page = await open('/freeplay', player, DESKTOP);
    expect((await page.locator('.freeplay-page .card').boundingBox())!.width).toBeLessThanOrEqual(560);
    await shot(page, 'freeplay-1280');
    await page.close();
    const phone = await open('/freeplay', player, PHONE);
    const box = (await phone.locator('.freeplay-page .card').boundingBox())!;
    expect(Math.round(box.x)).toBe(16);
    await shot(phone, 'freeplay-390');
    await phone.close();
  });

  test('history at both widths', async () => {
    for (const [v, name] of [[PHONE, 'transactions-390'], [DESKTOP, 'transactions-1280']] as const) {
      const page = await open('/transactions', player, v);
      await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // Nothing in a row reaches past its card (a phone) or its row (a wide screen): the pending withdrawal's
      // sandbox buttons, the P2P row's address.
      await page.getByRole('button', { name: 'Sandbox: complete' }).waitFor();
      const past = await page.evaluate(() => [...document.querySelectorAll('.tx-table tbody tr')].flatMap((tr) => {
        const row = tr.getBoundingClientRect();
        return [...tr.querySelectorAll('button, .tx-sub, .tx-id, .pill')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.right > row.right + 0.5 || r.left < row.left - 0.5;
        }).map((el) => el.textContent);
      }));
      expect(past).toEqual([]);
      // The sent withdrawal's transaction id is there to read and quote, whole, and named as what it is.
      expect(await page.locator('.tx-sub', { hasText: /^Bitcoin transaction [0-9a-f]{64}$/ }).count()).toBe(1);
      await shot(page, name);
      await page.close();
    }
  });

  test('history tabs on a 360 px phone: every tab whole, none cut off or scrolled out of its list', async () => {
    const page = await open('/transactions', player, { width: 360, height: 740 });
    await page.getByRole('tab', { name: 'All' }).waitFor();
    const cut = await page.evaluate(() => {
      const list = document.querySelector('.tx-history [role="tablist"]')!;
      const box = list.getBoundingClientRect();
      const tabs = [...list.querySelectorAll('[role="tab"]')].filter((t) => {
        const r = t.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || t.scrollWidth > t.clientWidth;
      });
      return { scrolls: list.scrollWidth > list.clientWidth, cut: tabs.map((t) => t.textContent) };
    });
    expect(cut).toEqual({ scrolls: false, cut: [] });
    await shot(page, 'transactions-360-tabs');
    await page.close();
  });

  test('a control that keyboard focus scrolls to is not left under the sticky header', async () => {
    const page = await open('/home', player, PHONE);
    // Scrolls land at once (no smooth scrolling) so each place is measured where it ends.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('#transfer-game').waitFor();
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    // Shift+Tab back up the page, as the player would, from the footer's first link to the transfer form's game.
    await page.locator('footer a').first().focus();
    for (let i = 0; i < 60 && !(await page.evaluate(() => document.activeElement?.id === 'transfer-game')); i++) await page.keyboard.press('Shift+Tab');
    const place = await page.evaluate(() => ({
      id: document.activeElement?.id,
      top: Math.round(document.activeElement!.getBoundingClientRect().top),
      header: Math.round(document.querySelector('.site-header')!.getBoundingClientRect().bottom),
    }));
    expect(place.id).toBe('transfer-game');
    expect(place.top).toBeGreaterThanOrEqual(place.header);
    await page.close();
  });

  test('the console audit page: 16 px margins on a phone, no footer, no sideways scrolling', async () => {
    // Over the socket, as an operator's browser would: the audit row has the client's address.
    const made = await fetch(server.url + '/api/v1/admin/freeplay-codes', { method: 'POST', headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ code: 'LAYOUT-1', amount: 5, cap: 2, expiresAt: '2031-01-01' }) });
    expect(made.status).toBe(201);
    const page = await open('/admin/audit', operator, PHONE);
    const box = (await page.locator('.admin-table tr').nth(1).boundingBox())!;
    expect(Math.round(box.x)).toBe(16);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.locator('td[data-label="IP"]').first().textContent()).toBe('127.0.0.1');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'audit-390');
    await page.close();
    const wide = await open('/admin/audit', operator, DESKTOP);
    await shot(wide, 'audit-1280');
    await wide.close();
  });

  test("a player's console page, with its movements and audit trail, does not scroll sideways on a phone", async () => {
    const adjusted = await call(server.app, 'POST', `/api/v1/admin/players/${player.userId}/adjust`, { amount: 1, reason: 'layout check credit' }, { token: operator.token });
    expect(adjusted.status).toBe(200);
    const page = await open(`/admin/players/${player.userId}`, operator, PHONE);
    expect(await page.locator('#audit-trail + .admin-table-wrap td[data-label="Action"]').first().textContent()).toBe('player.adjust');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'admin-player-390');
    await page.close();
  });

  test('the dev mailbox does not scroll sideways on a phone', async () => {
    await call(server.app, 'POST', '/api/v1/register', { email: `layout.${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'Journey123', reference: 'friend', userType: 'USER', termsAccepted: true, ageConfirmed: true });
    const page = await open('/dev/mailbox', null, PHONE);
    await page.locator('.mailbox-item').first().waitFor();
    await page.locator('.mailbox-item summary').first().click();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await shot(page, 'mailbox-390');
    await page.close();
  });
});
