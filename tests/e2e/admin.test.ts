import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { fund } from '../helpers/money';
import { call } from '../helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../helpers/players';
import { verifyLedger } from '../../src/services/ledger/ledger-verify';
import { launchBrowser, DESKTOP, PHONE, startServer, type Browser, type TestServer } from './browser';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let browser: Browser;
let server: TestServer;
let ada: TestPlayer;
let op: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  // Sandbox payments; withdrawals above $50 wait for an operator, and an approved payout completes an hour later.
  server = await startServer({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '50', SANDBOX_PAYOUT_DELAY_S: '3600' });
  ada = await createPlayer(server.app, { name: 'Ada' });
  op = await createOperatorUser(server.app);
  await fund(server.app, ada.userId, 50_000);
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

const withdraw = async (amount: number) =>
  (await call(server.app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: ADDRESS, amount, tip: 0 }, { token: ada.token })).json.data.withdrawalId as string;

describe('operator console in chromium', () => {
  test('an operator signs in, approves one withdrawal and rejects another, and finds both in the audit log', async () => {
    const first = await withdraw(150);
    const second = await withdraw(120);
    const page = await browser.newPage(PHONE);
    await page.goto(server.url + '/admin/withdrawals');
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Email').fill(op.email);
    await page.getByLabel('Password', { exact: true }).fill(op.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/admin\/withdrawals$/);
    // The operator header: on a phone its console sections fold behind the hamburger; no player wallet anywhere.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Withdrawals 2 open' }).waitFor();
    expect(await page.getByRole('button', { name: /Wallet balance/ }).count()).toBe(0);
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/admin-menu-390.png' });
    await page.getByRole('button', { name: 'Close menu' }).click();
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/admin-withdrawals-390.png', fullPage: true });

    const rowOf = (amount: string) => page.locator('tr', { hasText: amount });
    await rowOf('$150.00').locator('summary', { hasText: 'Approve' }).click();
    const approve = rowOf('$150.00').locator('form', { has: page.locator('input[value="approve"]') });
    await approve.getByLabel('Reason').fill('Known player, address checked');
    await approve.getByRole('checkbox').check();
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Withdrawal approved: BTCPay sends the payout.').waitFor();

    await rowOf('$120.00').locator('summary', { hasText: 'Reject' }).click();
    const reject = rowOf('$120.00').locator('form', { has: page.locator('input[value="reject"]') });
    await reject.getByLabel('Reason (the player is told)').fill('Address flagged by compliance');
    await reject.getByRole('checkbox').check();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByText("Withdrawal rejected: the amount and tip are back in the player's wallet.").waitFor();

    const w = await server.app.deps.database.client.execute({ sql: 'SELECT id, status, payout_state FROM withdrawals WHERE id IN (?, ?)', args: [first, second] });
    // A rejected payout's last state read at BTCPay stays as it was; the withdrawal itself is cancelled.
    expect(Object.fromEntries(w.rows.map((r) => [r.id, [r.status, r.payout_state]]))).toEqual({ [first]: ['pending', 'AwaitingPayment'], [second]: ['cancelled', 'AwaitingApproval'] });

    await page.goto(server.url + '/admin/audit');
    await page.getByText('withdrawal.approve').waitFor();
    await page.getByText('withdrawal.reject').waitFor();
    await page.locator('td[data-label="Reason"]', { hasText: 'Address flagged by compliance' }).waitFor();
    expect((await verifyLedger(server.app.deps.database.client)).ok).toBe(true);
    // No page is wider than the phone.
    for (const p of ['/admin', '/admin/players', `/admin/players/${ada.userId}`, '/admin/withdrawals?status=all', '/admin/game-tasks', '/admin/deposits', '/admin/codes', '/admin/games', '/admin/audit']) {
      await page.goto(server.url + p);
      expect([p, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([p, 390]);
      if (process.env.SHOTS) await page.screenshot({ path: `/tmp/admin${p.replace(/[/?=]/g, '-')}-390.png`, fullPage: true });
    }
    if (process.env.SHOTS) {
      const wide = await browser.newPage(DESKTOP);
      for (const p of ['/admin', '/admin/withdrawals?status=all', `/admin/players/${ada.userId}`, '/admin/audit', '/admin/codes'])
        await wide.goto(server.url + p).then(() => wide.screenshot({ path: `/tmp/admin${p.replace(/[/?=]/g, '-')}-1280.png`, fullPage: true }));
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(server.url + '/');
    await page.goto(server.url + '/admin');
    await page.waitForURL(/\/login\?next=/);
    expect(browser.errors).toEqual([]);
  });
});
