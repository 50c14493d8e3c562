import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, startServer, type Browser, type TestServer } from './browser';

let browser: Browser;
let server: TestServer;

// A browser on a shared machine needs more than bun's 5 s default (bunfig's [test] timeout is not read).
setDefaultTimeout(30_000);
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

async function open(path: string, viewport = PHONE): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.goto(server.url + path, { waitUntil: 'load' });
  return page;
}

describe('landing page in chromium', () => {
  test.each([
    ['390 px', PHONE],
    ['1280 px', DESKTOP],
  ])('at %s: header, a moving 15-line ticker, content and footer; nothing wider than the screen', async (_, viewport) => {
    const page = await open('/', viewport);
    try {
      await expect(page.locator('header.site-header .logo').isVisible()).resolves.toBe(true);
      await expect(page.locator('[data-ticker="demo"] li').count()).resolves.toBe(15);
      await expect(page.locator('[data-ticker="demo"]').isVisible()).resolves.toBe(true);
      // Invented lines say so on screen.
      await expect(page.locator('[data-ticker="demo"] .ticker-demo').textContent()).resolves.toBe('Demo');
      await expect(page.locator('[data-ticker="demo"] .ticker-demo').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
      await page.locator('footer.site-footer').scrollIntoViewIfNeeded();
      await expect(page.locator('footer.site-footer').isVisible()).resolves.toBe(true);
      const phone = viewport.width < 768;
      await expect(page.locator('[data-nav-toggle]').isVisible()).resolves.toBe(phone);
      await expect(page.locator('#site-nav').isVisible()).resolves.toBe(!phone);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await page.close();
    }
  });

  test('the hamburger opens and closes the menu at 390 px', async () => {
    const page = await open('/');
    try {
      const toggle = page.locator('[data-nav-toggle]');
      const nav = page.locator('#site-nav');
      await expect(nav.isVisible()).resolves.toBe(false);
      await toggle.click();
      await expect(nav.isVisible()).resolves.toBe(true);
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(page.getByRole('link', { name: 'Register' }).isVisible()).resolves.toBe(true);
      await toggle.click();
      await expect(nav.isVisible()).resolves.toBe(false);
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await page.close();
    }
  });

  test('an unknown path lands on /', async () => {
    const page = await open('/no/such/page');
    try {
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(page.locator('#register').isVisible()).resolves.toBe(true);
    } finally {
      await page.close();
    }
  });

  test('the Games dropdown opens, then closes on a click outside', async () => {
    const page = await open('/', DESKTOP);
    try {
      const games = page.locator('.nav-links [data-dropdown-toggle]');
      const ultraPanda = page.getByRole('link', { name: 'Ultra Panda', exact: true });
      await games.click();
      await expect(ultraPanda.isVisible()).resolves.toBe(true);
      await page.locator('h1').click();
      await expect(ultraPanda.isVisible()).resolves.toBe(false);
      await expect(games.getAttribute('aria-expanded')).resolves.toBe('false');
    } finally {
      await page.close();
    }
  });

  test('Get Started and a service card lead to /register, which says why; the Cash App guide explains buying bitcoin', async () => {
    const page = await open('/', DESKTOP);
    try {
      await page.getByRole('link', { name: 'Get Started' }).click();
      await page.waitForURL((u) => u.pathname === '/register');
      await expect(page.getByRole('status').filter({ hasText: 'Login or register to get started!' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { name: 'Create Your Account' }).isVisible()).resolves.toBe(true);
      await page.goBack();
      await page.locator('#services a.service-card').first().click();
      await page.waitForURL((u) => u.pathname === '/register');
      await expect(page.getByText('Login or register to get started!').isVisible()).resolves.toBe(true);
      await page.goto(server.url + '/support#how-to-deposit-with-cashapp');
      const guide = page.locator('#how-to-deposit-with-cashapp + p');
      await expect(guide.textContent()).resolves.toContain('choose Buy');
    } finally {
      await page.close();
    }
  });

  test('keyboard: the skip link comes first with a visible ring; the Games menu works with Enter, arrows and Escape', async () => {
    const page = await open('/', DESKTOP);
    try {
      await page.keyboard.press('Tab');
      const first = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        return { text: el.textContent, outline: getComputedStyle(el).outlineStyle };
      });
      expect(first).toEqual({ text: 'Skip to content', outline: 'solid' });
      // It slides into view when focused.
      await page.waitForFunction(() => document.activeElement!.getBoundingClientRect().top >= 0, undefined, { timeout: 2000 });
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');

      const games = page.locator('.nav-links [data-dropdown-toggle]');
      await games.focus();
      await page.keyboard.press('Enter');
      await expect(games.getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('ArrowDown');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Ultra Panda');
      await page.keyboard.press('Escape');
      await expect(games.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Games');
    } finally {
      await page.close();
    }
  });

  test('no script or console errors on any page opened above', () => {
    expect(browser.errors).toEqual([]);
  });
});
