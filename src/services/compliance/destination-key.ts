import { createHash } from 'node:crypto';
import { recoverPublicKey } from '@noble/secp256k1';
import { decode } from 'light-bolt11-decoder';
import { validate as validAddress, Network } from 'bitcoin-address-validation';

/**
 * Where a withdrawal really goes, as the network reads it, so two spellings of one destination compare equal: a
 * bech32 address in lower case (the network accepts either case whole, BIP 173), a base58 address as it is (its
 * case is part of it), a Lightning invoice's payee node (its public key, hex), a Lightning address in lower case.
 */
export function destinationKey(currency: 'BTC-CHAIN' | 'BTC-LN', value: string): string | null {
  const v = value.trim();
  if (currency === 'BTC-CHAIN') return normaliseAddress(v);
  const ln = v.replace(/^lightning:/i, '');
  if (ln.includes('@')) return ln.toLowerCase();
  return bolt11Payee(ln);
}

const BECH32_PREFIX = /^(bc1|tb1|bcrt1)/i;

/** A Bitcoin address as the network reads it: bech32 in lower case, base58 unchanged. */
export function normaliseAddress(address: string): string {
  const a = address.trim();
  return BECH32_PREFIX.test(a) ? a.toLowerCase() : a;
}

const NODE_ID = /^0[23][0-9a-f]{64}$/;

/** A list entry: a Bitcoin address of any network, or a Lightning node id (33-byte compressed key, hex); null if neither. */
export function listEntry(raw: string): string | null {
  const v = raw.trim();
  if (NODE_ID.test(v.toLowerCase())) return v.toLowerCase();
  const a = normaliseAddress(v);
  return [Network.mainnet, Network.testnet, Network.regtest].some((n) => validAddress(a, n)) ? a : null;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const SIGNATURE_WORDS = 104;

/** 5-bit words to bytes, the last byte padded with zero bits (BOLT #11's signed data). */
function wordsToBytes(words: number[]): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

/**
 * The node a BOLT11 invoice pays (BOLT #11): its `n` field when it has one (a payer's node checks the signature
 * against it, so an invoice naming another node cannot be paid), otherwise the key recovered from the signature
 * over the invoice's human-readable part and data, as a payer's node recovers it. Null when it cannot be read.
 */
export function bolt11Payee(invoice: string): string | null {
  const v = invoice.trim().toLowerCase();
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(v);
  } catch {
    return null;
  }
  const named = (decoded.sections as { name: string; value?: unknown }[]).find((s) => s.name === 'payee');
  if (typeof named?.value === 'string' && NODE_ID.test(named.value)) return named.value;
  const sep = v.lastIndexOf('1');
  const words = [...v.slice(sep + 1, -6)].map((c) => CHARSET.indexOf(c));
  if (words.length <= SIGNATURE_WORDS || words.some((w) => w < 0)) return null;
  const data = words.slice(0, -SIGNATURE_WORDS);
  const sig = wordsToBytes(words.slice(-SIGNATURE_WORDS));
  const hrp = new TextEncoder().encode(v.slice(0, sep));
  const hash = createHash('sha256').update(hrp).update(wordsToBytes(data)).digest();
  try {
    // BOLT11 puts the recovery id after r and s; the library wants it first.
    const recovered = Uint8Array.from([sig[64]!, ...sig.subarray(0, 64)]);
    return Buffer.from(recoverPublicKey(recovered, hash, { prehash: false })).toString('hex');
  } catch {
    return null;
  }
}
