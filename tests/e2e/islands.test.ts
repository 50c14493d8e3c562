import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createPlayer } from '../helpers/players';
import { DESKTOP, islandHydrated, launchBrowser, startServer, type Browser, type TestServer, signInAs } from './browser';

// Islands render on the server as roots of their own with an id prefix the browser hydrates with, so
// ids made with useId agree on both sides. These checks fail when they do not.
let browser: Browser;
let server: TestServer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  server = await startServer();
  const p = await createPlayer(server.app);
  browser = await launchBrowser();
  await signInAs(browser.context, server.url, p.token);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('island ids after hydration', () => {
  test('arrow keys move focus between the transactions tabs; every aria reference names a real element', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(server.url + '/transactions');
    await page.waitForFunction(() => !!document.querySelector('[data-island="TransactionsTable"] [role="tab"]'));
    await page.waitForTimeout(300);
    // The history opens on All, the first tab.
    const first = page.getByRole('tab', { name: 'All' });
    await first.focus();
    // The first focus wakes the island (until then each tab is a plain link); the arrow keys are React's.
    await islandHydrated(page, 'TransactionsTable');
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Transfers');
    const dangling = await page.evaluate(() =>
      [...document.querySelectorAll('[aria-controls], [aria-labelledby], [aria-describedby]')]
        .flatMap((el) => ['aria-controls', 'aria-labelledby', 'aria-describedby'].map((a) => el.getAttribute(a)))
        .filter((v): v is string => !!v)
        .flatMap((v) => v.split(/\s+/))
        .filter((id) => !document.getElementById(id)),
    );
    expect(dangling).toEqual([]);
    const prefixes = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-island]')].map((e) => e.dataset.prefix));
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(browser.errors).toEqual([]);
  });
});
