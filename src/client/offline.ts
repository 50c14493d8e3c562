// The offline page's script (src/pwa/offline-page.tsx): the page in the tab's language, the balance last seen in this
// tab with the time it was seen (only if there is one), and the page tries again by itself once the connection is back.
import { INTL_LOCALE, isLang, langFromAcceptLanguage, langFromCookie, type Lang } from '../i18n/lang';
import { formatCents } from '../shared/money';
import { lastSeen, seenLang } from './live/last-seen';

/** The tab's last page's language, else the `lang` cookie, else the browser's languages as Accept-Language. */
export function offlineLang(store: Storage | undefined = globalThis.sessionStorage, cookie = globalThis.document?.cookie ?? '', languages: readonly string[] = globalThis.navigator?.languages ?? []): Lang {
  const seen = seenLang(store);
  if (isLang(seen)) return seen;
  return langFromCookie(cookie) ?? langFromAcceptLanguage(languages.join(','));
}

/**
 * Shows the words of `lang` (the page holds every language, English shown), with its title and `<html lang>`; the
 * other languages' words leave the page, so it holds one of each thing to read.
 */
export function showLang(doc: Document, lang: Lang): HTMLElement | null {
  const blocks = [...doc.querySelectorAll<HTMLElement>('[data-lang]')];
  const shown = blocks.find((b) => b.dataset.lang === lang) ?? blocks.find((b) => b.dataset.lang === 'en') ?? null;
  for (const b of blocks) if (b !== shown) b.remove();
  if (shown) {
    shown.hidden = false;
    doc.documentElement.lang = shown.dataset.lang!;
    if (shown.dataset.title) doc.title = shown.dataset.title;
  }
  doc.documentElement.dataset.ready = '';
  return shown;
}

export function showLastSeen(doc: Document = document, store: Storage | undefined = globalThis.sessionStorage, today = new Date(), lang: Lang = 'en'): boolean {
  const seen = lastSeen(store);
  const root = doc.querySelector<HTMLElement>(`[data-lang="${lang}"]`) ?? doc;
  const box = root.querySelector<HTMLElement>('[data-last-seen]');
  const at = root.querySelector<HTMLTimeElement>('[data-seen-at]');
  const amount = root.querySelector<HTMLElement>('[data-seen-amount]');
  if (!seen || !box || !at || !amount) return false;
  const when = new Date(seen.at);
  const sameDay = when.toDateString() === today.toDateString();
  at.dateTime = when.toISOString();
  at.textContent = when.toLocaleString(INTL_LOCALE[lang], sameDay ? { hour: 'numeric', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  amount.textContent = formatCents(seen.cents);
  box.hidden = false;
  return true;
}

if (typeof document !== 'undefined' && document.querySelector('[data-last-seen]')) {
  const lang = offlineLang();
  showLang(document, lang);
  showLastSeen(document, sessionStorage, new Date(), lang);
  retryWhenBack();
}

/**
 * Back online: the page the player asked for, at the same address, once the site answers again. The connection can
 * come back a moment before the network does (a reload then would only show this page again, and `online` fires
 * once), and a page shown because the site was too slow hears no `online` at all: so the site is asked, and asked
 * again a little later, until it answers.
 */
export function retryWhenBack(win: Window = window, every = 3000): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async () => {
    clearTimeout(timer);
    if (win.navigator.onLine !== false) {
      const up = await win.fetch('/healthz', { cache: 'no-store' }).then((r) => r.ok, () => false);
      if (up) return win.location.reload();
    }
    timer = setTimeout(ask, every);
  };
  win.addEventListener('online', () => void ask());
  timer = setTimeout(ask, every);
}
