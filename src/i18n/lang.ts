// The site's languages and how a request names one. Safe for the browser: islands and the server share it.

export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const isLang = (v: unknown): v is Lang => v === 'en' || v === 'es';

/** The cookie that `?lang=` sets, and the footer's and Profile Settings' switches with it, for a year. */
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The tag each language is formatted with: US Spanish writes money as $1,234.50 and keeps the 12-hour clock. */
export const INTL_LOCALE: Record<Lang, string> = { en: 'en-US', es: 'es-US' };

const COOKIE = /(?:^|;\s*)lang=(en|es)(?:;|$)/;

/** The `lang` cookie's language, if the Cookie header carries a valid one. */
export function langFromCookie(cookie: string | null | undefined): Lang | null {
  const m = cookie ? COOKIE.exec(cookie) : null;
  return m ? (m[1] as Lang) : null;
}

/**
 * Accept-Language → Spanish when `es` or any `es-*` (es-US, es-MX, es-419…) is preferred to English; English
 * otherwise. Tags are taken in the order of their q-values (then as written); languages other than these two are
 * passed over, so `fr, es;q=0.8` is Spanish and `en-US, es;q=0.5` stays English.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  let best: { lang: Lang; q: number; i: number } | null = null;
  header.split(',').forEach((part, i) => {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.trim().split('-')[0];
    if (primary !== 'es' && primary !== 'en') return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) return;
    if (!best || q > best.q) best = { lang: primary, q, i };
  });
  return (best as { lang: Lang } | null)?.lang ?? DEFAULT_LANG;
}

/** `?lang=es` / `?lang=en` in a URL's query, or null. */
export function langFromQuery(search: string): Lang | null {
  if (!search.includes('lang=')) return null;
  const v = new URLSearchParams(search).get('lang');
  return isLang(v) ? v : null;
}

/** Where the language came from, in the order they are asked (src/i18n/choose.ts). */
export type LangSource = 'query' | 'cookie' | 'saved' | 'header';
