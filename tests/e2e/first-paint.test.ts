import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page, Response } from 'playwright-core';
import { captchaAnswerHash, captchaKey, CAPTCHA_TTL_MS } from '../../src/services/auth/captcha';
import { outbox, waitForMail } from '../helpers/accounts';
import { createPlayer } from '../helpers/players';
import { islandHydrated, launchBrowser, PHONE, startServer, type Browser, type TestServer } from './browser';

// A visitor's page before they use it: no React at all, only the small enhancement script and the islands'
// starters; the form's island is fetched on the first focus, keystroke or tap, and takes over what was typed. A
// signed-in page likewise (tests/e2e/signed-in-first-load.test.ts), from its one boot script.
let browser: Browser;
let plain: Browser;
let server: TestServer;

setDefaultTimeout(90_000);
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  plain = await launchBrowser({ javaScriptEnabled: false });
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await plain?.close();
  await server?.stop();
}, 30_000);

const isHydrated = (page: Page, island: string) =>
  page.evaluate((name) => {
    const root = document.querySelector(`[data-island="${name}"] > [data-root]`);
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  }, island);

/**
 * Waits until the tab's committed address is `path`: read from the tab itself, so a navigation that committed before
 * the wait began counts too (waiting for a navigation event could miss it).
 */
async function landsOn(page: Page, path: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (new URL(page.url()).pathname !== path) {
    if (Date.now() > deadline) throw new Error(`still on ${page.url()}, not ${path}`);
    await Bun.sleep(50);
  }
}

/** A tab with an empty cache that records every script it fetches, with its size. */
async function freshTab(slow = false) {
  await browser.context.clearCookies();
  const page = await browser.newPage(PHONE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Nor the service worker's cache: a signed-in page of an earlier test registered it for the whole site.
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  if (slow) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  const scripts: { url: string; bytes: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (r: Response) => {
    if (r.request().resourceType() !== 'script') return;
    pending.push(r.body().then((b) => void scripts.push({ url: new URL(r.url()).pathname, bytes: b.length }), () => undefined));
  });
  return { page, scripts, settle: () => Promise.all(pending.splice(0)) };
}

const REACT = /\/build\/(chunk-|[A-Za-z]+\.island-)/;

describe('visitor pages before the first interaction', () => {
  for (const [path, island, field] of [
    ['/', 'RegisterForm', '#landing-email'],
    ['/login', 'LoginForm', '#login-email'],
    ['/register', 'RegisterForm', '#register-email'],
    ['/forgot-password', 'ForgotPasswordForm', '#forgot-email'],
  ] as const) {
    test(`${path}: under 10 KB of script and no React until the form is focused; then ${island} loads and hydrates`, async () => {
      const { page, scripts, settle } = await freshTab();
      try {
        await page.goto(server.url + path, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        await settle();
        expect(scripts.length).toBeGreaterThan(0);
        expect(scripts.filter((s) => REACT.test(s.url))).toEqual([]);
        expect(scripts.reduce((n, s) => n + s.bytes, 0)).toBeLessThan(10_000);
        expect(await isHydrated(page, island)).toBe(false);

        await page.locator(field).focus();
        await islandHydrated(page, island);
        await settle();
        expect(scripts.filter((s) => REACT.test(s.url)).length).toBeGreaterThan(1);
      } finally {
        await page.close();
      }
    });
  }

  test('a signed-in page loads its one boot script and no React either; each island wakes on its first use', async () => {
    const p = await createPlayer(server.app);
    const { page, scripts, settle } = await freshTab();
    try {
      await browser.context.addCookies([{ name: 'token', value: p.token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
      await page.goto(server.url + '/transactions', { waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      await settle();
      expect(scripts.map((s) => s.url)).toEqual([server.app.deps.assets.manifest.app!]);
      await islandHydrated(page, 'TransactionsTable');
      await islandHydrated(page, 'WalletMenu');
    } finally {
      await page.close();
      await browser.context.clearCookies();
    }
  });
});

describe('the whole stylesheet after the first paint', () => {
  test('is turned on by the enhancement script, applies, and the inline style breaks no policy', async () => {
    const { page } = await freshTab();
    const before = browser.errors.length;
    try {
      for (const path of ['/', '/support']) {
        await page.goto(server.url + path, { waitUntil: 'load' });
        await page.waitForFunction(() => {
          const l = document.querySelector<HTMLLinkElement>('link[data-full-css]');
          return !!l && l.media === 'all' && !!l.sheet && l.sheet.cssRules.length > 100;
        });
        expect(await page.evaluate(() => document.querySelectorAll('head > style').length)).toBe(1);
      }
      expect(browser.errors.slice(before)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  test('without script the <noscript> link loads it', async () => {
    const page = await plain.newPage(PHONE);
    try {
      await page.goto(server.url + '/about-us', { waitUntil: 'load' });
      const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => ({ href: s.href && new URL(s.href).pathname, media: s.media.mediaText, rules: s.cssRules.length })));
      const full = sheets.filter((s) => s.href === server.app.deps.assets.manifest.publicCss);
      expect(full.some((s) => s.media === '' && s.rules > 100)).toBe(true);
    } finally {
      await page.close();
    }
  });
});

describe('typing on a slow phone (400 kbit/s, 400 ms) before and while the island arrives', () => {
  test('/login: nothing typed is lost and the island signs in', async () => {
    const p = await createPlayer(server.app, { password: 'Secret123!' });
    const { page } = await freshTab(true);
    try {
      await page.goto(server.url + '/login', { waitUntil: 'domcontentloaded' });
      // The first keystrokes wake the island; React is then still on its way over the slow link.
      await page.locator('#login-email').pressSequentially(p.email, { delay: 30 });
      const hydratedWhileTyping = await isHydrated(page, 'LoginForm');
      await page.getByLabel('Password', { exact: true }).pressSequentially(p.password, { delay: 120 });
      await islandHydrated(page, 'LoginForm');
      expect(hydratedWhileTyping).toBe(false);
      expect(await page.locator('#login-email').inputValue()).toBe(p.email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(p.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Login Successful' }).waitFor();
      await landsOn(page, '/home');
    } finally {
      await page.close();
      await browser.context.clearCookies();
    }
  });

  test('/register: nothing typed or ticked is lost and the island registers', async () => {
    const email = `slow.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { page } = await freshTab(true);
    try {
      await page.goto(server.url + '/register', { waitUntil: 'domcontentloaded' });
      await page.locator('#register-email').pressSequentially(email, { delay: 30 });
      const hydratedWhileTyping = await isHydrated(page, 'RegisterForm');
      await page.getByLabel('Password', { exact: true }).pressSequentially('Journey123', { delay: 120 });
      await page.getByRole('checkbox', { name: 'Friend' }).check();
      await page.getByRole('checkbox', { name: /I accept the/ }).check();
      await page.getByRole('checkbox', { name: /21 years of age/ }).check();
      await islandHydrated(page, 'RegisterForm');
      expect(hydratedWhileTyping).toBe(false);
      expect(await page.locator('#register-email').inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('Journey123');
      for (const name of ['Friend', /I accept the/, /21 years of age/]) expect(await page.getByRole('checkbox', { name }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('dialog', { name: 'Check Your Email!' }).waitFor();
    } finally {
      await page.close();
    }
    expect(browser.errors.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
  });
});

describe('the forgot-password captcha as its own request', () => {
  test('without script: the picture sets its cookie, the plain form posts, the link is mailed', async () => {
    const p = await createPlayer(server.app);
    const page = await plain.newPage(PHONE);
    try {
      const picture = page.waitForResponse((r) => r.url().endsWith('/api/v1/captcha.svg'));
      await page.goto(server.url + '/forgot-password');
      expect((await picture).status()).toBe(200);
      expect(await page.locator('input[name="captchaId"]').count()).toBe(0);
      const id = (await plain.context.cookies(server.url)).find((c) => c.name === 'captcha')!.value;
      // The test knows the store: it gives the captcha on screen an answer it can type.
      await server.app.deps.store.set(captchaKey(id), captchaAnswerHash(id, 'K7MP'), CAPTCHA_TTL_MS);
      const before = (await outbox(server.app)).filter((m) => m.to === p.email && /Reset/.test(m.subject)).length;
      await page.getByLabel('Email').fill(p.email);
      await page.getByRole('textbox', { name: 'Captcha' }).fill('k7mp');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.locator('.flash').getByText('If an account exists for this email, a password reset link has been sent.').waitFor();
      await waitForMail(server.app, p.email, /Reset/, before);
    } finally {
      await page.close();
      await plain.context.clearCookies();
    }
  });

  test('with script: the island sends the typed answer for the picture its cookie names', async () => {
    const p = await createPlayer(server.app);
    const { page } = await freshTab();
    try {
      await page.goto(server.url + '/forgot-password', { waitUntil: 'load' });
      await page.getByLabel('Email').fill(p.email);
      await islandHydrated(page, 'ForgotPasswordForm');
      const id = (await browser.context.cookies(server.url)).find((c) => c.name === 'captcha')!.value;
      await server.app.deps.store.set(captchaKey(id), captchaAnswerHash(id, 'Q2W3'), CAPTCHA_TTL_MS);
      await page.getByRole('textbox', { name: 'Captcha' }).fill('Q2W3');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Email Sent' }).waitFor();
    } finally {
      await page.close();
      await browser.context.clearCookies();
    }
  });
});
