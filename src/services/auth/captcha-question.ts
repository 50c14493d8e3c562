// The captcha's non-visual form: a short sum written in words, which a screen reader reads out and nobody has to
// see. It is checked exactly like the picture (one stored hash, one try, the same expiry and rate limits). It is asked
// in the page's language, and an answer in either language's words is read.
import { m } from '../../i18n/paraglide/messages.js';
import type { Lang } from '../../i18n/lang';

const WORDS: Record<Lang, string[]> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
    'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen'],
  es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce',
    'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho'],
};

const pick = (n: number) => crypto.getRandomValues(new Uint32Array(1))[0]! % n;

/** A question such as 'What is seven plus four?' ('¿Cuánto es siete más cuatro?') and its answer in digits ('11'). */
export function randomQuestion(lang: Lang = 'en'): { question: string; answer: string } {
  const a = 2 + pick(8);
  const b = 1 + pick(9);
  const words = { a: WORDS[lang][a]!, b: WORDS[lang][b]! };
  if (pick(2) === 0 || b > a) return { question: m.api_captcha_plus(words, { locale: lang }), answer: String(a + b) };
  return { question: m.api_captcha_minus(words, { locale: lang }), answer: String(a - b) };
}

// Accents are optional when typing: 'dieciseis' is 'dieciséis'.
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const BY_WORD = new Map([...WORDS.en.map((w, i) => [w, i] as const), ...WORDS.es.map((w, i) => [plain(w), i] as const)]);

/** An answer as a person types it: '11', ' eleven ', 'Eleven.', 'once' all read as '11'; anything else as typed. */
export function normalizeAnswer(given: string): string {
  const t = plain(given.trim().toLowerCase().replace(/[.!]$/, ''));
  const at = BY_WORD.get(t);
  return at !== undefined ? String(at) : given.trim();
}
