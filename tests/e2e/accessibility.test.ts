// axe-core on every page, signed out and signed in, at 390 and 1280 px: no serious or critical violation.
// One tab per viewport and session walks the pages; each page is checked once its islands have hydrated.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { call } from '../helpers/app';
import { fund } from '../helpers/money';
import { createOperatorUser, createPlayer } from '../helpers/players';
import { sendCredits } from '../../src/services/wallet/p2p';
import { cents } from '../../src/shared/money';
import { DESKTOP, PHONE, launchBrowser, startServer, type Browser, type TestServer, signInAs } from './browser';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIGNED_OUT = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/ultra-panda', '/vb-link', '/support', '/responsible-gaming',
  '/login', '/login?next=%2Fhome', '/register?start=1', '/solvency', '/forgot-password', '/forgot-password?captcha=question', `/reset-password/${'A'.repeat(43)}`, `/set-password/${'A'.repeat(43)}`, `/verify/email/${'A'.repeat(43)}`];
const SIGNED_IN = ['/home', '/transactions', '/transactions?type=P2P', '/p2p-transfer', '/notifications', '/profile-setting', '/deposit-bitcoin', '/freeplay', '/verify-identity', '/solvency'];
const OPERATOR = ['/admin', '/admin/players', '/admin/withdrawals', '/admin/game-tasks', '/admin/deposits', '/admin/codes', '/admin/games', '/admin/audit', '/admin/identity'];

type Finding = { path: string; width: number; rule: string; impact: string; nodes: string[] };

setDefaultTimeout(180_000);
let server: TestServer;
let browser: Browser;
let playerToken = '';
let operatorToken = '';
let friendEmail = '';

beforeAll(async () => {
  server = await startServer();
  const player = await createPlayer(server.app, { name: 'Ada Lovelace' });
  const friend = await createPlayer(server.app, { name: 'Friend' });
  await fund(server.app, player.userId, 25_00);
  // A real transfer, so history has a row and its receipt page can be checked too.
  const sent = await sendCredits(server.app.deps.database.client, server.app.deps.ledger, player, friend.email, cents(500));
  SIGNED_IN.push(`/p2p-transfer?receipt=${sent.transactionUuid}`);
  // The deposit page in each of its states: waiting for payment, paid, and expired.
  const deposit = async () => (await call(server.app, 'POST', '/api/v1/btc/create-deposit-request', { amount: '20' }, { token: player.token })).json.data.depositId as string;
  const [pending, paid, expired] = [await deposit(), await deposit(), await deposit()];
  await call(server.app, 'POST', `/api/v1/sandbox/deposits/${paid}/simulate`, { action: 'pay' }, { token: player.token });
  await server.app.deps.database.client.execute({ sql: 'UPDATE deposits SET expires_at = ? WHERE id = ?', args: [Date.now() - 1_000, expired] });
  SIGNED_IN.push(...[pending, paid, expired].map((id) => `/deposit-bitcoin?deposit=${id}`));
  // A proof of liabilities, so /solvency shows its check, figures and list (and the player a notice with its link).
  await server.app.deps.solvency.publish();
  playerToken = player.token;
  friendEmail = friend.email;
  operatorToken = (await createOperatorUser(server.app)).token;
  browser = await launchBrowser({ bypassCSP: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every island on the page has hydrated (or there is none); a visitor's form is woken as a first focus would. */
const settled = (page: Page) =>
  page.waitForFunction(
    () => {
      for (const el of document.querySelectorAll('[data-island][data-load]')) el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      return [...document.querySelectorAll('[data-island] [data-root]')].every((r) => Object.keys(r).some((k) => k.startsWith('__reactContainer')));
    },
    undefined,
    { timeout: 15_000 },
  );

/** axe-core's serious and critical findings on the page as it is now. */
async function axe(page: Page, path: string, width: number): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n: any) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`.trim()) }));
  });
  return violations.filter((v: Finding) => v.impact === 'serious' || v.impact === 'critical').map((v: Finding) => ({ ...v, path, width }));
}

async function audit(paths: string[], viewport: { width: number; height: number }, token?: string): Promise<Finding[]> {
  await browser.context.clearCookies();
  if (token) await signInAs(browser.context, server.url, token);
  const page = await browser.newPage(viewport);
  const found: Finding[] = [];
  try {
    for (const path of paths) {
      await page.goto(server.url + path, { waitUntil: 'load' });
      // The page itself was checked, not the sign-in page a lost session would lead to.
      if (page.url() !== server.url + path) found.push({ path, width: viewport.width, rule: 'redirected', impact: 'critical', nodes: [page.url()] });
      await settled(page);
      found.push(...(await axe(page, path, viewport.width)));
    }
  } finally {
    await page.close();
  }
  return found;
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  test('the states a page load does not show: P2P confirmation, the deposit and freeplay dialogs, at 390 px', async () => {
    await browser.context.clearCookies();
    await signInAs(browser.context, server.url, playerToken);
    const page = await browser.newPage(PHONE);
    const found: Finding[] = [];
    try {
      await page.goto(server.url + '/p2p-transfer');
      await settled(page);
      await page.getByLabel('Receiver Email').fill(friendEmail);
      await page.getByLabel('Amount').fill('1');
      await page.getByRole('button', { name: 'Transfer' }).click();
      await page.getByRole('heading', { name: 'Confirm the transfer' }).waitFor();
      found.push(...(await axe(page, 'p2p confirmation', PHONE.width)));
      await page.goto(server.url + '/home');
      await settled(page);
      if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
      await page.getByRole('button', { name: /Wallet balance/ }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Deposit', exact: true }).click();
      await page.getByRole('dialog', { name: 'Deposit with CashApp / Bitcoin' }).waitFor();
      found.push(...(await axe(page, 'deposit dialog', PHONE.width)));
      await page.goto(server.url + '/home');
      await settled(page);
      if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
      await page.getByRole('button', { name: /Wallet balance/ }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Freeplay' }).click();
      await page.getByRole('dialog', { name: 'Redeem Freeplay Code' }).waitFor();
      found.push(...(await axe(page, 'freeplay dialog', PHONE.width)));
    } finally {
      await page.close();
    }
    expect(found).toEqual([]);
  });

  for (const [label, viewport] of [['390 px', PHONE], ['1280 px', DESKTOP]] as const) {
    test(`signed out, at ${label}`, async () => {
      expect(await audit(SIGNED_OUT, viewport)).toEqual([]);
    });
    test(`signed in, at ${label}`, async () => {
      expect(await audit(SIGNED_IN, viewport, playerToken)).toEqual([]);
    });
    test(`operator console, at ${label}`, async () => {
      expect(await audit(OPERATOR, viewport, operatorToken)).toEqual([]);
    });
  }
});
