import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { islandHydrated, launchBrowser, PHONE, startServer, type Browser, type TestServer } from './browser';
import { englishOnPage } from './english-text';
import { outbox, waitForMail } from '../helpers/accounts';
import { createOperator } from '../../src/services/admin/operators';

let browser: Browser;
let server: TestServer;

setDefaultTimeout(60_000);
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

const VISITOR_PAGES = ['/', '/about-us', '/ultra-panda', '/vb-link', '/support', '/terms-condition', '/privacy-policy', '/responsible-gaming', '/login', '/register', '/forgot-password'];

async function inSpanish(page: Page, path: string) {
  await page.goto(server.url + path, { waitUntil: 'load' });
  expect(await page.getAttribute('html', 'lang')).toBe('es');
  expect(await englishOnPage(page), path).toEqual([]);
  // Spanish runs longer than English: still nothing wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
}

describe('the visitor pages in Spanish at 390 px', () => {
  test('a browser that prefers Spanish gets every visitor page in Spanish, with no English sentence', async () => {
    const page = await browser.newPage(PHONE);
    await page.setExtraHTTPHeaders({ 'accept-language': 'es-US,es;q=0.9' });
    try {
      for (const path of VISITOR_PAGES) await inSpanish(page, path);
    } finally {
      await page.close();
    }
  });

  test("before any island has loaded, the menu button's close label and a toast's close button are Spanish", async () => {
    const page = await browser.newPage(PHONE);
    await page.setExtraHTTPHeaders({ 'accept-language': 'es-US,es;q=0.9' });
    try {
      // The landing page's one island (the sign-up form) waits for a first use: until then only the page's own words
      // (islands/_client/page-words.ts) can say these.
      await page.goto(server.url + '/', { waitUntil: 'load' });
      const toggle = page.locator('[data-nav-toggle]');
      expect(await toggle.getAttribute('aria-label')).toBe('Abrir menú');
      await toggle.click();
      expect(await toggle.getAttribute('aria-label')).toBe('Cerrar menú');
      expect(await englishOnPage(page)).toEqual([]);
      await page.evaluate(() => document.dispatchEvent(new CustomEvent('coinreel:toast', { detail: { kind: 'blank', message: 'Hola' } })));
      expect(await page.locator('#toasts .toast-close').getAttribute('aria-label')).toBe('Cerrar');
      expect(await englishOnPage(page)).toEqual([]);
      expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  test('the footer switch changes the language and keeps it; the way back to English too', async () => {
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(server.url + '/about-us', { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      // The finder finds English where there is some.
      expect((await englishOnPage(page)).length).toBeGreaterThan(10);
      await page.locator('.lang-switch a[lang="es"]').click();
      await page.waitForURL('**/about-us?lang=es');
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await page.goto(server.url + '/support', { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await page.locator('.lang-switch a[lang="en"]').click();
      await page.waitForURL('**/support?lang=en');
      await page.goto(server.url + '/', { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'lang')).toBe('en');
    } finally {
      await page.close();
    }
  });
});

describe('registering, verifying and signing in, in Spanish at 390 px', () => {
  test('each step speaks Spanish; the verification mail too; the account keeps Spanish', async () => {
    const page = await browser.newPage(PHONE);
    const email = 'jugadora@example.com';
    try {
      await page.goto(server.url + '/register?lang=es', { waitUntil: 'load' });
      await islandHydrated(page, 'RegisterForm');
      // A wrong first try: the field messages are Spanish too.
      await page.getByRole('button', { name: 'Registrarme' }).click();
      await page.getByText('El correo electrónico es obligatorio').first().waitFor();
      expect(await englishOnPage(page)).toEqual([]);
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Clave-Segura-2026');
      await page.getByRole('checkbox', { name: 'Un amigo' }).check();
      await page.getByRole('checkbox', { name: /^Acepto los Términos y Condiciones/ }).check();
      await page.getByRole('checkbox', { name: 'Confirmo que tengo 21 años o más' }).check();
      await page.getByRole('button', { name: 'Registrarme' }).click();
      await page.getByRole('heading', { name: '¡Registro completado!' }).waitFor();
      await page.getByRole('dialog').getByText('¡Revisa tu correo!').waitFor();
      expect(await englishOnPage(page)).toEqual([]);

      const mail = await waitForMail(server.app, email);
      expect(mail.subject).toBe('Verifica tu cuenta de Coinreel');

      // Signing in before verifying: refused as any wrong password, with the line for a new account, in Spanish; a
      // fresh link goes out, in Spanish too.
      await page.goto(server.url + '/login', { waitUntil: 'load' });
      await islandHydrated(page, 'LoginForm');
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Clave-Segura-2026');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByText('Correo o contraseña incorrectos. Inténtalo de nuevo.').waitFor();
      await page.getByText('Si tu cuenta es nueva, busca en tu correo el enlace de verificación').waitFor();
      expect(await englishOnPage(page)).toEqual([]);
      await waitForMail(server.app, email, /./, 1);
      expect((await outbox(server.app)).filter((m) => m.to === email).map((m) => m.subject)).toEqual(['Verifica tu cuenta de Coinreel', 'Verifica tu cuenta de Coinreel']);
      const link = /http:\/\/\S+\/verify\/email\/[\w-]+/.exec(mail.text)![0];
      await page.goto(server.url + new URL(link).pathname, { waitUntil: 'load' });
      await page.getByRole('heading', { name: '¡Correo verificado!' }).waitFor();
      expect(await englishOnPage(page)).toEqual([]);

      await page.goto(server.url + '/login', { waitUntil: 'load' });
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await islandHydrated(page, 'LoginForm');
      await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Wrong-Password-1');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByText('Correo o contraseña incorrectos. Inténtalo de nuevo.').waitFor();
      await page.getByText('Si tu cuenta es nueva, busca en tu correo el enlace de verificación').waitFor();
      expect(await englishOnPage(page)).toEqual([]);
      await page.getByLabel('Contraseña', { exact: true }).fill('Clave-Segura-2026');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.waitForURL('**/home');
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      const rows = await server.app.deps.database.client.execute({ sql: 'SELECT language FROM users WHERE email = ?', args: [email] });
      expect(rows.rows[0]!.language).toBe('es');
    } finally {
      await page.close();
    }
  });
});

describe("a new operator's Set your password page, in Spanish at 390 px", () => {
  test('a spent link and a live one say everything in Spanish; the password is set in Spanish too', async () => {
    // Signed out, and no lang cookie: the browser's Accept-Language chooses.
    await browser.context.clearCookies();
    const page = await browser.newPage(PHONE);
    await page.setExtraHTTPHeaders({ 'accept-language': 'es-US,es;q=0.9' });
    try {
      await inSpanish(page, `/set-password/${'A'.repeat(43)}`);
      await page.getByText('Este enlace no es válido.').waitFor();
      const op = await createOperator(server.app.deps.database.client, server.app.config.publicUrl, { email: 'operadora@example.com' });
      if ('errors' in op || !op.setPasswordLink) throw new Error('no link');
      await inSpanish(page, new URL(op.setPasswordLink).pathname);
      await islandHydrated(page, 'ResetPasswordForm');
      await page.getByRole('heading', { name: 'Elige tu contraseña' }).waitFor();
      await page.getByLabel('Contraseña nueva', { exact: true }).fill('Operadora-2026!');
      await page.getByLabel('Confirma la contraseña', { exact: true }).fill('Operadora-2026!');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByText('Tu contraseña quedó guardada. Inicia sesión con ella para continuar.').waitFor();
      expect(await englishOnPage(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
