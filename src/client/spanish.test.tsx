// What the plain scripts say on a Spanish page, from the words the server wrote into it (the boot script carries no
// catalogue): a toast's close button, a friend's transfer, the update notice, the menu button, the deposit countdown's
// milestones; and the offline page in the tab's language.
import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { announceReceived } from '../../islands/_client/balance';
import { registerWords } from '../../islands/_client/page-words';
import { toast } from '../../islands/_client/toast';
import { PageWords } from '../../islands/_ui/page-words';
import DepositStatus from '../../islands/DepositStatus';
import { useDom } from '../../tests/helpers/dom';
import { englishShown, inPageLang, speakPageLang } from '../../tests/helpers/spanish-islands';
import { OfflinePage } from '../pwa/offline-page';
import type { Realtime } from '../../islands/_client/socket';
import { initDepositLive } from './live/deposit-live';
import { forgetBalance, LANG_KEY, rememberBalance, rememberLang } from './live/last-seen';
import { initNav } from './nav';
import { offlineLang, showLang, showLastSeen } from './offline';
import { UPDATE_READY, watchUpdates } from './pwa/register';
import { initToasts } from './toasts';

useDom('http://localhost:3000/home');
speakPageLang('es');

let stops: (() => void)[] = [];
const registered = () => (globalThis as unknown as Record<symbol, Record<string, string>>)[Symbol.for('coinreel.words')]!;
beforeEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
  // What an island registered is page-wide: forget it, as a new page would.
  for (const k of Object.keys(registered() ?? {})) delete registered()[k];
});

/** A signed-in page's header: the wallet menu's server HTML carries the page's words; the toasts' region; the menu button. */
const signedInPage = () => {
  document.body.innerHTML = `<button type="button" data-nav-toggle aria-controls="site-nav" aria-expanded="false" aria-label="Abrir menú"></button><nav id="site-nav"></nav>
    <div data-island="WalletMenu"><div data-root="">${renderToStaticMarkup(<PageWords />)}</div></div><div id="toasts"></div>`;
  stops.push(initToasts(document), initNav(document));
};
const toastTexts = () => [...document.querySelectorAll('#toasts .toast p')].map((p) => p.textContent);

describe("the boot script's words on a Spanish page", () => {
  test('a toast closes with "Cerrar"; a friend\'s transfer and the update notice are in Spanish', () => {
    signedInPage();
    announceReceived({ amount: 12.5, from: 'Ana' });
    expect(toastTexts()).toEqual(['Recibiste $12.50 de Ana']);
    expect(document.querySelector('#toasts .toast-close')!.getAttribute('aria-label')).toBe('Cerrar');
    const said: string[] = [];
    const reg = { waiting: {}, installing: null, update: async () => undefined, addEventListener: () => {} };
    stops.push(watchUpdates(reg as never, { controller: {} as never }, (m) => said.push(m)));
    expect(said).toEqual(['Hay una actualización lista: se usará desde la próxima página que abras.']);
  });

  test('the menu button says what it will do: the server\'s label to open it, the page\'s word to close it', () => {
    signedInPage();
    const button = document.querySelector<HTMLElement>('[data-nav-toggle]')!;
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Cerrar menú');
    button.click();
    expect(button.getAttribute('aria-label')).toBe('Abrir menú');
  });

  test('a page without those words says English, or what an island registered once it woke', () => {
    document.body.innerHTML = '<div id="toasts"></div>';
    stops.push(initToasts(document));
    toast('Hola', { id: 'a' });
    expect(document.querySelector('#toasts .toast-close')!.getAttribute('aria-label')).toBe('Dismiss');
    registerWords({ close: 'Cerrar' });
    toast('Hola', { id: 'b' });
    expect(document.querySelector('#toasts .toast-close')!.getAttribute('aria-label')).toBe('Cerrar');
    const said: string[] = [];
    watchUpdates({ waiting: {}, installing: null, update: async () => undefined, addEventListener: () => {} } as never, { controller: {} as never }, (m) => said.push(m))();
    expect(said).toEqual([UPDATE_READY]);
  });

  test("the deposit countdown's milestones, read from the island's server HTML", () => {
    const NOW = Date.parse('2026-11-28T12:00:00Z');
    const props = {
      addresses: [{ method: 'lightning' as const, address: 'lnbcrt1invoice', qrSvg: '<svg/>' }], renderedAtMs: NOW,
      deposit: { id: 'dep-1', invoiceId: null, amountCents: 5_000, btcAmount: null, status: 'pending', invoiceStatus: 'New', creditedCents: 0, processingCents: 0, expiresAt: new Date(NOW + 10 * 60_000).toISOString() },
    };
    document.body.innerHTML = `<div data-island="DepositStatus" data-prefix=""><script type="application/json">${JSON.stringify(props)}</script><div data-root="">${renderToStaticMarkup(<DepositStatus {...props} />)}</div></div>`;
    const rt = { connected: true, subscribe: () => () => {} } as unknown as Realtime;
    jest.useFakeTimers();
    try {
      stops.push(initDepositLive(rt, document, { now: () => NOW + 5 * 60_000 + 10_000, read: async () => null, refresh: async () => false }));
      // The polite region the boot script adds at the end of the page.
      expect(document.body.lastElementChild!.textContent).toBe('Quedan 5 minutos para pagar la factura.');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the offline page in the tab\'s language', () => {
  const draw = () => {
    const html = inPageLang('en', () => renderToStaticMarkup(<OfflinePage siteName="Coinreel" logoSvg="<svg></svg>" script="/build/offline-abcd1234.js" />));
    document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  };

  test('the language of the last page this tab showed, else the cookie, else the browser\'s', () => {
    expect(offlineLang(sessionStorage, '', ['es-MX', 'en'])).toBe('es');
    expect(offlineLang(sessionStorage, 'lang=es', ['en-US'])).toBe('es');
    expect(offlineLang(sessionStorage, '', ['en-US', 'es'])).toBe('en');
    rememberLang('en');
    expect(sessionStorage.getItem(LANG_KEY)).toBe('en');
    expect(offlineLang(sessionStorage, 'lang=es', ['es'])).toBe('en');
  });

  test('in Spanish: the heading, the title, nothing sent, the balance last seen here with its time; no English shown', async () => {
    draw();
    rememberLang('es');
    rememberBalance(1_234_56, new Date('2026-11-28T14:32:00').getTime());
    const lang = offlineLang();
    showLang(document, lang);
    expect(showLastSeen(document, sessionStorage, new Date('2026-11-28T15:00:00'), lang)).toBe(true);
    expect(document.documentElement.lang).toBe('es');
    expect(document.title).toBe('Sin conexión | Coinreel');
    const shown = document.querySelector<HTMLElement>('[data-lang="es"]')!;
    expect(shown.hidden).toBe(false);
    expect(document.querySelector('[data-lang="en"]')).toBeNull();
    expect(shown.querySelector('h1')!.textContent).toBe('No tienes conexión');
    expect(shown.textContent).toContain('No se envió nada.');
    expect(shown.querySelector('[data-last-seen]')!.textContent).toBe('Tu saldo la última vez que lo viste en esta pestaña (2:32 p.m.): $1,234.56. Puede haber cambiado desde entonces.');
    expect(await englishShown()).toEqual([]);
    forgetBalance();
  });
});
