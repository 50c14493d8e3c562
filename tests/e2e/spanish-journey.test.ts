// Issue 45's Done-when: a player who reads Spanish, on a phone (390 px, Accept-Language es-US), registers, verifies
// by the mailed link, signs in, deposits (paid with the sandbox's Simulate payment), plays (credits to a game, a
// round, and back), sends credits to another player, withdraws, and reads history and notifications, without
// meeting an English sentence. After every step the page says <html lang="es">, and englishOnPage() finds nothing
// with the page's islands awake; nothing is wider than the phone. The journey's e-mails are Spanish too.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { outbox, waitForMail } from '../helpers/accounts';
import { available } from '../helpers/money';
import { createPlayer, type TestPlayer } from '../helpers/players';
import { verifyLedger } from '../../src/services/ledger/ledger-verify';
import { islandHydrated, launchBrowser, PHONE, startServer, wakeAllIslands, type Browser, type TestServer } from './browser';
import { englishOnPage } from './english-text';

// Its own port: the mailed links are built from PUBLIC_URL, which must be the real address to follow them.
const PORT = 3481;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = resolve(import.meta.dir, '../../test-results/spanish-journey');
// A regtest address (the test server's network).
const ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const EMAIL = 'valeria@example.com';
const PASSWORD = 'Clave-Segura-2026';

let server: TestServer;
let browser: Browser;
let page: Page;
let friend: TestPlayer;

setDefaultTimeout(180_000);
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // Sandbox payouts complete by themselves after two seconds.
  server = await startServer({ PUBLIC_URL: ORIGIN, SANDBOX_PAYOUT_DELAY_S: '2' }, {}, PORT);
  // The player she sends credits to reads Spanish too.
  friend = await createPlayer(server.app, { name: 'Mateo' });
  await server.app.deps.database.client.execute({ sql: "UPDATE users SET language = 'es' WHERE id = ?", args: [friend.userId] });
  browser = await launchBrowser();
  page = await browser.newPage(PHONE);
  await page.setExtraHTTPHeaders({ 'accept-language': 'es-US,es;q=0.9' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

/**
 * One step's check: Spanish page, every island awake and no English anywhere (toasts, labels, what a screen reader
 * says), nothing wider than the phone; a screenshot when named.
 */
async function spanish(label: string, shot?: string) {
  expect(await page.getAttribute('html', 'lang'), label).toBe('es');
  await wakeAllIslands(page);
  expect(await englishOnPage(page), label).toEqual([]);
  const wide = await page.evaluate((width) => {
    if (document.documentElement.scrollWidth > width) return [`page ${document.documentElement.scrollWidth}px`];
    // What scrolls inside a box of its own (a wide table) is that box's width, not the page's.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.querySelectorAll('main *, header *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.sr-only') && !clipped(el))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5);
  }, PHONE.width);
  expect(wide, label).toEqual([]);
  if (shot) await page.screenshot({ path: join(SHOTS, `${shot}-390.png`), fullPage: true });
}

const go = async (path: string) => {
  await page.goto(ORIGIN + path, { waitUntil: 'load' });
};
const balanceIs = async (text: string) => {
  try {
    await page.waitForFunction((t) => document.querySelector('[data-wallet-balance]')?.textContent === t, text, { timeout: 15_000 });
  } catch (e) {
    console.log('BALANCE', await page.locator('[data-wallet-balance]').allTextContents(), browser.errors);
    await page.screenshot({ path: join(SHOTS, `fail-${text}.png`), fullPage: true });
    throw e;
  }
};
const toast = (text: string | RegExp) => page.locator('#toasts').getByText(text).last().waitFor();

async function openWalletMenu() {
  if (await page.locator('[data-nav-toggle]').isVisible()) await page.locator('[data-nav-toggle]').click();
  await islandHydrated(page, 'WalletMenu');
  await page.getByRole('button', { name: /Saldo de la billetera/ }).click();
}

describe('a Spanish-reading player, from registering to history, at 390 px', () => {
  test('registers on /register, verifies by the mailed link from the dev mailbox, signs in', async () => {
    await go('/register');
    await spanish('register', 'register');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Registrarme' }) });
    await form.getByRole('textbox', { name: 'Correo electrónico' }).fill(EMAIL);
    await form.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await form.getByRole('checkbox', { name: 'Un amigo' }).check();
    await form.getByRole('checkbox', { name: /^Acepto los Términos y Condiciones/ }).check();
    await form.getByRole('checkbox', { name: 'Confirmo que tengo 21 años o más' }).check();
    await form.getByRole('button', { name: 'Registrarme' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¡Revisa tu correo!').waitFor();
    await spanish('registered', 'registered');

    // The mail waits in the dev mailbox (outside production), which the dialog links to.
    await waitForMail(server.app, EMAIL);
    await dialog.getByRole('link', { name: 'buzón de desarrollo' }).click();
    await page.waitForURL('**/dev/mailbox');
    const mail = page.locator('.mailbox-item').filter({ hasText: EMAIL }).first();
    await mail.getByRole('heading', { name: 'Verifica tu cuenta de Coinreel' }).waitFor();
    // The mail's own words, opened, are checked with the page's.
    await mail.getByText('Texto').click();
    await spanish('dev mailbox, the verification mail open', 'mailbox');
    await mail.locator('.mailbox-links a[href*="/verify/email/"]').click();
    await page.getByRole('heading', { name: '¡Correo verificado!' }).waitFor();
    await spanish('verified');

    await go('/login');
    await islandHydrated(page, 'LoginForm');
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/home');
    await spanish('home, signed in', 'home');
    const saved = await server.app.deps.database.client.execute({ sql: 'SELECT language FROM users WHERE email = ?', args: [EMAIL] });
    expect(saved.rows[0]!.language).toBe('es');
  });

  test('deposits $200: the header menu, the deposit dialog, the QR page, Simulate payment, paid, the balance', async () => {
    await openWalletMenu();
    await page.getByRole('banner').getByRole('link', { name: 'Depositar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Depositar con CashApp / Bitcoin' });
    await dialog.getByLabel('Monto (USD)').fill('200');
    await spanish('deposit dialog');
    await dialog.getByRole('button', { name: 'Confirmar depósito' }).click();
    await page.waitForURL((u) => u.pathname === '/deposit-bitcoin' && u.searchParams.has('deposit'));
    await page.getByRole('img', { name: 'Código QR de la factura Lightning' }).waitFor();
    await spanish('deposit waiting, its QR', 'deposit-qr');

    await page.getByRole('region', { name: 'Simular un pago' }).getByRole('button', { name: 'Pagar todo', exact: true }).click();
    await toast('Pago simulado.');
    await page.getByText('Pagado: $200.00 ya está en tu billetera', { exact: true }).waitFor();
    await balanceIs('$200.00');
    await spanish('deposit paid', 'deposit-paid');
  });

  test('plays: $25 to Ultra Panda, a round, $10 back to the wallet', async () => {
    await go('/home#transfer');
    // The credentials' island shows the game's balance as the transfer moves it.
    await islandHydrated(page, 'GameMoveForm');
    await islandHydrated(page, 'GameCredentials');
    const transfer = page.locator('#transfer');
    await transfer.getByLabel('Plataforma de juego').selectOption('ultra-panda');
    await transfer.getByLabel('Monto (créditos)').fill('25');
    await transfer.getByRole('button', { name: 'Transferir créditos' }).click();
    await balanceIs('$175.00');
    await page.locator('.credential-card').first().getByText('$25.00').waitFor();
    await spanish('moved to a game', 'game-transfer');

    // The sandbox's round (outside production).
    await page.getByRole('button', { name: /Jugar una ronda de Ultra Panda/ }).click();
    await toast(/^(Ganaste \$[\d.,]+ en Ultra Panda\.|Perdiste \$[\d.,]+ en Ultra Panda\.|Quedaste igual en Ultra Panda)/);
    await spanish('a round played');

    const redeem = page.locator('#redeem');
    await redeem.getByLabel('Plataforma de juego').selectOption('ultra-panda');
    await redeem.getByLabel('Monto (créditos)').fill('10');
    await redeem.getByRole('button', { name: 'Canjear créditos' }).click();
    await balanceIs('$185.00');
    await spanish('redeemed back to the wallet', 'game-redeem');
  });

  test('sends $12.34 to another player, through the confirmation step', async () => {
    await go('/p2p-transfer');
    await islandHydrated(page, 'P2PTransferForm');
    // A first try without an address: the form's own words.
    await page.getByRole('button', { name: 'Transferir' }).click();
    await page.locator('.field-error, [role="alert"]').first().waitFor();
    await spanish('send, refused without an address');
    // An address no player has: the site's answer, in Spanish.
    await page.getByLabel('Correo del destinatario').fill('nadie@example.com');
    await page.getByLabel('Monto').fill('12.34');
    await page.getByRole('button', { name: 'Transferir' }).click();
    await page.getByText('No encontramos a ningún jugador verificado con este correo electrónico.').first().waitFor();
    await spanish('send, refused for an unknown address');
    await page.getByLabel('Correo del destinatario').fill(friend.email);
    await page.getByLabel('Monto').fill('12.34');
    await page.getByRole('button', { name: 'Transferir' }).click();
    await page.getByRole('heading', { name: 'Confirma la transferencia' }).waitFor();
    expect(await page.locator('.p2p-facts').textContent()).toContain(String(friend.playerId));
    await spanish('send, confirmation', 'p2p-confirm');
    await page.getByRole('button', { name: 'Enviar $12.34' }).click();
    await page.getByRole('heading', { name: 'Transferencia enviada' }).waitFor();
    await balanceIs('$172.66');
    await spanish('sent, the receipt', 'p2p-sent');
  });

  test('withdraws $120 on-chain: the review, then the request; the sandbox sends it', async () => {
    await go('/home#withdraw');
    await islandHydrated(page, 'WithdrawForm');
    const form = page.locator('#withdraw');
    await form.getByLabel('Dirección de la billetera').fill(ADDRESS);
    // Under the on-chain minimum first.
    await form.getByLabel('Monto (USD)').fill('99');
    await form.getByRole('button', { name: 'Revisar retiro' }).click();
    await form.getByText('El retiro on-chain mínimo es de $100.').waitFor();
    await spanish('withdraw, under the minimum');
    await form.getByLabel('Monto (USD)').fill('120');
    await spanish('withdraw, filled in');
    await form.getByRole('button', { name: 'Revisar retiro' }).click();
    await form.getByRole('heading', { name: 'Revisa tu retiro' }).waitFor();
    // Nothing is held until the request.
    await spanish('withdraw, the review', 'withdraw-review');
    await form.getByRole('button', { name: 'Solicitar retiro' }).click();
    await form.getByRole('link', { name: 'Síguelo en tus transacciones' }).waitFor();
    await balanceIs('$52.66');
    await spanish('withdrawal requested', 'withdraw-requested');

    await form.getByRole('link', { name: 'Síguelo en tus transacciones' }).click();
    await page.waitForURL('**/transactions?type=WITHDRAW');
    await islandHydrated(page, 'TransactionsTable');
    const row = page.locator('.tx-table tbody tr').first();
    await row.getByText('-$120.00').waitFor();
    // The sandbox sends the payout after two seconds; the open page hears of it.
    await row.locator('.pill', { hasText: 'completado' }).waitFor({ timeout: 20_000 });
    await spanish('withdrawal sent, in history', 'withdraw-sent');
  });

  test('reads history, All and each kind, then the notifications', async () => {
    await go('/transactions');
    await islandHydrated(page, 'TransactionsTable');
    expect(await page.getByRole('tab', { name: 'Todas' }).getAttribute('aria-selected')).toBe('true');
    await page.locator('.tx-table tbody tr').nth(4).waitFor();
    await spanish('history, All', 'history-all');
    for (const tab of ['Transferencias', 'Canjes', 'Depósitos', 'Retiros', 'Entre jugadores', 'Juego gratis']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForFunction((t) => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim() === t, tab);
      // The rows of the kind, or the kind's empty state (no freeplay code was redeemed).
      await page.locator('.tx-table tbody tr, .empty-state, .tx-empty').first().waitFor();
      await spanish(`history, ${tab}`, tab === 'Entre jugadores' ? 'history-p2p' : undefined);
    }

    await go('/notifications');
    await islandHydrated(page, 'NotificationsList');
    await page.getByText('Enviaste créditos').first().waitFor();
    await spanish('notifications', 'notifications');
    // Each money step of the journey left one.
    expect(await page.locator('.note-type').allTextContents()).toEqual(expect.arrayContaining(['Depósito', 'Enviaste créditos']));
    expect((await verifyLedger(server.app.deps.database.client)).ok).toBe(true);
    expect(await available(server.app, (await server.app.deps.database.client.execute({ sql: 'SELECT id FROM users WHERE email = ?', args: [EMAIL] })).rows[0]!.id as string)).toBe(52_66);
    // No script error; the one refused request is the unknown address's lookup (a 404 the browser notes).
    expect(browser.errors.filter((e) => !/\/p2p-transfer: Failed to load resource: .* 404/.test(e))).toEqual([]);
  });

  test("the journey's e-mails, hers and her friend's, are Spanish", async () => {
    const mails = (await outbox(server.app)).filter((m) => m.to === EMAIL || m.to === friend.email);
    expect(mails.map((m) => [m.to === EMAIL ? 'her' : 'friend', m.subject]).reverse()).toEqual([
      ['her', 'Verifica tu cuenta de Coinreel'],
      ['her', 'Llegó tu depósito'],
      ['friend', 'Recibiste créditos'],
      ['her', 'Se pidió un retiro de $120.00'],
      ['her', 'Enviamos tu retiro'],
    ]);
    const reader = await browser.newPage(PHONE);
    try {
      for (const m of mails) {
        await reader.setContent(`<!doctype html><html lang="es"><head><title>${m.subject.replace(/</g, '&lt;')}</title></head><body>${m.html}<pre>${m.text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre></body></html>`);
        expect(await englishOnPage(reader), m.subject).toEqual([]);
      }
    } finally {
      await reader.close();
    }
  });
});
