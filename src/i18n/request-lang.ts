// Each request's language on the server. Paraglide's message functions read it through its AsyncLocalStorage
// hook, so a page, an island rendered on the server, and a shared field check called by a route all speak the
// request's language without passing it around. Services never read it: they throw `Text`s (src/i18n/text.ts)
// that the error plugin renders.
import { AsyncLocalStorage } from 'node:async_hooks';
import { overwriteServerAsyncLocalStorage } from './paraglide/runtime.js';
import { chooseForRequest, type LangChoice } from './choose';
import { DEFAULT_LANG, type Lang } from './lang';

/** Mutable for the one request: the saved language of a player found later in the request may still take over. */
type Store = LangChoice & { bearer: boolean; locale: Lang };

const storage = new AsyncLocalStorage<Store>();
overwriteServerAsyncLocalStorage(storage as never);

/** Runs a request's handling in the language its query, cookie or Accept-Language asks for. */
export function inRequestLang<T>(req: Request, fn: () => T): T {
  const choice = chooseForRequest(req);
  const auth = req.headers.get('authorization');
  return storage.run({ ...choice, locale: choice.lang, bearer: !!auth && /^bearer\s/i.test(auth) }, fn);
}

/** Runs `fn` in one language (a prepared page, an e-mail composed for a player, a test). */
export function inLang<T>(lang: Lang, fn: () => T): T {
  return storage.run({ lang, locale: lang, from: 'query', bearer: false }, fn);
}

/** The current request's language; English outside a request. */
export function currentLang(): Lang {
  return storage.getStore()?.locale ?? DEFAULT_LANG;
}

/** Where the current language came from ('header' outside a request). */
export function currentLangSource(): LangChoice['from'] {
  return storage.getStore()?.from ?? 'header';
}

/**
 * The signed-in player of this request is known: their saved language comes after `?lang=` and the cookie and
 * before Accept-Language. A bearer client keeps Accept-Language.
 */
export function adoptSaved(saved: string | null | undefined): void {
  const s = storage.getStore();
  if (!s || s.bearer || s.from !== 'header' || (saved !== 'en' && saved !== 'es')) return;
  s.lang = s.locale = saved;
  s.from = 'saved';
}
