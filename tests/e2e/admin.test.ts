import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { gameAccounts, moveTo } from '../helpers/games';
import { available, fund } from '../helpers/money';
import { call } from '../helpers/app';
import { createOperatorUser, createPlayer, type TestPlayer } from '../helpers/players';
import { verifyLedger } from '../../src/services/ledger/ledger-verify';
import { launchBrowser, DESKTOP, PHONE, startServer, type Browser, type TestServer, signInAs } from './browser';

const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
let browser: Browser;
let server: TestServer;
let ada: TestPlayer;
let op: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  // Sandbox payments; withdrawals above $50 wait for an operator, and an approved payout completes an hour later.
  // The manual game provider: every game account and transfer waits as a task for an operator.
  server = await startServer({ WITHDRAWAL_AUTO_APPROVE_DOLLARS: '50', SANDBOX_PAYOUT_DELAY_S: '3600', GAME_PROVIDER: 'manual' });
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
    await page.getByRole('link', { name: 'Withdrawals 2 awaiting approval' }).waitFor();
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
    await page.getByText(`Withdrawal of $150.00 for ${ada.email} approved: BTCPay sends the payout.`).waitFor();

    await rowOf('$120.00').locator('summary', { hasText: 'Reject' }).click();
    const reject = rowOf('$120.00').locator('form', { has: page.locator('input[value="reject"]') });
    await reject.getByLabel('Reason (the player is told)').fill('Address flagged by compliance');
    await reject.getByRole('checkbox').check();
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(`Withdrawal of $120.00 for ${ada.email} rejected: the $120.00 it held is back in the player's wallet.`).waitFor();

    const w = await server.app.deps.database.client.execute({ sql: 'SELECT id, status, payout_state FROM withdrawals WHERE id IN (?, ?)', args: [first, second] });
    // A rejected payout's last state read at BTCPay stays as it was; the withdrawal itself is cancelled.
    expect(Object.fromEntries(w.rows.map((r) => [r.id, [r.status, r.payout_state]]))).toEqual({ [first]: ['pending', 'AwaitingPayment'], [second]: ['cancelled', 'AwaitingApproval'] });

    await page.goto(server.url + '/admin/audit');
    await page.getByText('withdrawal.approve').waitFor();
    await page.getByText('withdrawal.reject').waitFor();
    await page.locator('td[data-label="Reason"]', { hasText: 'Address flagged by compliance' }).waitFor();
    expect((await verifyLedger(server.app.deps.database.client)).ok).toBe(true);
    // No page is wider than the phone.
    for (const p of ['/admin', '/admin/players', `/admin/players/${ada.userId}`, '/admin/withdrawals?status=all', '/admin/cases?status=all', '/admin/game-tasks', '/admin/deposits', '/admin/codes', '/admin/games', '/admin/audit']) {
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

  test('an operator completes a manual game transfer and issues a code that a player redeems; the audit log holds all four actions', async () => {
    const bea = await createOperatorUser(server.app);
    const client = server.app.deps.database.client;
    const asOperator = (token: string) => ({ token });
    // Ada's game accounts are made first (their tasks done through the API); then her $20 to VBlink waits as a task.
    await gameAccounts(server.app, ada);
    for (const t of (await call(server.app, 'GET', '/api/v1/admin/game-tasks?status=open', undefined, asOperator(bea.token))).json.tasks)
      expect((await call(server.app, 'POST', `/api/v1/admin/game-tasks/${t.id}/complete`, { reference: `BO-${t.gameId}` }, asOperator(bea.token))).status).toBe(200);
    const userName = (await gameAccounts(server.app, ada)).vblink.gameCredentialId.userName;
    expect((await moveTo(server.app, ada, { gameId: 'vblink', userName, amount: 20 })).status).toBeLessThan(300);
    const wallet = await available(server.app, ada.userId);
    const load = async () => (await client.execute("SELECT status FROM transfers WHERE code = 'GAME_LOAD' AND kind = 'hold'")).rows.map((r) => r.status);
    expect(await load()).toEqual(['pending']);

    const signIn = (token: string) => signInAs(browser.context, server.url, token);
    await signIn(bea.token);
    const page = await browser.newPage(DESKTOP);
    await page.goto(server.url + '/admin/game-tasks');
    await page.getByRole('link', { name: 'Game tasks 1 open' }).waitFor();
    const task = page.locator('tr', { hasText: 'Load credits' });
    // From the keyboard: Enter opens the form and the button, still focused, reads Cancel; Enter again closes it.
    await task.locator('summary', { hasText: 'Done' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText)).toBe('Cancel');
    await task.getByLabel('Back-office reference').waitFor();
    await page.keyboard.press('Enter');
    expect(await task.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await task.locator('summary', { hasText: 'Done' }).click();
    const done = task.locator('form', { has: page.locator('input[value="complete"]') });
    await done.getByLabel('Back-office reference').fill('VB-7781');
    await done.getByRole('checkbox', { name: "The player's held $20.00 goes to the game for good" }).check();
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByText('Task completed: the player is told.').waitFor();
    // The held credits are posted to the game: out of the wallet for good, and the menu has no open task left.
    expect(await load()).toEqual(['posted']);
    expect(await available(server.app, ada.userId)).toBe(wallet);
    expect(await page.getByRole('link', { name: /^Game tasks/ }).textContent()).toBe('Game tasks');

    await page.goto(server.url + '/admin/codes');
    await page.getByLabel('Code (empty: random)').fill('SPRING-E2E');
    await page.getByLabel('Amount ($)').fill('7.5.0');
    await page.getByLabel('Redemption cap').fill('5');
    await page.getByRole('button', { name: 'Issue code' }).click();
    // Refused: the page again with why, and what was typed still there to correct.
    await page.getByRole('alert').filter({ hasText: /amount/i }).waitFor();
    expect([await page.getByLabel('Code (empty: random)').inputValue(), await page.getByLabel('Redemption cap').inputValue()]).toEqual(['SPRING-E2E', '5']);
    expect(await page.getByLabel('Amount ($)').getAttribute('aria-invalid')).toBe('true');
    // The browser logs the refusal's status as a console error: that one is expected.
    const refusal = browser.errors.findIndex((e) => e.endsWith('/admin/codes: Failed to load resource: the server responded with a status of 400 (Bad Request)'));
    expect(refusal).toBeGreaterThanOrEqual(0);
    browser.errors.splice(refusal, 1);
    await page.getByLabel('Amount ($)').fill('7.50');
    await page.getByRole('button', { name: 'Issue code' }).click();
    await page.getByText('Code SPRING-E2E created.').waitFor();

    // Ada redeems it on her own freeplay page.
    await signIn(ada.token);
    const player = await browser.newPage(PHONE);
    await player.goto(server.url + '/freeplay');
    await player.getByRole('textbox', { name: 'Freeplay code' }).fill('spring-e2e');
    await player.getByRole('button', { name: 'Submit' }).click();
    await player.getByText('Code redeemed: $7.50 added to your wallet.').waitFor();
    expect(await available(server.app, ada.userId)).toBe(wallet + 750);

    await signIn(bea.token);
    await page.goto(server.url + '/admin/codes');
    await page.locator('tr', { hasText: 'SPRING-E2E' }).getByText('1 / 5').waitFor();
    // All four: the approval and rejection of the first journey, the finished transfer and the code.
    await page.goto(server.url + '/admin/audit');
    const entry = (action: string, hasText: string) => page.locator('tr', { hasText }).locator('td[data-label="Action"]', { hasText: action });
    await entry('withdrawal.approve', 'Known player, address checked').waitFor();
    await entry('withdrawal.reject', 'Address flagged by compliance').waitFor();
    await entry('game_task.complete', 'VB-7781').waitFor();
    await entry('code.create', 'SPRING-E2E').waitFor();
    if (process.env.SHOTS) await page.screenshot({ path: '/tmp/admin-audit-four-1280.png', fullPage: true });
    expect((await verifyLedger(client)).ok).toBe(true);
    expect(browser.errors).toEqual([]);
  });
});
