import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page, Route } from 'playwright-core';
import { call } from '../helpers/app';
import { available, fund } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { launchBrowser, PHONE, signInAs, startServer, type Browser, type TestServer } from './browser';
import { countingRelay, type Wire } from './wire';

// A signed-in player's pages before they touch anything (docs/decisions/signed-in-loading.md): one small script, no
// React; the header balance, the payment pushes, the deposit's countdown and state and the history's rows still move;
// a form used before its island's React arrives posts as a plain form. Every page is reached through a relay that
// counts the bytes on the wire, so a repeat visit is measured whatever answered it (server, worker or cache).
let server: TestServer;
let wire: Wire;
let player: TestPlayer;
let friend: TestPlayer;
let depositId: string;

const JS_BUDGET = 20_000;
const REQUEST_BUDGET = 15;
const REPEAT_BUDGET = 15_000;

setDefaultTimeout(120_000);
beforeAll(async () => {
  wire = await countingRelay();
  server = await startServer({ PUBLIC_URL: wire.origin });
  wire.target(Number(new URL(server.url).port));
  player = await createPlayer(server.app, { name: 'Pia' });
  friend = await createPlayer(server.app, { name: 'Fred' });
  await fund(server.app, player.userId, 100_00);
  await fund(server.app, friend.userId, 100_00);
  const made = await call(server.app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 50 }, { token: player.token });
  depositId = made.json.data.depositId;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await wire?.close();
}, 30_000);

const PAGES = () => ['/home', '/transactions', `/deposit-bitcoin?deposit=${depositId}`, '/p2p-transfer', '/profile-setting', '/notifications', '/freeplay'];
const REACT = /\/build\/(?:[\w]+\.island-|chunk-)/;

/** A fresh browser (no cache, no worker) signed in as the player, for one test. */
async function fresh(opts: Parameters<typeof launchBrowser>[0] = {}): Promise<Browser> {
  const b = await launchBrowser(opts);
  await signInAs(b.context, wire.origin, player.token);
  return b;
}

/** Every request a page makes, with its bytes on the wire as the browser counts them (measure.mjs's way). */
async function recording(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const reqs = new Map<string, { url: string; type: string; mime: string; bytes: number }>();
  cdp.on('Network.requestWillBeSent', (e) => void (e.request.url.startsWith('data:') || reqs.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', mime: '', bytes: 0 })));
  cdp.on('Network.responseReceived', (e) => void (reqs.get(e.requestId) && (reqs.get(e.requestId)!.mime = e.response.mimeType)));
  cdp.on('Network.loadingFinished', (e) => void (reqs.get(e.requestId) && (reqs.get(e.requestId)!.bytes = e.encodedDataLength)));
  await cdp.send('Network.enable');
  return () => [...reqs.values()].filter((r) => !/\/favicon\./.test(r.url));
}
const isJs = (r: { type: string; mime: string }) => r.type === 'Script' || /javascript/.test(r.mime);
const reactAsked = (page: Page) => page.evaluate((re) => performance.getEntriesByType('resource').some((e) => new RegExp(re).test(e.name)), REACT.source);
const hydrated = (page: Page, island: string) => page.evaluate((n) => document.querySelector<HTMLElement>(`[data-island="${n}"]`)?.dataset.hydrated !== undefined, island);
const balance = (page: Page) => page.locator('[data-wallet-balance]').textContent();

describe('a signed-in page before any use', () => {
  test('every page fetches one script and no React: at most 20 KB of JavaScript in at most 15 requests', async () => {
    for (const path of PAGES()) {
      const b = await fresh();
      try {
        const page = await b.newPage(PHONE);
        const seen = await recording(page);
        await page.goto(wire.origin + path, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        const all = seen();
        const js = all.filter(isJs);
        expect({ path, scripts: js.map((r) => new URL(r.url).pathname.replace(/-[a-z0-9]{8}\.js$/, '.js')) }).toEqual({ path, scripts: ['/build/app.js'] });
        expect(js.reduce((n, r) => n + r.bytes, 0)).toBeLessThanOrEqual(JS_BUDGET);
        expect(all.length).toBeLessThanOrEqual(REQUEST_BUDGET);
        expect(await reactAsked(page)).toBe(false);
        expect(b.errors).toEqual([]);
      } finally {
        await b.close();
      }
    }
  });

  test('a repeat visit to each page moves at most 15 KB over the wire (hashed files kept, the page compressed)', async () => {
    const b = await fresh();
    try {
      const page = await b.newPage(PHONE);
      await page.goto(wire.origin + '/home', { waitUntil: 'load' });
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
      const moved: Record<string, number> = {};
      for (const path of PAGES()) {
        await page.goto(wire.origin + path, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        wire.reset();
        await page.goto(wire.origin + path, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        moved[path] = wire.down();
      }
      // Each page's repeat visit, over the budget if any (the failure names the page and its bytes).
      expect(Object.entries(moved).filter(([, bytes]) => bytes > REPEAT_BUDGET)).toEqual([]);
      // Not nothing either: the page itself still comes from the server.
      expect(Object.values(moved).every((bytes) => bytes > 2_000)).toBe(true);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('the whole stylesheet', () => {
  test('comes after the load event (the inlined critical CSS draws the page until then) and applies, breaking no policy', async () => {
    const b = await fresh();
    try {
      const page = await b.newPage(PHONE);
      await page.goto(wire.origin + '/transactions', { waitUntil: 'load' });
      await page.waitForFunction((href) => [...document.styleSheets].some((s) => s.href?.endsWith(href) && s.cssRules.length > 100), server.app.deps.assets.manifest.css);
      const started = await page.evaluate((href) => {
        const sheet = performance.getEntriesByType('resource').find((e) => e.name.endsWith(href))!;
        return { sheet: sheet.startTime, load: performance.getEntriesByType('navigation')[0]!.toJSON().loadEventStart as number };
      }, server.app.deps.assets.manifest.css);
      expect(started.sheet).toBeGreaterThanOrEqual(started.load);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('live without React', () => {
  test('a friend\'s transfer moves the header balance and shows its toast; React comes only with the first tap, and agrees', async () => {
    const b = await fresh();
    try {
      const page = await b.newPage(PHONE);
      await page.goto(wire.origin + '/home', { waitUntil: 'load' });
      const before = await available(server.app, player.userId);
      const sent = await call(server.app, 'POST', '/api/v1/transfer/p2p-transfer', { email: player.email, amount: 2.5 }, { token: friend.token });
      expect(sent.status).toBe(200);
      const now = `$${((before + 250) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      await page.waitForFunction((t) => document.querySelector('[data-wallet-balance]')?.textContent === t, now, { timeout: 15_000 });
      await page.locator('#toasts').getByText(`You received $2.50 from Fred`).first().waitFor();
      expect(await reactAsked(page)).toBe(false);
      expect(await hydrated(page, 'WalletMenu')).toBe(false);

      // The first tap on the wallet button brings React; the menu the tap asked for opens once it is there.
      await page.getByRole('button', { name: /Wallet balance/ }).click();
      await page.waitForFunction(() => document.querySelector('[data-island="WalletMenu"] button')?.getAttribute('aria-expanded') === 'true', null, { timeout: 15_000 });
      expect(await hydrated(page, 'WalletMenu')).toBe(true);
      expect(await balance(page)).toBe(now);
      // React hydrated what the plain script had drawn: no mismatch, no error.
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  test('the deposit page: the countdown ticks and the payment shows as paid, with no interaction and no React', async () => {
    const b = await fresh();
    try {
      const made = await call(server.app, 'POST', '/api/v1/btc/create-deposit-request', { amount: 20 }, { token: player.token });
      const id = made.json.data.depositId as string;
      const page = await b.newPage(PHONE);
      await page.goto(`${wire.origin}/deposit-bitcoin?deposit=${id}`, { waitUntil: 'load' });
      const first = await page.getByRole('timer').textContent();
      await page.waitForFunction((t) => document.querySelector('[role="timer"]')?.textContent !== t, first, { timeout: 5_000 });
      expect(await page.getByRole('timer').textContent()).toMatch(/^\d\d:\d\d$/);
      const before = await available(server.app, player.userId);
      const row = await server.app.deps.database.client.execute({ sql: 'SELECT invoice_id FROM deposits WHERE id = ?', args: [id] });
      await server.app.deps.simulator!.simulate(String(row.rows[0]!.invoice_id), 'pay');
      await page.getByText('Paid — $20.00 is in your wallet', { exact: true }).waitFor({ timeout: 15_000 });
      await expect(page.getByRole('timer').count()).resolves.toBe(0);
      const now = `$${((before + 2_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      await page.waitForFunction((t) => document.querySelector('[data-wallet-balance]')?.textContent === t, now, { timeout: 15_000 });
      expect(await reactAsked(page)).toBe(false);
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });

  test('the history: a transfer that arrives shows as a new row at once, with no interaction and no React', async () => {
    const b = await fresh();
    try {
      const page = await b.newPage(PHONE);
      await page.goto(wire.origin + '/transactions', { waitUntil: 'load' });
      const rows = await page.getByRole('row').count();
      await call(server.app, 'POST', '/api/v1/transfer/p2p-transfer', { email: player.email, amount: 1.11 }, { token: friend.token });
      await page.getByRole('row').filter({ hasText: '+$1.11' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('row').count()).toBeGreaterThan(rows);
      expect(await reactAsked(page)).toBe(false);
      // Its island, woken later, takes over the rows as drawn.
      await page.getByRole('tab', { name: 'All' }).focus();
      await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="TransactionsTable"]')?.dataset.hydrated !== undefined);
      await page.getByRole('row').filter({ hasText: '+$1.11' }).waitFor();
      expect(b.errors).toEqual([]);
    } finally {
      await b.close();
    }
  });
});

describe('a form used before its React arrives', () => {
  test('posts as a plain form: the P2P form reaches the server\'s confirmation, and nothing moves until Send', async () => {
    const b = await fresh({ serviceWorkers: 'block' });
    try {
      const page = await b.newPage(PHONE);
      // React never arrives in this test: the islands' modules are held.
      const held: Route[] = [];
      await page.route(REACT, (r) => void held.push(r));
      await page.goto(wire.origin + '/p2p-transfer', { waitUntil: 'load' });
      const before = await available(server.app, player.userId);
      await page.getByLabel('Receiver Email').fill(friend.email);
      await page.getByLabel('Amount').fill('3');
      // The focus asked for the island's React (held), and the form is still the server's.
      for (let i = 0; i < 50 && !held.length; i++) await page.waitForTimeout(100);
      expect(held.length).toBeGreaterThan(0);
      expect(await hydrated(page, 'P2PTransferForm')).toBe(false);
      await page.getByRole('button', { name: 'Transfer' }).click();
      await page.getByRole('heading', { name: 'Confirm the transfer' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/p2p-transfer');
      expect(await available(server.app, player.userId)).toBe(before);
      await page.getByRole('button', { name: 'Send $3.00' }).click();
      await page.getByRole('heading', { name: 'Transfer sent' }).waitFor();
      expect(await available(server.app, player.userId)).toBe(before - 300);
      await Promise.all(held.map((r) => r.abort().catch(() => undefined)));
    } finally {
      await b.close();
    }
  });
});
