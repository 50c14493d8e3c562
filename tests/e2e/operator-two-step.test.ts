// An operator turns two-step on in chromium with OPERATOR_TWO_STEP=required: the right code only says to check the
// e-mail; the mailed link opened in the same browser turns it on; signed in again with a code, the console opens.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createOperatorUser, type TestPlayer } from '../helpers/players';
import { codeFor, confirmationToken, testClock } from '../helpers/two-step';
import { launchBrowser, PHONE, startServer, type Browser, type TestServer, signInAs, islandHydrated } from './browser';

const clock = testClock(Date.now());
let browser: Browser;
let server: TestServer;
let op: TestPlayer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  server = await startServer({ OPERATOR_TWO_STEP: 'required' }, { now: clock.now });
  op = await createOperatorUser(server.app, { password: 'Console-Key-42' });
  browser = await launchBrowser();
  await signInAs(browser.context, server.url, op.token);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

describe('an operator turns two-step on in chromium (phone)', () => {
  test('code → "check your e-mail" → the link in the same browser → recovery codes → sign in with a code → the console', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(server.url + '/admin');
    await page.waitForURL(/\/profile-setting\?two-step=required/);
    await islandHydrated(page, 'TwoStepSettings');
    const card = page.locator('#two-step');
    await card.getByText('it then turns on once you open a link we e-mail to your address', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
    const secret = (await card.getByLabel('Manual key').textContent())!.replace(/\s/g, '');
    await card.getByLabel('Code from the app').fill(codeFor(secret, clock.t));
    await card.getByLabel('Your Password', { exact: true }).fill('Console-Key-42');
    await card.getByRole('button', { name: 'Turn on', exact: true }).click();
    await card.getByText('Check your e-mail to finish turning it on.').waitFor();
    expect(await card.locator('.recovery-code-list').count()).toBe(0);
    // Reloaded, the section still says so.
    await page.reload();
    await card.getByText('Check your e-mail to finish turning it on.').waitFor();

    const link = await confirmationToken(server.app, op.email);
    await page.goto(`${server.url}/two-step/confirm/${link}`);
    await page.getByRole('heading', { name: 'Confirm two-step verification' }).waitFor();
    await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await page.locator('#two-step').getByText('Save your recovery codes').waitFor();
    expect(await page.locator('#two-step .recovery-code-list code').count()).toBe(10);

    // The session that turned it on signed in with the password alone: sign out and in again with the code.
    await page.goto(server.url + '/admin');
    await page.waitForURL(/two-step=sign-in-again/);
    await page.getByRole('button', { name: 'Sign out and sign in with your code' }).click();
    await page.waitForURL(/\/login\?next=%2Fadmin/);
    await islandHydrated(page, 'LoginForm');
    await page.getByLabel('Email').fill(op.email);
    await page.getByLabel('Password', { exact: true }).fill('Console-Key-42');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Two-step code').waitFor();
    clock.step();
    await page.getByLabel('Two-step code').fill(codeFor(secret, clock.t));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(server.url + '/admin');
    await page.close();
  });
});
