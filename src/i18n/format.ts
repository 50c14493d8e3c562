// Numbers, money and times in the page's language. Safe for the browser: `getLocale()` is the request's language on
// the server (src/i18n/request-lang.ts) and the page's <html lang> in an island (src/i18n/client-lang.ts).
import { getLocale } from './paraglide/runtime.js';
import { INTL_LOCALE, type Lang } from './lang';

const here = (lang?: Lang): string => INTL_LOCALE[lang ?? (getLocale() as Lang)] ?? INTL_LOCALE.en;

/** Cents as the language writes dollars: `$1,234.50` in English and in US Spanish alike (es-US). */
export function formatMoney(cents: number, lang?: Lang): string {
  return new Intl.NumberFormat(here(lang), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A count with the language's grouping: 1,000,000. */
export function formatNumber(n: number, lang?: Lang): string {
  return new Intl.NumberFormat(here(lang)).format(n);
}

/**
 * Date and time on the 12-hour clock the site uses: "Nov 28, 2026, 3:45 PM" / "28 nov 2026, 3:45 p.m.". In UTC
 * unless a time zone is given (the server cannot know the player's), and then it says so.
 */
export function formatDateTime(at: string | number | Date, o: { lang?: Lang; timeZone?: string } = {}): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const timeZone = o.timeZone ?? 'UTC';
  const s = new Intl.DateTimeFormat(here(o.lang), { dateStyle: 'medium', timeStyle: 'short', hour12: true, timeZone }).format(d);
  return timeZone === 'UTC' ? `${s} UTC` : s;
}

/** A date alone: "November 28, 2026" / "28 de noviembre de 2026". */
export function formatDate(at: string | number | Date, o: { lang?: Lang; timeZone?: string } = {}): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(here(o.lang), { dateStyle: 'long', timeZone: o.timeZone ?? 'UTC' }).format(d);
}
