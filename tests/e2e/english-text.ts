// Finds English on a page that should be in another language: every visible text, and the words a screen reader or
// a tooltip says (aria-label, title, alt, placeholder, the document's title). Phase 2 of the Spanish pages reuses it.
import type { Page } from 'playwright-core';

/**
 * Words that are English and not Spanish: a text holding one of them (as a whole word) is an English sentence left
 * over. Short and common on purpose: a whole sentence of English always has several.
 */
const ENGLISH = ['the', 'and', 'your', 'you', 'with', 'for', 'please', 'is', 'are', 'this', 'that', 'of', 'to', 'in', 'on', 'our', 'we', 'will',
  'have', 'has', 'not', 'or', 'be', 'can', 'it', 'from', 'at', 'by', 'an', 'all', 'here', 'what', 'how', 'when', 'who', 'get', 'go', 'back',
  'login', 'log', 'sign', 'register', 'password', 'account', 'wallet', 'deposit', 'withdraw', 'withdrawal', 'verify', 'games', 'home', 'support',
  'about', 'terms', 'privacy', 'contact', 'show', 'hide', 'close', 'loading', 'sending', 'remember', 'forgot', 'menu', 'skip', 'transfer', 'redeem',
  'download', 'players', 'rights', 'reserved', 'help', 'now', 'new', 'reset', 'email', 'e-mail'];
const WORD = new RegExp(`(?:^|[^\\p{L}'-])(${ENGLISH.join('|')})(?=$|[^\\p{L}'-])`, 'iu');

/** Names that stay as they are in every language (products, organisations, the labels of another company's app). */
export const NAMES = ['National Council on Problem Gambling', 'Gamblers Anonymous', 'Cash App', 'BTC OnChain', 'BTC Lightning', 'Ultra Panda', 'VBlink', 'VB Link',
  'Bitcoin', 'Lightning', '1-800-GAMBLER', 'Gam-Anon'];

/** The texts of the page that read as English, each with where it was found; empty when there are none. */
export async function englishOnPage(page: Page, allowed: string[] = []): Promise<string[]> {
  const texts: string[] = await page.evaluate(() => {
    const out: string[] = [document.title];
    const visible = (el: Element) => {
      const s = getComputedStyle(el);
      return s.display !== 'none' && s.visibility !== 'hidden' && !(el as HTMLElement).hidden;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      // Text the author marked as another language (the switch's "English") is that language on purpose.
      if (parent.closest('[lang]:not(html)')?.getAttribute('lang') === 'en') continue;
      if (!parent.closest('.sr-only') && !visible(parent)) continue;
      // An e-mail address (the footer breaks it into pieces at its @ and dots) is no sentence.
      if (parent.closest('a[href^="mailto:"]')) continue;
      const t = (n.textContent ?? '').trim();
      if (t) out.push(t);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], img[alt], [placeholder]'))
      for (const a of ['aria-label', 'title', 'alt', 'placeholder']) {
        const v = el.getAttribute(a);
        if (v && !(el.closest('[lang]:not(html)')?.getAttribute('lang') === 'en')) out.push(v);
      }
    return out;
  });
  const keep = [...NAMES, ...allowed].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const t of texts) {
    let rest = t.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+|\b[\w-]+\.(?:org|com|uk|example)\b/g, ' ');
    // A hash, an address, an invoice or a transaction's ID ("CR-4AT8EJ7J": letters and digits run together) is no
    // sentence, whatever words hide in it.
    rest = rest.replace(/\b(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{6,}\b/gi, ' ');
    for (const k of keep) rest = rest.split(k).join(' ');
    if (WORD.test(rest)) found.push(t.length > 120 ? t.slice(0, 117) + '...' : t);
  }
  return [...new Set(found)];
}
