// Shared by the browser tests: Debian's chromium driven by playwright-core (never a downloaded browser), and
// the whole app served in-process on a free port, wired the way src/main.ts serves it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Deps } from '../../src/deps';
import { serveApp } from '../../src/serve';
import { makeApp, type TestApp } from '../helpers/app';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = {
  context: BrowserContext;
  /** A new tab at the given viewport (phone 390 × 844 by default). */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Script errors and console errors of every tab so far (a CSP violation shows up here too). */
  errors: string[];
  close(): Promise<void>;
};

/** Chromium with a fresh profile in a temp folder, removed again on close. */
export async function launchBrowser(opts: { javaScriptEnabled?: boolean; bypassCSP?: boolean; serviceWorkers?: 'allow' | 'block'; hasTouch?: boolean } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'coinreel-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    // Only for injecting a test tool (axe-core) as a script tag; the site's own CSP is tested elsewhere.
    bypassCSP: opts.bypassCSP ?? false,
    // A page its service worker controls fetches through the worker, which a page's `route` cannot hold.
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    // A touch screen as well as the mouse, for tests that tap as a phone does (`page.touchscreen`).
    hasTouch: opts.hasTouch ?? false,
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async newPage(viewport = PHONE) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
      });
      return page;
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs the browser in as a player: their session token in the httpOnly cookie the site sets at sign-in. */
export const signInAs = (context: { addCookies(c: { name: string; value: string; url: string; httpOnly?: boolean; sameSite?: 'Lax' }[]): Promise<void> }, url: string, token: string) =>
  context.addCookies([{ name: 'token', value: token, url, httpOnly: true, sameSite: 'Lax' }]);

/**
 * Waits until React has taken over the named island's root (hydrateRoot marks its container), not just drawn HTML.
 * An island loaded on interaction (a visitor's form) is first woken as a visitor's first focus would.
 */
export const islandHydrated = (page: { waitForFunction(fn: (name: string) => boolean, arg: string): Promise<unknown> }, name: string) =>
  page.waitForFunction((n) => {
    const root = document.querySelector(`[data-island="${n}"] [data-root]`);
    if (root && Object.keys(root).some((k) => k.startsWith('__reactContainer'))) return true;
    for (const el of document.querySelectorAll(`[data-island="${n}"][data-load]`)) el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    return false;
  }, name);

/**
 * Wakes every island on the page as a first focus inside each would, and waits until React has taken over each one:
 * what an island draws once hydrated (its own words, in the page's language) is then on the page.
 */
export async function wakeAllIslands(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-island]')) el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((el) => {
      const root = el.querySelector(':scope > [data-root]');
      return !root || Object.keys(root).some((k) => k.startsWith('__reactContainer'));
    }),
  );
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export type TestServer = { url: string; app: TestApp; stop(): Promise<void> };

/**
 * The app (makeApp: its own temp database) on 127.0.0.1, served as main.ts serves it. Port 0 picks a free one;
 * a suite whose links must be real (PUBLIC_URL in mails) names its own.
 */
export async function startServer(env: Record<string, string> = {}, overrides: Partial<Deps> = {}, port = 0): Promise<TestServer> {
  const app = await makeApp(env, overrides);
  const server = serveApp(app, { port, hostname: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${server.port}`,
    app,
    async stop() {
      await server.stop(true);
      app.deps.database.client.close();
      rmSync(app.dir, { recursive: true, force: true });
    },
  };
}
