// A public demo (SANDBOX_CONTROLS=on): the "Demo — not real money" banner at the top of every page, whole and
// readable on a phone, named for assistive technology, with no script needed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createPlayer } from '../helpers/players';
import { launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ HOST: '0.0.0.0', SANDBOX_CONTROLS: 'on' });
  browser = await launchBrowser({ javaScriptEnabled: false });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the demo banner in chromium at 390 px', () => {
  test('first thing on a visitor page and a signed-in page, whole on screen, and named', async () => {
    const p = await createPlayer(server.app);
    await signInAs(browser.context, server.url, p.token);
    const page = await browser.newPage(PHONE);
    for (const path of ['/about-us', '/home']) {
      await page.goto(server.url + path);
      const banner = page.getByRole('region', { name: 'Demo notice' });
      expect(await banner.innerText()).toContain('Demo — not real money.');
      const box = (await banner.boundingBox())!;
      // At the very top, across the screen, and nothing of the page wider than the phone.
      expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Its text is dark on light: readable (WCAG AA contrast needs 4.5:1; this is far above).
      const [fg, bg] = await banner.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
      expect([fg, bg]).toEqual(['rgb(26, 19, 0)', 'rgb(255, 210, 63)']);
    }
    expect(browser.errors).toEqual([]);
  });
});
