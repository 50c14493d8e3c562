import { beforeAll, describe, expect, test } from 'bun:test';
import { Window } from 'happy-dom';
import { makeApp, page, type TestApp } from '../../tests/helpers/app';
import { LOGIN_TOAST_MESSAGE } from './sections/login-toast';

// A private happy-dom window only parses; it registers no globals, so the app keeps Bun's fetch classes.
const parser = new new Window().DOMParser();
const ENV = {
  SITE_NAME: 'Luckyreel',
  SUPPORT_EMAIL: 'help@luckyreel.example',
  ULTRA_PANDA_URL: 'https://panda.example/download',
  VBLINK_URL: 'https://vblink.example/get',
  COMMUNITY_URL: 'https://chat.example/luckyreel',
};
const PUBLIC = ['/', '/about-us', '/privacy-policy', '/terms-condition', '/ultra-panda', '/vb-link', '/support', '/responsible-gaming'];

let app: TestApp;
beforeAll(async () => {
  app = await makeApp(ENV);
});

async function load(path: string, a: TestApp = app) {
  const res = await page(a, path);
  const html = await res.text();
  const doc = parser.parseFromString(html, 'text/html') as unknown as Document;
  return { res, html, doc, text: doc.body.textContent!.replace(/\s+/g, ' ') };
}

describe('every public page', () => {
  test.each(PUBLIC)('%s: 200, one h1, header, footer, the configured names, and only the scripts it needs', async (path) => {
    const { res, html, doc } = await load(path);
    expect(res.status).toBe(200);
    expect(doc.querySelectorAll('h1')).toHaveLength(1);
    expect(doc.querySelector('header.site-header')).not.toBeNull();
    expect(doc.querySelector('footer.site-footer')).not.toBeNull();
    expect(doc.title).toContain('Luckyreel');
    expect(html).not.toContain('Coinreel');
    // The enhancement script, plus exactly the chunks of the islands the page renders (only the landing
    // page's register form); the static information pages ship no island and no React at all.
    const manifest = app.deps.assets.manifest;
    const islands = [...new Set([...doc.querySelectorAll('[data-island]')].map((el) => el.getAttribute('data-island')!))];
    if (path !== '/') expect(islands).toEqual([]);
    const scripts = [...doc.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
    expect(scripts).toEqual([manifest.enhance, ...islands.map((n) => manifest.islands[n]!.src)]);
    if (!islands.length) expect(doc.querySelector('link[rel="modulepreload"]')).toBeNull();
    // Every external link opens safely in a new tab.
    for (const a of doc.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')) expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  test.each(PUBLIC)('%s: served from memory, identical for every visitor', async (path) => {
    const first = await load(path);
    const second = await load(path);
    expect(second.html).toBe(first.html);
  });
});

describe('header and footer', () => {
  test('header: games dropdown, visitor actions, section links that sign in first, the ticker', async () => {
    const { doc } = await load('/about-us');
    const header = doc.querySelector('header')!;
    const menu = header.querySelector('[data-dropdown] [data-dropdown-menu]')!;
    expect(menu.hasAttribute('hidden')).toBe(true);
    expect([...menu.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Ultra Panda', '/ultra-panda'], ['VBlink', '/vb-link']]);
    expect(header.querySelector('a[href="/login"]')?.textContent).toBe('Login');
    expect(header.querySelector('a[href="/register"]')?.textContent).toBe('Register');
    const sections = [...header.querySelectorAll<HTMLAnchorElement>('.nav-links a')].slice(1, 6);
    // "Transfer" is the game transfer; sending to another player has its own name in the main menu.
    expect(sections.map((a) => a.textContent)).toEqual(['Transfer', 'Redeem', 'Withdraw', 'Send to a player', 'Support']);
    expect(sections.map((a) => a.getAttribute('href'))).toEqual(['/home#transfer', '/home#redeem', '/home#withdraw', '/p2p-transfer', '/home#support'].map((p) => `/login?next=${encodeURIComponent(p)}`));
    for (const a of sections) expect(a.hasAttribute('data-toast')).toBe(false);
    expect(header.querySelector('.nav-links a')?.getAttribute('href')).toBe('/');
    expect(header.querySelector('[data-nav-toggle]')?.getAttribute('aria-controls')).toBe('site-nav');
    expect(doc.getElementById('site-nav')).not.toBeNull();
  });

  test('footer: quick, support and legal links, the support e-mail and this year', async () => {
    const { doc } = await load('/privacy-policy');
    const footer = doc.querySelector('footer')!;
    const hrefs = [...footer.querySelectorAll('nav:not(.lang-switch) a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/#games', '/#services', '/about-us', '/support#faq', '/support', 'mailto:help@luckyreel.example', '/terms-condition', '/privacy-policy', '/responsible-gaming', '/solvency']);
    // The language switch: plain links back to this page in each language, each language named in itself.
    const langs = [...footer.querySelectorAll('.lang-switch a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);
    expect(langs).toEqual([['English', '/privacy-policy?lang=en', 'true'], ['Español', '/privacy-policy?lang=es', null]]);
    expect(footer.textContent).toContain('help@luckyreel.example');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Luckyreel`);
  });
});

describe('landing', () => {
  test('header with 15 ticker lines, register call to action, games with downloads, services grid, footer', async () => {
    const { doc } = await load('/');
    expect(doc.querySelectorAll('[data-ticker="demo"] [data-ticker-lines] li')).toHaveLength(15);
    const register = doc.getElementById('register')!;
    expect(register.querySelector('a[href="/register"]')?.textContent).toBe('Create Your Account');
    expect(register.querySelector('a[href="/login"]')?.textContent).toBe('Login');
    const downloads = [...doc.querySelectorAll<HTMLAnchorElement>('#games a[target="_blank"]')];
    expect(downloads.map((a) => a.getAttribute('href'))).toEqual([ENV.ULTRA_PANDA_URL, ENV.VBLINK_URL]);
    for (const a of downloads) expect(a.textContent).toStartWith('Download');
    const cards = [...doc.querySelectorAll('#services a.service-card')];
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual(['Deposit', 'Withdraw', 'Redeem', 'Transfer']);
    // No toast on a page that offers no next step: every call to action leads to /register, which says why.
    for (const c of cards) expect([c.getAttribute('href'), c.hasAttribute('data-toast')]).toEqual(['/register?start=1', false]);
    const getStarted = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Get Started')!;
    expect([getStarted.getAttribute('href'), getStarted.hasAttribute('data-toast')]).toEqual(['/register?start=1', false]);
  });

  test('/register?start=1 and /login?start=1 show the login toast words as a notice; plain visits do not', async () => {
    const notice = `<p class="alert alert-info" role="status">${LOGIN_TOAST_MESSAGE}</p>`;
    expect((await load('/register?start=1')).doc.body.innerHTML).toContain(notice);
    expect((await load('/login?start=1')).doc.body.innerHTML).toContain(notice);
    expect((await load('/register')).doc.body.innerHTML).not.toContain(LOGIN_TOAST_MESSAGE);
    expect((await load('/login')).doc.body.innerHTML).not.toContain(LOGIN_TOAST_MESSAGE);
  });

  test('TICKER_MODE off has no ticker; live starts hidden and empty until the API answers', async () => {
    const off = await load('/', await makeApp({ TICKER_MODE: 'off' }));
    expect(off.doc.querySelector('[data-ticker]')).toBeNull();
    const live = await load('/', await makeApp({ TICKER_MODE: 'live' }));
    const box = live.doc.querySelector('[data-ticker="live"]')!;
    expect(box.hasAttribute('hidden')).toBe(true);
    expect(box.querySelectorAll('li')).toHaveLength(0);
  });
});

describe('content of each page', () => {
  test('about us: founded 2020', async () => {
    const { text } = await load('/about-us');
    expect(text).toContain('Founded 2020');
    expect(text).toContain('started in 2020');
  });

  test('privacy policy: effective 8 May 2025, 21+ and never 18+', async () => {
    const { text } = await load('/privacy-policy');
    expect(text).toContain('Effective: 8 May 2025');
    expect(text).toContain('21 years of age or older');
    expect(text).not.toMatch(/\b18\s*\+|\b18 years/);
  });

  test('terms: version 3 of 8 May 2025 with every term of spec §9', async () => {
    const { text } = await load('/terms-condition');
    for (const s of ['Version: 3', 'Last updated: 8 May 2025', 'Virtual currency may expire after 180 days', 'Bonus credits may expire after 60 days',
      'Payouts take 3 to 10 business days', 'Form 1099 when your winnings in a calendar year are $600 or more', 'limited to $50 or the amount you paid us in the last 6 months',
      'on-chain (minimum $100)', 'over Lightning (minimum $1)', '21 years of age or older']) {
      expect(text).toContain(s);
    }
  });

  test.each([
    ['/ultra-panda', 'Ultra Panda', ENV.ULTRA_PANDA_URL],
    ['/vb-link', 'VBlink', ENV.VBLINK_URL],
  ])('%s: the game, its download link and how to play', async (path, name, url) => {
    const { doc, text } = await load(path);
    expect(doc.querySelector('h1')?.textContent).toBe(name);
    expect(doc.querySelector(`a[href="${url}"]`)?.textContent).toContain(`Download ${name}`);
    expect(text).toContain(`Play ${name} with Luckyreel`);
  });

  test('support: how to reach us with the configured e-mail and chat, and the FAQ', async () => {
    const { doc } = await load('/support');
    expect(doc.querySelector('main a[href="mailto:help@luckyreel.example"]')?.textContent).toBe('help@luckyreel.example');
    expect(doc.querySelector(`main a[href="${ENV.COMMUNITY_URL}"]`)).not.toBeNull();
    expect(doc.querySelectorAll('#faq details summary').length).toBeGreaterThanOrEqual(6);
  });

  test('responsible gaming: limits, self-exclusion and where to find help', async () => {
    const { doc, text } = await load('/responsible-gaming');
    for (const id of ['limits', 'self-exclusion', 'help']) expect(doc.getElementById(id)).not.toBeNull();
    expect(text).toContain('1-800-GAMBLER');
    expect(doc.querySelector('a[href="tel:18004262537"]')).not.toBeNull();
  });

  test('the long documents link each contents entry to a section that exists', async () => {
    for (const path of ['/terms-condition', '/privacy-policy', '/responsible-gaming']) {
      const { doc } = await load(path);
      const links = [...doc.querySelectorAll('.toc a')];
      expect(links.length).toBeGreaterThan(5);
      for (const a of links) expect(doc.getElementById(a.getAttribute('href')!.slice(1))).not.toBeNull();
    }
  });
});
