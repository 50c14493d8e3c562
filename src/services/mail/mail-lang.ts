// The language a player's mail is written in, and the words in it that are not the catalogue's: dates and the
// device a sign-in came from. Every message here is said with an explicit locale: a mail is composed outside the
// request that caused it (a queued one by the worker, which a request of any language may have woken).
import { formatDateTime } from '../../i18n/format';
import { isLang, type Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

/** A player's saved language; English when they never chose one. */
export const savedLang = (u: { language?: unknown } | null | undefined): Lang => (isLang(u?.language) ? u.language : 'en');

/**
 * The language of a queued mail: the one its row carries (the receiver's saved language, read by the statement that
 * queued it); English for a row queued before rows carried one.
 */
export const rowLang = (data: Record<string, unknown>): Lang => (isLang(data.lang) ? data.lang : 'en');

/** A moment in a mail: "Nov 28, 2026, 3:45 PM UTC" / "28 nov 2026, 3:45 p.m. UTC". */
export const whenIn = (lang: Lang, at: number): string => formatDateTime(at, { lang });

/**
 * The device a sign-in came from, as src/services/protection/device.ts names it in English ("Chrome on Windows",
 * "Browser", "Unknown device"), said in `lang`. Browser and system names stay as they are.
 */
export function deviceIn(lang: Lang, device: string | null): string {
  const locale = { locale: lang };
  if (device == null || device === 'Unknown device') return m.mail_device_unknown({}, locale);
  const [browser, os] = device.split(' on ');
  const named = browser === 'Browser' ? m.mail_device_browser({}, locale) : browser!;
  return os ? m.mail_device_on({ browser: named, os }, locale) : named;
}
