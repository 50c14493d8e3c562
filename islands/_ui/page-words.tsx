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

/**
 * The words the boot script says by itself, in data attributes for it to read (as the ticker's sentences travel):
 * drawn once per page by the header's wallet menu, so the script itself carries no catalogue.
 */
export function PageWords() {
  const words = pageWords();
  const attributes = Object.fromEntries(Object.entries(words).map(([k, v]) => [wordAttribute(k as WordKey), v]));
  return <span hidden data-page-words="" {...attributes} />;
}
