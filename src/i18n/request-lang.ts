// Each request's language on the server. Paraglide's message functions read it through its AsyncLocalStorage
// hook, so a page, an island rendered on the server, and a shared field check called by a route all speak the
// request's language without passing it around. Services never read it: they throw `Text`s (src/i18n/text.ts)
// that the error plugin renders.
import { AsyncLocalStorage } from 'node:async_hooks';
import { overwriteServerAsyncLocalStorage } from './paraglide/runtime.js';
import { chooseForRequest, type LangChoice } from './choose';
import { DEFAULT_LANG, type Lang } from './lang';

/**
 * One request's language, worked out only when something asks (most API answers say nothing in words), and again if
 * the request's player turns out to have a saved language.
 */
class RequestLang {
  private choice: LangChoice | null = null;
  private saved: string | null = null;
  constructor(private readonly req: Request | null, private readonly fixed?: Lang) {}
  get choose(): LangChoice {
    if (this.fixed) return { lang: this.fixed, from: 'query' };
    if (this.choice) return this.choice;
    const c = chooseForRequest(this.req!);
    return (this.choice = c.from === 'header' && !isBearer(this.req!) && (this.saved === 'en' || this.saved === 'es') ? { lang: this.saved, from: 'saved' } : c);
  }
  /** Read by Paraglide's message functions. */
  get locale(): Lang {
    return this.choose.lang;
  }
  adopt(saved: string | null | undefined): void {
    this.saved = saved ?? null;
    this.choice = null;
  }
}

const isBearer = (req: Request) => /^bearer\s/i.test(req.headers.get('authorization') ?? '');

const storage = new AsyncLocalStorage<RequestLang>();
overwriteServerAsyncLocalStorage(storage as never);

/** Runs a request's handling in the language its query, cookie or Accept-Language asks for. */
export function inRequestLang<T>(req: Request, fn: () => T): T {
  return storage.run(new RequestLang(req), fn);
}

/** Runs `fn` in one language (a prepared page, an e-mail composed for a player, a test). */
export function inLang<T>(lang: Lang, fn: () => T): T {
  return storage.run(new RequestLang(null, lang), fn);
}

/** The current request's language; English outside a request. */
export function currentLang(): Lang {
  return storage.getStore()?.locale ?? DEFAULT_LANG;
}

/** Where the current language came from ('header' outside a request). */
export function currentLangSource(): LangChoice['from'] {
  return storage.getStore()?.choose.from ?? 'header';
}

/**
 * The signed-in player of this request is known: their saved language comes after `?lang=` and the cookie and
 * before Accept-Language. A bearer client keeps Accept-Language.
 */
export function adoptSaved(saved: string | null | undefined): void {
  storage.getStore()?.adopt(saved);
}
