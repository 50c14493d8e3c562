import { langFromCookie, langFromQuery, type Lang, type LangSource } from './lang';
import { headerLang } from './header-lang';

export type LangChoice = { lang: Lang; from: LangSource };

/**
 * A visitor's or player's language, in order: `?lang=` on the page, the `lang` cookie, the signed-in player's
 * saved language, then Accept-Language. A bearer client (no cookies, no page) is answered by Accept-Language only.
 */
export function chooseLang(o: { search?: string; cookie?: string | null; saved?: string | null; acceptLanguage?: string | null; bearer?: boolean }): LangChoice {
  if (o.bearer) return { lang: headerLang(o.acceptLanguage), from: 'header' };
  const query = o.search ? langFromQuery(o.search) : null;
  if (query) return { lang: query, from: 'query' };
  const cookie = langFromCookie(o.cookie);
  if (cookie) return { lang: cookie, from: 'cookie' };
  if (o.saved === 'en' || o.saved === 'es') return { lang: o.saved, from: 'saved' };
  return { lang: headerLang(o.acceptLanguage), from: 'header' };
}

/** The choice for a request before its player is known (their saved language comes later: `adoptSaved`). */
export function chooseForRequest(req: Request): LangChoice {
  const h = req.headers;
  const auth = h.get('authorization');
  const q = req.url.indexOf('?');
  return chooseLang({ search: q < 0 ? '' : req.url.slice(q), cookie: h.get('cookie'), acceptLanguage: h.get('accept-language'), bearer: !!auth && /^bearer\s/i.test(auth) });
}

/** The Set-Cookie line that keeps a chosen language for a year. */
export function langCookie(lang: Lang, secure: boolean): string {
  return `lang=${lang}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
