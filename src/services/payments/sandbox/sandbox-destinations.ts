import type { BitcoinNetwork } from '../withdraw-destination';

// The sandbox's deposit destinations, valid for the configured network (checksums and all), so that the site's own
// withdrawal check takes them back: a developer can withdraw to an address the site gave them. Random bytes stand
// for keys nobody holds: nothing pays them outside the sandbox.

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** Human-readable parts of BIP-173 addresses and BOLT11 invoices by network. */
const HRP: Record<BitcoinNetwork, string> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk;
}

/** BIP-173 bech32 (the checksum of witness version 0 and of BOLT11), without the 90-character cap invoices exceed. */
export function bech32Encode(hrp: string, words: number[]): string {
  const expand = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...expand, ...words, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((d) => CHARSET[d]).join('')}`;
}

/** Bytes as 5-bit words, the last one zero-padded. */
export function toWords(bytes: Uint8Array): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) out.push((acc << (5 - bits)) & 31);
  return out;
}

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/** A P2WPKH address (bc1q…, tb1q…, bcrt1q…) for 20 random bytes. */
export const sandboxAddress = (network: BitcoinNetwork) => bech32Encode(HRP[network], [0, ...toWords(random(20))]);

/** An unsigned number as `len` 5-bit words, big-endian. */
const numWords = (n: number, len: number) => Array.from({ length: len }, (_, i) => Math.floor(n / 32 ** (len - 1 - i)) % 32);
const tagged = (tag: number, words: number[]) => [tag, ...numWords(words.length, 2), ...words];

/**
 * A BOLT11 invoice of the network for `sats` (lnbcrt…): timestamp, payment hash, secret, description and expiry, with
 * a signature of random bytes (no node stands behind it). Decoders read it as wallets would; none can pay it.
 */
export function sandboxInvoice(network: BitcoinNetwork, sats: bigint, expirySeconds: number, nowMs = Date.now()): string {
  const words = [
    ...numWords(Math.floor(nowMs / 1000), 7),
    ...tagged(1, toWords(random(32))),
    ...tagged(16, toWords(random(32))),
    ...tagged(13, toWords(new TextEncoder().encode('Coinreel sandbox deposit'))),
    ...tagged(6, numWords(Math.max(1, Math.round(expirySeconds)), 4)),
    ...toWords(random(65)),
  ];
  return bech32Encode(`ln${HRP[network]}${sats > 0n ? `${sats * 10n}n` : ''}`, words);
}
