// The few words plain code says on its own: a toast's close button, the "You received…" push, the update notice, the
// menu button and the API client's fallbacks. The signed-in boot script carries no catalogue
// (docs/decisions/signed-in-loading.md), so the server writes these in the page's language into one element's data
// attributes (islands/_ui/page-words.tsx, drawn by the header's wallet menu); an island's mount also registers them
// from its own messages, for the pages without that element. English when neither has them.
import { pageWide } from './live-state';

export const WORDS = {
  close: 'Dismiss',
  received: 'You received {amount} from {from}',
  updateReady: 'An update is ready: it is used from the next page you open.',
  sessionExpired: 'Session expired. Please log in again.',
  unexpected: 'Unexpected server response.',
  networkError: 'Network error or server unavailable.',
  requestFailed: 'Request failed.',
  menuClose: 'Close menu',
} as const;
export type WordKey = keyof typeof WORDS;

/** The element whose data attributes hold the words (`data-session-expired` for `sessionExpired`). */
export const WORDS_SELECTOR = '[data-page-words]';

/** `sessionExpired` → `data-session-expired`. */
export const wordAttribute = (key: WordKey) => 'data-' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

const registered = pageWide<Partial<Record<WordKey, string>>>('words', () => ({}));

/** An island's mount hands over its messages (in its page's language). */
export function registerWords(words: Partial<Record<WordKey, string>>): void {
  Object.assign(registered, words);
}

/** A word in the page's language: the server's, else an island's, else English. */
export function word(key: WordKey, doc: Document | undefined = globalThis.document): string {
  const el = doc?.querySelector?.(WORDS_SELECTOR);
  return el?.getAttribute(wordAttribute(key)) || registered[key] || WORDS[key];
}

/** Fills `{name}` places with their values; a place without one stays as written. */
export const fillWords = (text: string, inputs: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (all, k: string) => inputs[k] ?? all);
