import type { Lang } from '../../i18n/lang';
import { m } from '../../i18n/paraglide/messages.js';

/**
 * A short, readable name for a browser from its User-Agent ("Chrome on Windows"); the raw header is not kept. Kept
 * in English (the console reads it as written); a player reads it in their language (`deviceIn`).
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  if (!ua.trim()) return 'Unknown device';
  const browser =
    /Edg\//.test(ua) ? 'Edge'
    : /OPR\/|Opera/.test(ua) ? 'Opera'
    : /Firefox\//.test(ua) ? 'Firefox'
    : /Chrome\/|Chromium\/|CriOS\//.test(ua) ? 'Chrome'
    : /Safari\//.test(ua) ? 'Safari'
    : /curl\//i.test(ua) ? 'curl'
    : 'Browser';
  const os =
    /Android/.test(ua) ? 'Android'
    : /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Windows/.test(ua) ? 'Windows'
    : /Mac OS X|Macintosh/.test(ua) ? 'macOS'
    : /CrOS/.test(ua) ? 'ChromeOS'
    : /Linux/.test(ua) ? 'Linux'
    : null;
  return os ? `${browser} on ${os}` : browser;
}

/**
 * A device as describeDevice names it in English ("Chrome on Windows", "Browser", "Unknown device"), said in `lang`
 * when read: a page's sessions list and activity, a security mail. Browser and system names stay as they are.
 */
export function deviceIn(lang: Lang, device: string | null): string {
  const locale = { locale: lang };
  if (device == null || device === 'Unknown device') return m.mail_device_unknown({}, locale);
  const [browser, os] = device.split(' on ');
  const named = browser === 'Browser' ? m.mail_device_browser({}, locale) : browser!;
  return os ? m.mail_device_on({ browser: named, os }, locale) : named;
}
