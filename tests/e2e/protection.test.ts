import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { serveApp } from '../../src/serve';
import { makeApp, type TestApp } from '../helpers/app';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { launchBrowser, type Browser, signInAs } from './browser';

// A port of this suite's own range.
const PORT = 3471;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const NARROW = { width: 360, height: 800 };
let browser: Browser;
let app: TestApp;
let server: ReturnType<typeof Bun.serve>;
let p: TestPlayer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  app = await makeApp({ PUBLIC_URL: ORIGIN });
  server = serveApp(app, { port: PORT, hostname: '127.0.0.1' });
  p = await createPlayer(app);
  browser = await launchBrowser();
  await signInAs(browser.context, ORIGIN, p.token);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  app?.deps.database.client.close();
}, 30_000);

describe('Responsible gaming section in chromium (360 px)', () => {
  test('set a limit, be refused self-exclusion until confirmed, then self-exclude; deposits are then refused', async () => {
    const page = await browser.newPage(NARROW);
    await page.goto(ORIGIN + '/profile-setting');
    const section = page.locator('#responsible-gaming');
    await section.getByRole('heading', { name: 'Responsible gaming' }).waitFor();
    // Nothing spills sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await section.getByLabel('Daily limit ($)').fill('25');
    await section.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Deposit limits saved.').first().waitFor();
    expect(await page.locator('#responsible-gaming').getByLabel('Daily limit ($)').inputValue()).toBe('25');

    const exclusion = page.locator('form:has(input[value="selfExclude"])');
    await exclusion.getByLabel('1 year').check();
    await exclusion.getByLabel('Password').fill(p.password);
    await exclusion.getByRole('button', { name: 'Self-exclude' }).click();
    await page.getByText('Tick the box to confirm you understand it cannot be undone').waitFor();
    expect((await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM play_controls WHERE user_id = ? AND self_excluded_until IS NOT NULL', args: [p.userId] })).rows[0]!.n).toBe(0);

    const again = page.locator('form:has(input[value="selfExclude"])');
    await again.getByLabel('1 year').check();
    await again.getByLabel('Password').fill(p.password);
    await again.getByRole('checkbox', { name: /cannot be undone or shortened/ }).check();
    await again.getByRole('button', { name: 'Self-exclude' }).click();
    // Said in the section, and in the banner every signed-in page now carries.
    await section.getByText(/You are self-excluded until/).waitFor();
    await page.locator('.restriction-banner').getByText(/You are self-excluded until/).waitFor();

    const r = await page.evaluate(async () => {
      const res = await fetch('/api/v1/btc/create-deposit-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 10 }) });
      return { status: res.status, body: await res.json() };
    });
    expect(r.status).toBe(403);
    expect(r.body.errorType).toBe('SELF_EXCLUDED');
    // The refused form (400) and the refused call (403) are logged by the browser as failed loads; nothing else is.
    expect(browser.errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
  });
});
