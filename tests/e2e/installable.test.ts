import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { loadAssets, type Asset, type AssetStore } from '../../src/assets/store';
import { BUILT_WORKER } from '../../src/pwa/pwa.routes';
import { HASHED_ASSET, OFFLINE_URL } from '../../src/pwa/sw-rules';
import { call } from '../helpers/app';
import { available, fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';

// The installable app (docs/decisions/service-worker.md): Chromium finds nothing missing to install it; offline, a
// navigation shows the offline page; the worker keeps only build files and that page, never sends a post later,
// empties its caches at sign-out, and a new version takes over on the next navigation after saying so once.
let server: TestServer;
let player: TestPlayer;
let friend: TestPlayer;
// The worker the site serves can be swapped for a newer build's (the update test).
let newer: Asset | null = null;
const NEWER_VERSION = 'feedfacefeedface';

setDefaultTimeout(120_000);
beforeAll(async () => {
  const real = await loadAssets();
  const assets: AssetStore = {
    get: (url) => (url === BUILT_WORKER && newer ? newer : real.get(url)),
    get manifest() {
      return newer ? { ...real.manifest, swVersion: NEWER_VERSION } : real.manifest;
    },
  };
  server = await startServer({}, { assets });
  player = await createPlayer(server.app, { name: 'Pia' });
  friend = await createPlayer(server.app, { name: 'Fred' });
  await fund(server.app, player.userId, 40_00);
}, 60_000);
afterAll(async () => {
  await server?.stop();
}, 30_000);

async function signedIn(): Promise<Browser> {
  const b = await launchBrowser();
  await signInAs(b.context, server.url, player.token);
  return b;
}
/** The page once its worker is active and controls it (the worker registers after the page has loaded). */
async function controlled(page: Page, path = '/home') {
  await page.goto(server.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20_000 });
}
/** Every URL the site's caches hold, by cache. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const k of await caches.keys()) out[k] = (await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    return out;
  });

describe('installable', () => {
  test('Chromium\'s installability check finds no error, and the manifest parses clean', async () => {
    const b = await signedIn();
    try {
      const page = await b.newPage(PHONE);
      await controlled(page);
      const cdp = await page.context().newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(server.url + '/manifest.webmanifest');
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('offline', () => {
  test('a navigation to /home shows the offline page: offline, nothing sent, the balance only as last seen here with its time', async () => {
    const b = await signedIn();
    try {
      const page = await b.newPage(PHONE);
      await controlled(page, '/transactions');
      const shown = await page.locator('[data-wallet-balance]').textContent();
      await b.context.setOffline(true);
      await page.goto(server.url + '/home');
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await page.locator('body').textContent()).toContain('Nothing was sent.');
      expect(page.url()).toBe(server.url + '/home');
      const seen = await page.locator('[data-last-seen]').textContent();
      expect(seen).toMatch(new RegExp(`^Your balance when last seen in this tab, at \\d{1,2}:\\d\\d [AP]M: \\${shown}\\. It may have changed since\\.$`));
      // A page seen before is not kept either: the offline page again, not its old HTML.
      await page.goto(server.url + '/transactions');
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      // Back online, the page asked for comes by itself.
      await b.context.setOffline(false);
      await page.getByRole('heading', { name: 'Transactions', exact: true }).waitFor({ timeout: 15_000 });
    } finally {
      await b.close();
    }
  });

  test('a new tab offline shows no balance at all: none was seen in it', async () => {
    const b = await signedIn();
    try {
      const first = await b.newPage(PHONE);
      await controlled(first);
      const other = await b.newPage(PHONE);
      await b.context.setOffline(true);
      await other.goto(server.url + '/home');
      await other.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await other.locator('[data-last-seen]').isVisible()).toBe(false);
      expect(await other.locator('body').textContent()).not.toMatch(/\$\d/);
    } finally {
      await b.context.setOffline(false);
      await b.close();
    }
  });

  test('the worker keeps build files and the offline page only: no API answer, no signed-in page', async () => {
    const b = await signedIn();
    try {
      const page = await b.newPage(PHONE);
      await controlled(page);
      for (const path of ['/transactions', '/notifications', '/p2p-transfer', '/profile-setting', '/home']) {
        await page.goto(server.url + path, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
      }
      // An island woken (its React kept), and the API read from the page.
      await page.getByRole('button', { name: /Wallet balance/ }).click();
      await page.waitForFunction(() => document.querySelector('[data-island="WalletMenu"] button')?.getAttribute('aria-expanded') === 'true', null, { timeout: 15_000 });
      await page.evaluate(() => Promise.all(['/api/v1/user/wallet-balance', '/api/v1/ticker', '/api/v1/user/details'].map((u) => fetch(u).then((r) => r.text()))));
      const kept = Object.values(await cached(page)).flat();
      expect(kept).toContain(OFFLINE_URL);
      expect(kept.some((u) => /\.island-/.test(u))).toBe(true);
      expect(kept.filter((u) => u !== OFFLINE_URL && !HASHED_ASSET.test(u))).toEqual([]);
    } finally {
      await b.close();
    }
  });

  test('a post made offline fails and is never sent later: no transfer, no background sync', async () => {
    const b = await signedIn();
    try {
      const page = await b.newPage(PHONE);
      await controlled(page, '/p2p-transfer');
      const mine = await available(server.app, player.userId);
      const theirs = await available(server.app, friend.userId);
      await b.context.setOffline(true);
      const answer = await page.evaluate(async ([email]) => {
        try {
          const r = await fetch('/api/v1/transfer/p2p-transfer', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, amount: 5 }) });
          return `answered ${r.status}`;
        } catch {
          return 'failed';
        }
      }, [friend.email]);
      expect(answer).toBe('failed');
      // The plain form too: the browser cannot send it, and says so.
      await page.getByLabel('Receiver Email').fill(friend.email);
      await page.getByLabel('Amount').fill('5');
      await page.getByRole('button', { name: 'Transfer' }).click().catch(() => undefined);
      await page.waitForTimeout(500);
      await b.context.setOffline(false);
      const back = await b.newPage(PHONE);
      await back.goto(server.url + '/home', { waitUntil: 'load' });
      await back.waitForLoadState('networkidle');
      await back.waitForTimeout(3_000);
      expect(await available(server.app, player.userId)).toBe(mine);
      expect(await available(server.app, friend.userId)).toBe(theirs);
      expect(await back.evaluate(async () => {
        const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
        return reg.sync ? reg.sync.getTags() : [];
      })).toEqual([]);
    } finally {
      await b.context.setOffline(false);
      await b.close();
    }
  });
});

describe('sign-out', () => {
  test('by the header\'s form: the caches are emptied of everything kept while signed in, and the tab forgets the balance', async () => {
    // A player of its own: signing out ends the session.
    const leaving = await createPlayer(server.app);
    const b = await launchBrowser();
    try {
      await signInAs(b.context, server.url, leaving.token);
      const page = await b.newPage(PHONE);
      await controlled(page);
      await page.reload({ waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const app = new URL(server.app.deps.assets.manifest.app!, server.url).pathname;
      expect(Object.values(await cached(page)).flat()).toContain(app);
      expect(await page.evaluate(() => sessionStorage.getItem('coinreel:last-balance'))).not.toBeNull();
      if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('You are signed out.').waitFor();
      await page.waitForLoadState('networkidle');
      const kept = Object.values(await cached(page)).flat();
      expect(kept).not.toContain(app);
      expect(kept.some((u) => /\.island-|\/site-/.test(u))).toBe(false);
      expect(await page.evaluate(() => sessionStorage.getItem('coinreel:last-balance'))).toBeNull();
      // The offline page is kept again for next time.
      await page.waitForFunction(async () => !!(await caches.match('/offline.html')), null, { timeout: 10_000 });
    } finally {
      await b.close();
    }
  });

  test('by the API (an island\'s sign-out): the caches are emptied too', async () => {
    const other = await createPlayer(server.app);
    const b = await launchBrowser();
    try {
      await signInAs(b.context, server.url, other.token);
      const page = await b.newPage(PHONE);
      await controlled(page);
      await page.reload({ waitUntil: 'load' });
      await page.waitForLoadState('networkidle');
      const app = new URL(server.app.deps.assets.manifest.app!, server.url).pathname;
      expect(Object.values(await cached(page)).flat()).toContain(app);
      expect(await page.evaluate(() => fetch('/api/v1/logout', { method: 'POST' }).then((r) => r.status))).toBe(200);
      await page.waitForFunction(async (a) => {
        for (const k of await caches.keys()) if ((await (await caches.open(k)).keys()).some((r) => r.url.endsWith(a))) return false;
        return true;
      }, app, { timeout: 10_000 });
      expect((await call(server.app, 'GET', '/api/v1/user/details', undefined, { token: other.token })).status).toBe(401);
    } finally {
      await b.close();
    }
  });
});

describe('a new version', () => {
  test('is announced once to the open page, and takes over on the next navigation', async () => {
    const b = await signedIn();
    try {
      const page = await b.newPage(PHONE);
      await controlled(page);
      const version = server.app.deps.assets.manifest.swVersion!;
      expect(Object.keys(await cached(page))).toEqual([`coinreel-${version}`]);
      const built = server.app.deps.assets.get(BUILT_WORKER)!;
      newer = { ...built, body: new TextEncoder().encode(new TextDecoder().decode(built.body).replaceAll(version, NEWER_VERSION)), gzip: null, br: null };
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      const notice = page.locator('#toasts').getByText('An update is ready: it is used from the next page you open.');
      await notice.waitFor({ timeout: 15_000 });
      // Asking again finds nothing newer: no second notice.
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      await page.waitForTimeout(1_000);
      expect(await notice.count()).toBe(1);
      // The open page keeps the version it started with until the player moves on.
      expect(Object.keys(await cached(page))).toContain(`coinreel-${version}`);
      await page.goto(server.url + '/transactions', { waitUntil: 'load' });
      await page.waitForFunction(async (v) => (await caches.keys()).join() === `coinreel-${v}`, NEWER_VERSION, { timeout: 15_000 });
      expect(await page.locator('#toasts').getByText('An update is ready').count()).toBe(0);
    } finally {
      newer = null;
      await b.close();
    }
  });
});
