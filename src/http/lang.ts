// The request's language at the HTTP edge: the saved language of a signed-in player, and the cookie `?lang=` sets.
import { langCookie } from '../i18n/choose';
import { langFromQuery, type Lang } from '../i18n/lang';
import { adoptSaved } from '../i18n/request-lang';
import type { ViewerLookup } from '../services/auth/viewer';

/**
 * The session lookup, telling the request's language about the player it finds: a cookie session without `?lang`
 * or a `lang` cookie then speaks the player's saved language (src/i18n/request-lang.ts).
 */
export function withSavedLang(lookup: ViewerLookup): ViewerLookup {
  const signedIn = async (req: Request) => {
    const viewer = await lookup(req);
    if (viewer) adoptSaved(viewer.language);
    return viewer;
  };
  return Object.assign(signedIn, {
    known(req: Request) {
      const viewer = lookup.known(req);
      if (viewer) adoptSaved(viewer.language);
      return viewer;
    },
  });
}

/** `?lang=es` on a page keeps the choice in the `lang` cookie for a year: the Set-Cookie line, or null. */
export function langCookieFor(url: URL, secure: boolean): string | null {
  const lang: Lang | null = langFromQuery(url.search);
  return lang ? langCookie(lang, secure) : null;
}
