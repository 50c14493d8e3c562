import { bech32 } from '@scure/base';

/** 5-bit words of an unsigned number, big-endian, padded to `len` words. */
const numWords = (n: number, len: number) => Array.from({ length: len }, (_, i) => Math.floor(n / 32 ** (len - 1 - i)) % 32);
const tagged = (tag: string, words: number[]) => [TAGS[tag]!, ...numWords(words.length, 2), ...words];
const TAGS: Record<string, number> = { p: 1, d: 13, x: 6, s: 16 };

/**
 * A BOLT11 payment request for tests: right structure and checksum, a dummy signature (the decoder reads, it does
 * not verify). `sats` null makes an amountless invoice; `msat` gives the amount to the millisatoshi.
 */
export function makeBolt11(o: { network?: 'bc' | 'tb' | 'bcrt'; sats?: number | null; msat?: number; timestamp?: number; expiry?: number } = {}): string {
  // An amount in millisatoshis is written in pico-bitcoin (1 msat = 10 p), the only unit that carries a fraction of a satoshi.
  const amount = o.msat !== undefined ? `${o.msat * 10}p` : o.sats == null ? '' : `${o.sats * 10}n`;
  const hrp = `ln${o.network ?? 'bcrt'}${amount}`;
  const hash = bech32.toWords(crypto.getRandomValues(new Uint8Array(32)));
  const secret = bech32.toWords(crypto.getRandomValues(new Uint8Array(32)));
  const words = [
    ...numWords(o.timestamp ?? Math.floor(Date.now() / 1000), 7),
    ...tagged('p', hash),
    ...tagged('s', secret),
    ...tagged('d', bech32.toWords(new TextEncoder().encode('coinreel test'))),
    ...tagged('x', numWords(o.expiry ?? 3600, 4)),
    ...new Array(104).fill(0),
  ];
  return bech32.encode(hrp, words, 2000);
}
