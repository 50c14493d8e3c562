import { getAddressInfo, Network, validate as validAddress } from 'bitcoin-address-validation';
import { decode } from 'light-bolt11-decoder';
import { AppError, fieldText } from '../../lib/app-error';
import { text, type Text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import { formatCents } from '../../shared/money';
import { formatSats, satsWithinCents, usdCentsOf } from './btc-amount';

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';
export type Destination =
  | { kind: 'address'; value: string }
  /** A BOLT11 invoice; `amountBtc` when it carries an amount (never more than the held dollars buy). */
  | { kind: 'bolt11'; value: string; amountBtc: string | null }
  /** name@domain: BTCPay resolves it; we never fetch anything from a player-supplied domain. */
  | { kind: 'lightning-address'; value: string };

// BOLT11 human-readable prefixes per network (BOLT #11): lnbc, lntb, lnbcrt.
const LN_PREFIX: Record<BitcoinNetwork, string> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };
const NETWORK_NAME: Record<BitcoinNetwork, string> = { mainnet: 'Bitcoin mainnet', testnet: 'Bitcoin testnet', regtest: 'Bitcoin regtest' };
/** An invoice must stay payable at least this long: approval and sending take time. */
export const BOLT11_MIN_LIFETIME_S = 600;
/** How far below the dollars asked a BOLT11's own amount may be (above them it may not be at all). */
export const BOLT11_TOLERANCE = 0.01;
const LIGHTNING_ADDRESS = /^[a-z0-9._+-]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const bad = (message: Text) => AppError.invalid([fieldText('wallet_address', message)]);

/**
 * A Bitcoin address of the configured network only, checked by a maintained library (checksums included). Regtest
 * shares testnet's legacy and P2SH version bytes (m…, n…, 2…), so those are regtest's own forms too; its bech32 forms
 * start bcrt1, and testnet's tb1 is not one of them.
 */
export function checkAddress(address: string, network: BitcoinNetwork): Destination {
  const a = address.trim();
  if (!onNetwork(a, network)) {
    const elsewhere = (['mainnet', 'testnet', 'regtest'] as const).find((n) => n !== network && onNetwork(a, n));
    throw bad(elsewhere ? text(m.api_address_other_network, { other: NETWORK_NAME[elsewhere], network: NETWORK_NAME[network] }) : text(m.api_address_invalid));
  }
  return { kind: 'address', value: a };
}

function onNetwork(a: string, network: BitcoinNetwork): boolean {
  if (validAddress(a, Network[network])) return true;
  if (network !== 'regtest' || !validAddress(a, Network.testnet)) return false;
  return !getAddressInfo(a).bech32;
}

const groupSats = (sats: bigint) => sats.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * A BOLT11 invoice (right network, not about to expire; when it carries an amount, no more than the dollars asked buy
 * at `rateUsdPerBtc`, to the satoshi, and not much less) or a Lightning address. The payout then sends exactly that
 * amount, or the held dollars for an amountless invoice or an address: never more than was held.
 */
export function checkLightning(input: string, network: BitcoinNetwork, amountCents: number, rateUsdPerBtc: string, nowMs = Date.now()): Destination {
  const v = input.trim().replace(/^lightning:/i, '');
  if (LIGHTNING_ADDRESS.test(v)) return { kind: 'lightning-address', value: v.toLowerCase() };
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(v.toLowerCase());
  } catch {
    throw bad(text(m.api_lightning_invalid));
  }
  const section = <N extends string>(name: N) => decoded.sections.find((s) => s.name === name) as { value?: unknown } | undefined;
  const prefix = (section('coin_network')?.value as { bech32?: string } | undefined)?.bech32;
  if (prefix !== LN_PREFIX[network]) throw bad(text(m.api_lightning_other_network, { network: NETWORK_NAME[network] }));
  const timestamp = Number(section('timestamp')?.value ?? 0);
  if ((timestamp + decoded.expiry) * 1000 < nowMs + BOLT11_MIN_LIFETIME_S * 1000)
    throw bad(text(m.api_lightning_expiring));
  const msat = section('amount')?.value as string | undefined;
  if (!msat) return { kind: 'bolt11', value: v.toLowerCase(), amountBtc: null };
  // A sub-satoshi part cannot be paid by a payout in BTC: such an invoice is asking for the satoshi above it.
  const sats = (BigInt(msat) + 999n) / 1000n;
  const amountBtc = formatSats(sats);
  const most = satsWithinCents(amountCents, rateUsdPerBtc);
  if (sats > most)
    throw bad(text(m.api_lightning_too_much, { btc: amountBtc, amount: formatCents(amountCents), sats: groupSats(most), most: formatSats(most) }));
  const worth = usdCentsOf(amountBtc, '0', rateUsdPerBtc);
  if (amountCents - worth > amountCents * BOLT11_TOLERANCE)
    throw bad(text(m.api_lightning_too_little, { worth: formatCents(worth), amount: formatCents(amountCents) }));
  return { kind: 'bolt11', value: v.toLowerCase(), amountBtc };
}

/** Whether a BOLT11 invoice names its own amount (then the payout sends exactly that, whatever the rate). */
export function bolt11HasAmount(invoice: string): boolean {
  try {
    return decode(invoice.trim().replace(/^lightning:/i, '').toLowerCase()).sections.some((s) => s.name === 'amount');
  } catch {
    return false;
  }
}
