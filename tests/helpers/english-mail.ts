// Finds English left in an e-mail that should be in Spanish: the words tests/e2e/english-text.ts looks for on a page
// (kept in step with it), looked for in the subject, the text part and the HTML part's text (and its title).
import { NAMES } from '../e2e/english-text';
import type { MailMessage } from '../../src/services/mail/mail.port';

const ENGLISH = ['the', 'and', 'your', 'you', 'with', 'for', 'please', 'is', 'are', 'this', 'that', 'of', 'to', 'in', 'on', 'our', 'we', 'will',
  'have', 'has', 'not', 'or', 'be', 'can', 'it', 'from', 'at', 'by', 'an', 'all', 'here', 'what', 'how', 'when', 'who', 'get', 'go', 'back',
  'login', 'log', 'sign', 'register', 'password', 'account', 'wallet', 'deposit', 'withdraw', 'withdrawal', 'verify', 'games', 'home', 'support',
  'about', 'terms', 'privacy', 'contact', 'show', 'hide', 'close', 'loading', 'sending', 'remember', 'forgot', 'menu', 'skip', 'transfer', 'redeem',
  'download', 'players', 'rights', 'reserved', 'help', 'now', 'new', 'reset', 'email', 'e-mail',
  // …and a few more that only a mail says.
  'sent', 'received', 'credits', 'changed', 'requested', 'held', 'reversed', 'refund', 'device', 'identity', 'tax', 'two-step', 'ending', 'owe'];
const WORD = new RegExp(`(?:^|[^\\p{L}'-])(${ENGLISH.join('|')})(?=$|[^\\p{L}'-])`, 'iu');

/** The text a reader sees in an HTML part: its title and body text, tags dropped and entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, '\n')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/**
 * The lines of a mail that read as English, each once; empty when there are none. Addresses, links and `allowed`
 * (what a mail quotes as written: a name, an operator's reason) are not sentences of the mail's own.
 */
export function englishInMail(mail: Pick<MailMessage, 'subject' | 'text' | 'html'>, allowed: string[] = []): string[] {
  const keep = [...NAMES, ...allowed].sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const line of [mail.subject, ...mail.text.split('\n'), ...htmlText(mail.html).split('\n')]) {
    let rest = line.replace(/https?:\/\/\S+/g, ' ').replace(/\S+@\S+/g, ' ');
    for (const k of keep) rest = rest.split(k).join(' ');
    if (WORD.test(rest)) found.push(line.trim());
  }
  return [...new Set(found)];
}
