// The withdrawal review's sentences in the page's language (the server's review answer carries figures only, and
// what happens next in the operator's words). Times on the site's 12-hour clock: the browser's zone once hydrated,
// else UTC, said so.
import { m } from '../../src/i18n/paraglide/messages.js';
import { getLocale } from '../../src/i18n/paraglide/runtime.js';
import { INTL_LOCALE, type Lang } from '../../src/i18n/lang';
import type { BitcoinNetwork } from '../../src/shared/bitcoin-network';
import { reviewDollars, TIP_PICK_MAX_PERCENT, type WithdrawReviewView } from '../../src/shared/withdraw-review';

const NETWORK_SUFFIX: Record<BitcoinNetwork, string> = { mainnet: '', testnet: ' (testnet)', regtest: ' (regtest)' };

/** "Lightning", "Bitcoin on-chain (testnet)". */
export const networkWords = (r: Pick<WithdrawReviewView, 'currency' | 'network'>) =>
  `${r.currency === 'BTC-LN' ? m.islands_withdraw_network_ln() : m.islands_withdraw_network_chain()}${NETWORK_SUFFIX[r.network]}`;

/** Where the money goes, as the review's first term. */
export const destinationWords = (kind: WithdrawReviewView['destinationKind']) =>
  ({ address: m.islands_withdraw_to_address, bolt11: m.islands_withdraw_to_invoice, 'lightning-address': m.islands_withdraw_to_ln_address })[kind]();

export function clockWords(iso: string, local: boolean, lang: Lang = getLocale() as Lang): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const f = new Intl.DateTimeFormat(INTL_LOCALE[lang] ?? INTL_LOCALE.en, { hour: 'numeric', minute: '2-digit', hour12: true, ...(local ? {} : { timeZone: 'UTC' }) });
  return local ? f.format(d) : `${f.format(d)} UTC`;
}

/** What the player receives, and at what. */
export const receiveWords = (r: WithdrawReviewView) =>
  r.btcFixed ? m.islands_withdraw_receive_fixed({ btc: r.btcAmount }) : m.islands_withdraw_receive_at({ btc: r.btcAmount, rate: reviewDollars(r.rate) });

/** How the BTC figure is fixed: read again at confirmation, and how far it may move before the player is asked again. */
export function rateHoldWords(r: WithdrawReviewView, local: boolean): string {
  const times = { read: clockWords(r.readAt, local), until: clockWords(r.expiresAt, local) };
  return r.btcFixed ? m.islands_withdraw_rate_fixed(times) : m.islands_withdraw_rate_moves(times);
}

/** A tip that is a large share of the withdrawal is pointed out before it leaves. */
export function tipNoteWords(r: Pick<WithdrawReviewView, 'amount' | 'tip'>): string | null {
  if (r.tip <= 0 || r.tip * 100 <= r.amount * TIP_PICK_MAX_PERCENT) return null;
  return m.islands_withdraw_tip_note({ percent: Math.round((r.tip / r.amount) * 100) });
}
