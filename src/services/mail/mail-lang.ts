// The language a player's mail is written in, and the words in it that are not the catalogue's: dates and the
// device a sign-in came from. Every message here is said with an explicit locale: a mail is composed outside the
// request that caused it (a queued one by the worker, which a request of any language may have woken).
import { formatDateTime } from '../../i18n/format';
import { isLang, type Lang } from '../../i18n/lang';

/** A player's saved language; English when they never chose one. */
export const savedLang = (u: { language?: unknown } | null | undefined): Lang => (isLang(u?.language) ? u.language : 'en');

/**
 * The language of a queued mail: the one its row carries (the receiver's saved language, read by the statement that
 * queued it); English for a row queued before rows carried one.
 */
export const rowLang = (data: Record<string, unknown>): Lang => (isLang(data.lang) ? data.lang : 'en');

/** A moment in a mail: "Nov 28, 2026, 3:45 PM UTC" / "28 nov 2026, 3:45 p.m. UTC". */
export const whenIn = (lang: Lang, at: number): string => formatDateTime(at, { lang });

/** The device a sign-in came from, said in `lang` (src/services/protection/device.ts). */
export { deviceIn } from '../protection/device';
