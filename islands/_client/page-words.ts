// The few words plain code says on its own: a toast's close button, the "You received…" push, the update notice, the
// menu button and the API client's fallbacks. The signed-in boot script carries no catalogue
// (docs/decisions/signed-in-loading.md), so the server writes these in the page's language into one element's data
// attributes (islands/_ui/page-words.tsx, drawn once by the document: all of them on a player's page, a visitor's
// the two its scripts say, none in English); an island's mount also registers them from its own messages, for the
// words a visitor's page leaves out. English when neither has them.
export type WordKey = 'close' | 'received' | 'updateReady' | 'sessionExpired' | 'unexpected' | 'networkError' | 'requestFailed' | 'menuClose';

/** The element whose data attributes hold the words (`data-session-expired` for `sessionExpired`). */
export const WORDS_SELECTOR = '[data-page-words]';

/** `sessionExpired` → `data-session-expired`. */
export const wordAttribute = (key: WordKey) => 'data-' + key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

// Page-wide (every script bundle on the page carries its own copy of this module), as live-state.ts keeps its stores;
// without importing it, so the visitors' enhancement script stays small.
const registered: Partial<Record<WordKey, string>> = ((globalThis as unknown as Record<symbol, Partial<Record<WordKey, string>>>)[Symbol.for('coinreel.words')] ??= {});

/** An island's mount hands over its messages (in its page's language). */
export function registerWords(words: Partial<Record<WordKey, string>>): void {
  Object.assign(registered, words);
}

/** A word in the page's language: the server's, else an island's, else the English its caller gives (each script
 * carries only the English it says). */
export function word(key: WordKey, english: string, doc: Document | undefined = globalThis.document): string {
  const el = doc?.querySelector?.(WORDS_SELECTOR);
  return el?.getAttribute(wordAttribute(key)) || registered[key] || english;
}

/** Fills `{name}` places with their values; a place without one stays as written. */
export const fillWords = (text: string, inputs: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (all, k: string) => inputs[k] ?? all);
