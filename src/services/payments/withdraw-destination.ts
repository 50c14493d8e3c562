import { Network, validate as validAddress } from 'bitcoin-address-validation';
import { decode } from 'light-bolt11-decoder';
import { AppError } from '../../lib/app-error';
import { formatCents } from '../../shared/money';
import { usdCentsOf } from './btc-amount';

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';
export type Destination =
  | { kind: 'address'; value: string }
  /** A BOLT11 invoice; `amountBtc` when it carries an amount (BTCPay then pays exactly that). */
  | { kind: 'bolt11'; value: string; amountBtc: string | null }
  /** name@domain: BTCPay resolves it; we never fetch anything from a player-supplied domain. */
  | { kind: 'lightning-address'; value: string };

// BOLT11 human-readable prefixes per network (BOLT #11): lnbc, lntb, lnbcrt.
const LN_PREFIX: Record<BitcoinNetwork, string> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };
const NETWORK_NAME: Record<BitcoinNetwork, string> = { mainnet: 'Bitcoin mainnet', testnet: 'Bitcoin testnet', regtest: 'Bitcoin regtest' };
/** An invoice must stay payable at least this long: approval and sending take time. */
export const BOLT11_MIN_LIFETIME_S = 600;
/** How far a BOLT11's own amount may differ from the dollars asked, at the current rate. */
export const BOLT11_TOLERANCE = 0.01;
const LIGHTNING_ADDRESS = /^[a-z0-9._+-]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const bad = (message: string) => AppError.invalid([{ field: 'wallet_address', message }]);

/** A Bitcoin address for the configured network, checked by a maintained library (checksums included). */
export function checkAddress(address: string, network: BitcoinNetwork): Destination {
  const a = address.trim();
  const ok = validAddress(a, Network[network], network === 'regtest' ? { castTestnetTo: Network.regtest } : undefined);
  if (!ok) {
    const elsewhere = (['mainnet', 'testnet', 'regtest'] as const).find((n) => n !== network && validAddress(a, Network[n]));
    throw bad(elsewhere ? `This is a ${NETWORK_NAME[elsewhere]} address; withdrawals here go to ${NETWORK_NAME[network]} addresses.` : 'Enter a valid Bitcoin address.');
  }
  return { kind: 'address', value: a };
}

/**
 * A BOLT11 invoice (right network, not about to expire, worth the dollars asked within the tolerance when it
 * carries an amount) or a Lightning address.
 */
export function checkLightning(input: string, network: BitcoinNetwork, amountCents: number, rateUsdPerBtc: string, nowMs = Date.now()): Destination {
  const v = input.trim().replace(/^lightning:/i, '');
  if (LIGHTNING_ADDRESS.test(v)) return { kind: 'lightning-address', value: v.toLowerCase() };
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(v.toLowerCase());
  } catch {
    throw bad('Enter a valid Lightning invoice or Lightning address.');
  }
  const section = <N extends string>(name: N) => decoded.sections.find((s) => s.name === name) as { value?: unknown } | undefined;
  const prefix = (section('coin_network')?.value as { bech32?: string } | undefined)?.bech32;
  if (prefix !== LN_PREFIX[network]) throw bad(`This Lightning invoice is not for ${NETWORK_NAME[network]}.`);
  const timestamp = Number(section('timestamp')?.value ?? 0);
  if ((timestamp + decoded.expiry) * 1000 < nowMs + BOLT11_MIN_LIFETIME_S * 1000)
    throw bad('This Lightning invoice has expired or is about to. Make a new one in your wallet.');
  const msat = section('amount')?.value as string | undefined;
  if (!msat) return { kind: 'bolt11', value: v.toLowerCase(), amountBtc: null };
  const btc = (BigInt(msat) / 1000n).toString().padStart(9, '0');
  const amountBtc = `${btc.slice(0, -8)}.${btc.slice(-8)}`;
  const worth = usdCentsOf(amountBtc, '0', rateUsdPerBtc);
  if (Math.abs(worth - amountCents) > amountCents * BOLT11_TOLERANCE)
    throw bad(`This Lightning invoice asks for about ${formatCents(worth)}, not ${formatCents(amountCents)}. Make an invoice for the amount you withdraw, or one without an amount.`);
  return { kind: 'bolt11', value: v.toLowerCase(), amountBtc };
}
