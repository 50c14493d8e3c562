import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { serveApp } from '../../src/serve';
import { makeApp, type TestApp } from '../helpers/app';
import { islandHydrated, launchBrowser, PHONE, type Browser } from './browser';

// A port of this suite's own range: the mailed links are built from PUBLIC_URL, so it must be the real address.
const PORT = 3351;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let browser: Browser;
let app: TestApp;
let server: ReturnType<typeof Bun.serve>;

setDefaultTimeout(60_000);
beforeAll(async () => {
  app = await makeApp({ PUBLIC_URL: ORIGIN });
  server = serveApp(app, { port: PORT, hostname: '127.0.0.1' });
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  app?.deps.database.client.close();
}, 30_000);

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text).waitFor();

async function openAccountMenu(page: Page) {
  if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
  await page.getByRole('button', { name: 'Account' }).click();
}

describe('accounts journey in chromium (phone)', () => {
  test('register on the landing page → mail → verify → log in → profile → password → log out → old token refused', async () => {
    const page = await browser.newPage(PHONE);
    const email = `journey.${crypto.randomUUID().slice(0, 8)}@example.com`;

    await page.goto(ORIGIN + '/');
    const panel = page.locator('#register');
    await panel.getByRole('textbox', { name: 'Email' }).fill(email);
    // The form's island is fetched on this first use; the dialog below is the island's answer.
    await islandHydrated(page, 'RegisterForm');
    await panel.getByLabel('Password', { exact: true }).fill('Journey123');
    await panel.getByRole('checkbox', { name: 'Friend' }).check();
    await panel.getByRole('checkbox', { name: /I accept the/ }).check();
    await panel.getByRole('checkbox', { name: /21 years of age/ }).check();
    await panel.getByRole('button', { name: 'Register' }).click();
    const sent = page.getByRole('dialog', { name: 'Check Your Email!' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(email);
    await sent.getByRole('button', { name: 'Got it' }).click();
    await panel.getByText('Registration Successful!').waitFor();

    await page.goto(ORIGIN + '/dev/mailbox');
    const mail = page.locator('.mailbox-item', { hasText: email }).first();
    const link = mail.locator('a[href*="/verify/email/"]').first();
    expect(await link.getAttribute('href')).toStartWith(`${ORIGIN}/verify/email/`);
    const verifyUrl = (await link.getAttribute('href'))!;
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Email Verified!' }).waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL(ORIGIN + '/login');
    // Spent links speak plainly: the verification link again, and a reset link that is no good, on load.
    await page.goto(verifyUrl);
    await page.getByRole('heading', { level: 1, name: 'Already Verified' }).waitFor();
    expect(await page.getByText('Your e-mail is already verified.').isVisible()).toBe(true);
    await page.goto(ORIGIN + '/reset-password/' + 'A'.repeat(43));
    expect(await page.getByRole('alert').textContent()).toContain('This reset link is not valid.');
    expect(await page.getByLabel('New Password').count()).toBe(0);
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL(ORIGIN + '/forgot-password');
    await page.goto(verifyUrl);
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL(ORIGIN + '/login');

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await islandHydrated(page, 'LoginForm');
    await page.getByLabel('Password', { exact: true }).fill('Journey123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
    await page.waitForURL(ORIGIN + '/home');
    await page.getByText(/Player ID: \d{7}/).waitFor();
    const token = (await browser.context.cookies(ORIGIN)).find((c) => c.name === 'token');
    expect(token?.httpOnly).toBe(true);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + document.cookie)).not.toContain(token!.value);

    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(ORIGIN + '/profile-setting');
    await page.getByLabel('Name').fill('Journey Player');
    await page.getByLabel('Phone Number').fill('5551234567');
    // The island's React came with the first keystroke; its answer is a toast (before it, the form posts plainly).
    await islandHydrated(page, 'AccountInfoForm');
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Profile Updated Successfully');
    await page.reload();
    expect(await page.getByLabel('Name').inputValue()).toBe('Journey Player');
    expect(await page.getByLabel('Phone Number').inputValue()).toBe('5551234567');

    await page.getByLabel('Current Password', { exact: true }).fill('Journey123');
    await page.getByLabel('New Password', { exact: true }).fill('Journey456!');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('Journey456!');
    await islandHydrated(page, 'ChangePasswordForm');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password Changed Successfully');
    expect(await page.getByLabel('Current Password', { exact: true }).inputValue()).toBe('');

    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(ORIGIN + '/');
    const after = await fetch(ORIGIN + '/api/v1/user/details', { headers: { authorization: `Bearer ${token!.value}` } });
    expect(after.status).toBe(401);
    expect((await page.goto(ORIGIN + '/profile-setting'))!.url()).toBe(`${ORIGIN}/login?next=%2Fprofile-setting`);
    expect(browser.errors).toEqual([]);
  });
});
