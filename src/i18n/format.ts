// Numbers, money and times in the page's language. Safe for the browser: `getLocale()` is the request's language on
// the server (src/i18n/request-lang.ts) and the page's <html lang> in an island (src/i18n/client-lang.ts).
import { getLocale } from './paraglide/runtime.js';
import { INTL_LOCALE, type Lang } from './lang';

const here = (lang?: Lang): string => INTL_LOCALE[lang ?? (getLocale() as Lang)] ?? INTL_LOCALE.en;

// Making an Intl formatter costs about 100 µs, using one under 1 µs: each is made once per language and kind (a
// page of history or the mail worker formats hundreds of amounts).
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = made.get(key) as F | undefined;
  if (!f) made.set(key, (f = make()));
  return f;
}

/** Cents as the language writes dollars: `$1,234.50` in English and in US Spanish alike (es-US). */
export function formatMoney(cents: number, lang?: Lang): string {
  const locale = here(lang);
  return formatter(`money ${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' })).format(cents / 100);
}

/** A count with the language's grouping: 1,000,000. */
export function formatNumber(n: number, lang?: Lang): string {
  const locale = here(lang);
  return formatter(`number ${locale}`, () => new Intl.NumberFormat(locale)).format(n);
}

/**
 * Date and time on the 12-hour clock the site uses: "Nov 28, 2026, 3:45 PM" / "28 nov 2026, 3:45 p.m.". In UTC
 * unless a time zone is given (the server cannot know the player's), and then it says so.
 */
export function formatDateTime(at: string | number | Date, o: { lang?: Lang; timeZone?: string } = {}): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const timeZone = o.timeZone ?? 'UTC';
  const locale = here(o.lang);
  const s = formatter(`time ${locale} ${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hour12: true, timeZone })).format(d);
  return timeZone === 'UTC' ? `${s} UTC` : s;
}

/** A date alone: "November 28, 2026" / "28 de noviembre de 2026". */
export function formatDate(at: string | number | Date, o: { lang?: Lang; timeZone?: string } = {}): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const locale = here(o.lang);
  const timeZone = o.timeZone ?? 'UTC';
  return formatter(`date ${locale} ${timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone })).format(d);
}
