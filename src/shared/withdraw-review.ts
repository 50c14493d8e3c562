import { dollarsToCents, formatCents } from './money';
import { TIP_PRESETS } from './schemas/withdraw';
import type { BitcoinNetwork } from './bitcoin-network';

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

const NETWORK_SUFFIX: Record<BitcoinNetwork, string> = { mainnet: '', testnet: ' (testnet)', regtest: ' (regtest)' };
export const networkOf = (r: Pick<WithdrawReviewView, 'currency' | 'network'>) => `${r.currency === 'BTC-LN' ? 'Lightning' : 'Bitcoin on-chain'}${NETWORK_SUFFIX[r.network]}`;

export const DESTINATION_LABEL: Record<WithdrawReviewView['destinationKind'], string> = {
  address: 'To this Bitcoin address',
  bolt11: 'To this Lightning invoice',
  'lightning-address': 'To this Lightning address',
};

const dollars = (n: number) => formatCents(dollarsToCents(n) ?? Math.round(n * 100));
export const reviewDollars = dollars;

/** A clock time, in the browser's zone once hydrated, else in UTC (marked), as every time on the site. */
export function clockTime(iso: string, local: boolean): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const f = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, ...(local ? {} : { timeZone: 'UTC' }) });
  return local ? f.format(d) : `${f.format(d)} UTC`;
}

/** What the player receives, and at what. */
export function receiveText(r: WithdrawReviewView): string {
  if (r.btcFixed) return `${r.btcAmount} BTC, the amount your invoice asks for`;
  return `${r.btcAmount} BTC at ${dollars(r.rate)} per BTC`;
}

/** How the BTC figure is fixed: honestly, it is read again at confirmation; how far it may move before the player is asked again. */
export function rateHoldText(r: WithdrawReviewView, local: boolean): string {
  const until = clockTime(r.expiresAt, local);
  if (r.btcFixed) return `The store's rate was read at ${clockTime(r.readAt, local)}. Your invoice fixes the BTC amount. Confirm by ${until}, or check it again.`;
  return `The store's rate was read at ${clockTime(r.readAt, local)}. The BTC amount is fixed when you confirm, at the rate then: if that gives you more than 1% less, or after ${until}, you see the new figures before anything is sent.`;
}

/** A tip that is a large share of the withdrawal is pointed out before it leaves. */
export function tipNote(r: Pick<WithdrawReviewView, 'amount' | 'tip'>): string | null {
  if (r.tip <= 0 || r.tip * 100 <= r.amount * TIP_PICK_MAX_PERCENT) return null;
  return `Your tip is ${Math.round((r.tip / r.amount) * 100)}% of the amount you withdraw. Change it if that is not what you meant.`;
}
