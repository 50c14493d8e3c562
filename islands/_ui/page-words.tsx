import { m } from '../../src/i18n/paraglide/messages.js';
import { wordAttribute, type WordKey } from '../_client/page-words';

/** The words of islands/_client/page-words.ts in the current language (the request's, or the page's in an island). */
export const pageWords = (): Record<WordKey, string> => ({
  close: m.islands_words_close(),
  received: m.islands_words_received({ amount: '{amount}', from: '{from}' }),
  updateReady: m.islands_words_update_ready(),
  sessionExpired: m.islands_words_session_expired(),
  unexpected: m.islands_words_unexpected(),
  networkError: m.islands_words_network_error(),
  requestFailed: m.islands_words_request_failed(),
  menuClose: m.islands_words_menu_close(),
});

/** What a visitor's page says by itself before any island has mounted: a toast's close button, the menu button's. */
export const VISITOR_WORDS: readonly WordKey[] = ['close', 'menuClose'];

/**
 * The words the plain scripts say by themselves, in data attributes for them to read (as the ticker's sentences
 * travel): drawn once per page by the document, so the scripts carry no catalogue. `keys`: only these (a visitor's
 * page needs two).
 */
export function PageWords({ keys }: { keys?: readonly WordKey[] }) {
  const words = pageWords();
  const attributes = Object.fromEntries((keys ?? (Object.keys(words) as WordKey[])).map((k) => [wordAttribute(k), words[k]]));
  return <span hidden data-page-words="" {...attributes} />;
}
