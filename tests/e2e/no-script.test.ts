import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { serveApp } from '../../src/serve';
import { rows } from '../helpers/accounts';
import { makeApp, type TestApp } from '../helpers/app';
import { available, fund } from '../helpers/money';
import { createPlayer } from '../helpers/players';
import { DESKTOP, launchBrowser, PHONE, type Browser } from './browser';

// A no-script browser: every step below is a plain HTML form post the server answers by itself.
// Its own port: the mailed verification link is built from PUBLIC_URL.
const PORT = 3361;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let browser: Browser;
let app: TestApp;
let server: ReturnType<typeof Bun.serve>;

setDefaultTimeout(60_000);
beforeAll(async () => {
  app = await makeApp({ PUBLIC_URL: ORIGIN });
  server = serveApp(app, { port: PORT, hostname: '127.0.0.1' });
  browser = await launchBrowser({ javaScriptEnabled: false });
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  app?.deps.database.client.close();
}, 30_000);

// A refused post is answered with its honest 4xx status, which Chromium logs; anything else is a real error.
const realErrors = () => browser.errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));
const flash = (page: Page) => page.locator('.flash').textContent();
const fieldError = (page: Page, id: string) => page.locator(`#${id}-error`).textContent();

describe('with JavaScript disabled', () => {
  test('register → verify → login → P2P → logout, every form a plain post with values kept and errors inline', async () => {
    const page = await browser.newPage(PHONE);
    const email = `noscript.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const friend = await createPlayer(app, { name: 'Friend Player' });

    // Register: a refusal keeps the address and the ticks, never the password, and says why under the field.
    await page.goto(ORIGIN + '/register');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('checkbox', { name: 'Friend' }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    expect(page.url()).toBe(ORIGIN + '/register');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('checkbox', { name: 'Friend' }).isChecked()).toBe(true);
    expect(await fieldError(page, 'register-password')).toBe('Password must be at least 8 characters');
    expect(await fieldError(page, 'register-terms')).toBe('You must accept the Terms and Conditions');

    await page.getByLabel('Password', { exact: true }).fill('Journey123');
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('checkbox', { name: /21 years of age/ }).check();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(ORIGIN + '/login');
    expect(await flash(page)).toContain(`We sent a verification link to ${email}`);

    // Login before verifying: answered as any failed sign-in (it tells no one the account exists), with the line that
    // sends a new player to their inbox, where a fresh link has gone.
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Journey123');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).count()).toBe(1);
    expect(await page.getByText('If your account is new, check your e-mail for the verification link').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);

    // Verify: the mailed link's page offers one button that sends the token.
    await page.goto(ORIGIN + '/dev/mailbox');
    const href = await page.locator('.mailbox-item', { hasText: email }).first().locator('a[href*="/verify/email/"]').first().getAttribute('href');
    await page.goto(href!);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.waitForURL(ORIGIN + '/login');
    expect(await flash(page)).toContain('Your email has been successfully verified.');

    // A signed-in page asked for while signed out: sign in first, then straight back to it.
    await page.goto(ORIGIN + '/p2p-transfer');
    expect(page.url()).toBe(ORIGIN + '/login?next=%2Fp2p-transfer');
    await page.getByText('Please sign in to continue.').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong12345');
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByRole('alert').first().textContent()).toContain('Invalid email or password');
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Password', { exact: true }).fill('Journey123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(ORIGIN + '/p2p-transfer');
    const token = (await browser.context.cookies(ORIGIN)).find((c) => c.name === 'token');
    expect(token?.httpOnly).toBe(true);

    // P2P: a refusal keeps what was typed; '$1,000.50' is read as people write it.
    const [me] = await rows(app, 'SELECT id FROM users WHERE email = ?', [email]);
    await fund(app, String(me!.id), 2_000_00);
    await page.getByLabel('Receiver Email').fill(friend.email);
    await page.getByLabel('Amount').fill('5.001');
    await page.getByRole('button', { name: 'Transfer' }).click();
    expect(await fieldError(page, 'p2p-amount')).toBe('Use at most two decimals (cents).');
    expect(await page.getByLabel('Receiver Email').inputValue()).toBe(friend.email);
    expect(await page.getByLabel('Amount').inputValue()).toBe('5.001');
    await page.getByLabel('Amount').fill('$1,000.50');
    await page.getByRole('button', { name: 'Transfer' }).click();
    // The confirmation names the receiver before anything moves.
    await page.getByRole('heading', { name: 'Confirm the transfer' }).waitFor();
    const facts = await page.locator('.p2p-facts').textContent();
    for (const part of [String(friend.playerId), friend.email, '$1,000.50']) expect(facts).toContain(part);
    expect(await available(app, friend.userId)).toBe(0);
    await page.getByRole('button', { name: 'Send $1,000.50' }).click();
    await page.waitForURL(/\/p2p-transfer\?receipt=CR-/);
    expect(await page.locator('.flash').count()).toBe(1);
    const receipt = await page.locator('.p2p-receipt').textContent();
    for (const part of ['Transfer sent', '$1,000.50', `Player ID ${friend.playerId}`, new URL(page.url()).searchParams.get('receipt')!]) expect(receipt).toContain(part);
    expect(await available(app, friend.userId)).toBe(1_000_50);
    expect(await available(app, String(me!.id))).toBe(999_50);
    await page.reload();
    expect(await page.locator('.p2p-receipt').count()).toBe(1);
    await page.getByRole('link', { name: 'Done' }).click();
    await page.waitForURL(ORIGIN + '/p2p-transfer');
    expect(await page.getByLabel('Receiver Email').inputValue()).toBe('');

    // Logout is a plain post too; afterwards the old session is gone.
    // Without script the phone's menu opens from its Menu disclosure, and a dropdown opens on keyboard focus: Tab to Logout.
    await page.locator('summary.nav-toggle').click();
    await page.locator('.site-header .logo').focus();
    for (let i = 0; i < 30 && (await page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Logout'; i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(ORIGIN + '/');
    const after = await fetch(ORIGIN + '/api/v1/user/details', { headers: { authorization: `Bearer ${token!.value}` } });
    expect(after.status).toBe(401);
    expect(realErrors()).toEqual([]);
  });

  test('a refused form starts the player at the first field to fix', async () => {
    const page = await browser.newPage(PHONE);
    for (const [path, button, first] of [['/login', 'Login', 'login-email'], ['/forgot-password', 'Send Reset Link', 'forgot-email']] as const) {
      await page.goto(ORIGIN + path);
      await page.getByRole('button', { name: button }).click();
      await page.waitForLoadState('load');
      expect(await page.title()).toStartWith('Error:');
      expect([path, await page.evaluate(() => document.activeElement?.id)]).toEqual([path, first]);
    }
    // Only the second field was wrong: focus starts there.
    await page.goto(ORIGIN + '/login');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.close();
  });

  test('no button that needs the script is offered: a game password shows through its own disclosure', async () => {
    const p = await createPlayer(app);
    await browser.context.addCookies([{ name: 'token', value: p.token, url: ORIGIN }]);
    const page = await browser.newPage(PHONE);
    await page.goto(ORIGIN + '/home');
    type Listed = { gameId: { name: string }; gameCredentialId: { password: string } };
    const list = (await (await fetch(ORIGIN + '/api/v1/games/list', { headers: { authorization: `Bearer ${p.token}` } })).json()) as { userGames: Listed[] };
    const password = list.userGames.find((a) => a.gameId.name === 'Ultra Panda')!.gameCredentialId.password;
    expect(await page.getByText(password!, { exact: true }).isVisible()).toBe(false);
    await page.getByText('Show Ultra Panda password').click();
    expect(await page.getByText(password!, { exact: true }).isVisible()).toBe(true);
    // Copy, Play a round and the tip presets would do nothing here.
    expect(await page.getByRole('button', { name: /^Copy|Play a round/ }).count()).toBe(0);
    expect(await page.locator('.tip-presets').isVisible()).toBe(false);
    await page.goto(ORIGIN + '/forgot-password');
    expect(await page.locator('.captcha-refresh').isVisible()).toBe(false);
    await page.close();
  });

  test('profile, password change and freeplay work as plain posts, at 1280 px', async () => {
    const p = await createPlayer(app, { password: 'Secret123!' });
    await browser.context.addCookies([{ name: 'token', value: p.token, url: ORIGIN }]);
    const page = await browser.newPage(DESKTOP);
    await page.goto(ORIGIN + '/profile-setting');
    await page.getByLabel('Name').fill('X');
    await page.getByLabel('Phone Number').fill('5551234567');
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await fieldError(page, 'profile-name')).toBe('Name should be 2 to 50 characters long');
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('5551234567');
    await page.getByLabel('Name').fill('Plain Post');
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await flash(page)).toBe('Profile Updated Successfully');
    expect(await page.getByLabel('Name').inputValue()).toBe('Plain Post');

    await page.getByLabel('Current Password', { exact: true }).fill('Secret123!');
    await page.getByLabel('New Password', { exact: true }).fill('Another456!');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Another456?');
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await fieldError(page, 'change-confirm')).toBe('Passwords do not match');
    expect(await page.getByLabel('Current Password', { exact: true }).inputValue()).toBe('');
    await page.getByLabel('Current Password', { exact: true }).fill('Secret123!');
    await page.getByLabel('New Password', { exact: true }).fill('Another456!');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Another456!');
    await page.getByRole('button', { name: 'Change Password' }).click();
    expect(await flash(page)).toBe('Password Changed Successfully');

    await page.goto(ORIGIN + '/freeplay');
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await fieldError(page, 'freeplay-page-code')).toBe('Please enter valid code');
    expect(realErrors()).toEqual([]);
    await browser.context.clearCookies();
  });
});
