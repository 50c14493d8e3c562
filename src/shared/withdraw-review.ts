import { dollarsToCents, formatCents } from './money';
import { TIP_PRESETS } from './schemas/withdraw';
import type { BitcoinNetwork } from './bitcoin-network';
import { m } from '../i18n/paraglide/messages.js';
import { getLocale } from '../i18n/paraglide/runtime.js';
import { INTL_LOCALE, type Lang } from '../i18n/lang';

// The review's words in the current language (the page's in an island, the request's on the server); the English
// constants stay for the code and tests that name them.

/** POST /withdraw/review's `review`: what the player checks before anything is held (docs/decisions/withdrawal-review.md). */
export type WithdrawReviewView = {
  currency: 'BTC-CHAIN' | 'BTC-LN';
  /** The destination as it will be paid, whole. */
  wallet_address: string;
  destinationKind: 'address' | 'bolt11' | 'lightning-address';
  amount: number;
  tip: number;
  total: number;
  rate: number;
  btcAmount: string;
  /** The BTC is the invoice's own amount: no rate changes it. */
  btcFixed: boolean;
  network: BitcoinNetwork;
  readAt: string;
  expiresAt: string;
  /** What happens next (approval or minutes), from the operator's settings. */
  timeText: string;
  /** Signed by the server; the confirmation carries it back. */
  token: string;
};

/** The largest share of the amount a tip quick pick may be: picks are small thank-yous, never a slip of the thumb. */
export const TIP_PICK_MAX_PERCENT = 10;

/** The quick picks (spec §9's presets) that are at most TIP_PICK_MAX_PERCENT of the amount; none before an amount is known. */
export function tipPicks(amountCents: number | null): number[] {
  if (!amountCents || amountCents <= 0) return [];
  return TIP_PRESETS.filter((n) => n * 100 * 100 <= amountCents * TIP_PICK_MAX_PERCENT);
}

export const TIP_EXPLAINED = "A thank-you to the site's team, added to what leaves your wallet. You still receive the full amount.";
export const tipExplained = (): string => m.fields_tip_explained();

const NETWORK_SUFFIX: Record<BitcoinNetwork, string> = { mainnet: '', testnet: ' (testnet)', regtest: ' (regtest)' };
export const networkOf = (r: Pick<WithdrawReviewView, 'currency' | 'network'>) => `${r.currency === 'BTC-LN' ? 'Lightning' : m.fields_bitcoin_on_chain()}${NETWORK_SUFFIX[r.network]}`;

export const DESTINATION_LABEL: Record<WithdrawReviewView['destinationKind'], string> = {
  address: 'To this Bitcoin address',
  bolt11: 'To this Lightning invoice',
  'lightning-address': 'To this Lightning address',
};
const DESTINATION_WORDS = { address: m.fields_to_address, bolt11: m.fields_to_invoice, 'lightning-address': m.fields_to_lightning_address } as const;
/** DESTINATION_LABEL in the current language. */
export const destinationLabel = (kind: WithdrawReviewView['destinationKind']): string => DESTINATION_WORDS[kind]();

const dollars = (n: number) => formatCents(dollarsToCents(n) ?? Math.round(n * 100));
export const reviewDollars = dollars;

/** A clock time, in the browser's zone once hydrated, else in UTC (marked), as every time on the site. */
export function clockTime(iso: string, local: boolean): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const f = new Intl.DateTimeFormat(INTL_LOCALE[getLocale() as Lang] ?? 'en-US', { hour: 'numeric', minute: '2-digit', hour12: true, ...(local ? {} : { timeZone: 'UTC' }) });
  return local ? f.format(d) : `${f.format(d)} UTC`;
}

/** What the player receives, and at what. */
export function receiveText(r: WithdrawReviewView): string {
  if (r.btcFixed) return m.fields_receive_fixed({ btc: r.btcAmount });
  return m.fields_receive_at_rate({ btc: r.btcAmount, rate: dollars(r.rate) });
}

/** How the BTC figure is fixed: honestly, it is read again at confirmation; how far it may move before the player is asked again. */
export function rateHoldText(r: WithdrawReviewView, local: boolean): string {
  const until = clockTime(r.expiresAt, local);
  if (r.btcFixed) return m.fields_rate_hold_fixed({ read: clockTime(r.readAt, local), until });
  return m.fields_rate_hold({ read: clockTime(r.readAt, local), until });
}

/** A tip that is a large share of the withdrawal is pointed out before it leaves. */
export function tipNote(r: Pick<WithdrawReviewView, 'amount' | 'tip'>): string | null {
  if (r.tip <= 0 || r.tip * 100 <= r.amount * TIP_PICK_MAX_PERCENT) return null;
  return m.fields_tip_large({ percent: Math.round((r.tip / r.amount) * 100) });
}
