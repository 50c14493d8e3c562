// Server only: the language of an Accept-Language value, each value parsed once.
import { DEFAULT_LANG, langFromAcceptLanguage, type Lang } from './lang';

// Browsers send a handful of distinct values, and parsing one on every request cost a prepared page several points
// of its throughput (docs/decisions/spanish.md). Bounded, so a client sending a new value with every request grows
// nothing; past the bound a value is parsed each time.
const MAX_VALUES = 256;
const known = new Map<string, Lang>();

/** `langFromAcceptLanguage`, remembered per header value. */
export function headerLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  let lang = known.get(value);
  if (lang === undefined) {
    lang = langFromAcceptLanguage(value);
    if (known.size < MAX_VALUES) known.set(value, lang);
  }
  return lang;
}
