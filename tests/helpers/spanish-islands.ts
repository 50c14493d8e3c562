// Islands in Spanish under happy-dom: the messages speak the page's <html lang> as src/i18n/client-lang.ts makes them
// in a browser (for this file only: the server tests of other files keep their request's language), and the English
// left in what is shown is found as tests/e2e/english-text.ts finds it in a browser.
import { afterAll, beforeAll } from 'bun:test';
import type { Page } from 'playwright-core';
import { englishOnPage } from '../e2e/english-text';
import { getLocale, overwriteGetLocale } from '../../src/i18n/paraglide/runtime.js';

/** From here to the end of the file, messages speak the document's language, which starts as `lang`. */
export function speakPageLang(lang: 'es' | 'en' = 'es') {
  let before: typeof getLocale;
  beforeAll(() => {
    before = getLocale;
    overwriteGetLocale(() => (document.documentElement.lang === 'es' ? 'es' : 'en'));
    document.documentElement.lang = lang;
  });
  afterAll(() => {
    overwriteGetLocale(before);
    if (globalThis.document) document.documentElement.lang = '';
  });
}

/** Runs `fn` with the document in another language (an English render to compare with), then back. */
export function inPageLang<T>(lang: 'es' | 'en', fn: () => T): T {
  const was = document.documentElement.lang;
  document.documentElement.lang = lang;
  try {
    return fn();
  } finally {
    document.documentElement.lang = was;
  }
}

/** The English sentences on the page now (visible texts, aria-labels, titles, alts, placeholders): none, in Spanish. */
export function englishShown(allowed: string[] = []): Promise<string[]> {
  // englishOnPage reads the page inside the browser; here the browser is this file's DOM.
  const here = { evaluate: async (fn: () => unknown) => fn() } as unknown as Page;
  return englishOnPage(here, allowed);
}
