// axe-core on every page, signed out and signed in, at 390 and 1280 px: no serious or critical violation.
// One tab per viewport and session walks the pages; each page is checked once its islands have hydrated.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { fund } from '../helpers/money';
import { createOperatorUser, createPlayer } from '../helpers/players';
import { sendCredits } from '../../src/services/wallet/p2p';
import { cents } from '../../src/shared/money';
import { DESKTOP, PHONE, launchBrowser, startServer, type Browser, type TestServer } from './browser';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SIGNED_OUT = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/ultra-panda', '/vb-link', '/support', '/responsible-gaming',
  '/login', '/login?next=%2Fhome', '/register?start=1', '/forgot-password', '/forgot-password?captcha=question', `/reset-password/${'A'.repeat(43)}`, `/verify/email/${'A'.repeat(43)}`];
const SIGNED_IN = ['/home', '/transactions', '/transactions?type=P2P', '/p2p-transfer', '/notifications', '/profile-setting', '/deposit-bitcoin', '/freeplay'];
const OPERATOR = ['/admin', '/admin/players', '/admin/withdrawals', '/admin/game-tasks', '/admin/deposits', '/admin/codes', '/admin/games', '/admin/audit'];

type Finding = { path: string; width: number; rule: string; impact: string; nodes: string[] };

setDefaultTimeout(180_000);
let server: TestServer;
let browser: Browser;
let playerToken = '';
let operatorToken = '';

beforeAll(async () => {
  server = await startServer();
  const player = await createPlayer(server.app, { name: 'Ada Lovelace' });
  const friend = await createPlayer(server.app, { name: 'Friend' });
  await fund(server.app, player.userId, 25_00);
  // A real transfer, so history has a row and its receipt page can be checked too.
  const sent = await sendCredits(server.app.deps.database.client, server.app.deps.ledger, player, friend.email, cents(500));
  SIGNED_IN.push(`/p2p-transfer?receipt=${sent.transactionUuid}`);
  playerToken = player.token;
  operatorToken = (await createOperatorUser(server.app)).token;
  browser = await launchBrowser({ bypassCSP: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every island on the page has hydrated (or there is none). */
const settled = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('[data-island] [data-root]')].every((r) => Object.keys(r).some((k) => k.startsWith('__reactContainer'))), undefined, { timeout: 15_000 });

async function audit(paths: string[], viewport: { width: number; height: number }, token?: string): Promise<Finding[]> {
  await browser.context.clearCookies();
  if (token) await browser.context.addCookies([{ name: 'token', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  const page = await browser.newPage(viewport);
  const found: Finding[] = [];
  try {
    for (const path of paths) {
      await page.goto(server.url + path, { waitUntil: 'load' });
      // The page itself was checked, not the sign-in page a lost session would lead to.
      if (page.url() !== server.url + path) found.push({ path, width: viewport.width, rule: 'redirected', impact: 'critical', nodes: [page.url()] });
      await settled(page);
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v: any) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n: any) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`.trim()) }));
      });
      for (const v of violations) if (v.impact === 'serious' || v.impact === 'critical') found.push({ path, width: viewport.width, ...v });
    }
  } finally {
    await page.close();
  }
  return found;
}

describe('accessibility (axe-core): no serious or critical violations', () => {
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
