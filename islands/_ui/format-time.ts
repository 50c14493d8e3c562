// A moment on the site's 12-hour clock in the page's language (history rows, a transfer's receipt), on its own so a
// form that shows one time carries none of the history's words.
import { getLocale } from '../../src/i18n/paraglide/runtime.js';
import { INTL_LOCALE, type Lang } from '../../src/i18n/lang';

/**
 * Short date plus hour and minute, on the 12-hour clock as every other time on the site ("Nov 24, 2026, 9:00 AM
 * UTC"). The server renders in UTC (it cannot know the player's zone) and says so; once hydrated the browser shows
 * local time.
 */
export function formatTime(iso: string, local: boolean, lang: Lang = getLocale() as Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const f = new Intl.DateTimeFormat(INTL_LOCALE[lang] ?? INTL_LOCALE.en, {
    month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true,
    ...(local ? {} : { timeZone: 'UTC' }),
  });
  return local ? f.format(d) : `${f.format(d)} UTC`;
}
