// The balance last shown in this tab, for the offline page (src/pwa/offline-page.tsx): kept in sessionStorage, so
// it never outlives the tab nor reaches another one, and removed at sign-out and on every visitor's page.

export const LAST_SEEN_KEY = 'coinreel:last-balance';

export type LastSeen = { cents: number; at: number };

export function rememberBalance(cents: number, at = Date.now(), store: Storage | undefined = globalThis.sessionStorage): void {
  try {
    store?.setItem(LAST_SEEN_KEY, JSON.stringify({ cents, at }));
  } catch {
    // Storage full or refused (a private window): the offline page then shows no balance, which is honest.
  }
}

export function lastSeen(store: Storage | undefined = globalThis.sessionStorage): LastSeen | null {
  try {
    const v: unknown = JSON.parse(store?.getItem(LAST_SEEN_KEY) ?? 'null');
    const o = v as Partial<LastSeen> | null;
    return o && Number.isSafeInteger(o.cents) && Number.isFinite(o.at) ? { cents: o.cents!, at: o.at! } : null;
  } catch {
    return null;
  }
}

export function forgetBalance(store: Storage | undefined = globalThis.sessionStorage): void {
  try {
    store?.removeItem(LAST_SEEN_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The language of the last page this tab showed: the offline page speaks it (src/client/offline.ts). */
export const LANG_KEY = 'coinreel:lang';

export function rememberLang(lang: string, store: Storage | undefined = globalThis.sessionStorage): void {
  try {
    if (lang) store?.setItem(LANG_KEY, lang);
  } catch {
    // Refused: the offline page goes by the cookie or the browser's languages.
  }
}

export function seenLang(store: Storage | undefined = globalThis.sessionStorage): string | null {
  try {
    return store?.getItem(LANG_KEY) ?? null;
  } catch {
    return null;
  }
}
