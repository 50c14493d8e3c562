import { createHash, createHmac } from 'node:crypto';
import * as secp from '@noble/secp256k1';
import { bech32 } from '@scure/base';

/** 5-bit words of an unsigned number, big-endian, padded to `len` words. */
const numWords = (n: number, len: number) => Array.from({ length: len }, (_, i) => Math.floor(n / 32 ** (len - 1 - i)) % 32);
const tagged = (tag: string, words: number[]) => [TAGS[tag]!, ...numWords(words.length, 2), ...words];
const TAGS: Record<string, number> = { p: 1, d: 13, x: 6, s: 16, n: 19 };

secp.hashes.sha256 = (m) => Uint8Array.from(createHash('sha256').update(m).digest());
secp.hashes.hmacSha256 = (k, m) => Uint8Array.from(createHmac('sha256', k).update(m).digest());

/** 5-bit words to bytes, the last byte padded with zero bits (what BOLT #11 signs). */
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

/** A Lightning node's key pair for tests: its secret signs invoices, its id (compressed public key, hex) names it. */
export function lightningNode(): { secret: Uint8Array; id: string } {
  const secret = secp.utils.randomSecretKey();
  return { secret, id: Buffer.from(secp.getPublicKey(secret)).toString('hex') };
}

/**
 * A BOLT11 payment request for tests: right structure and checksum. Without `node`, a dummy signature (the decoder
 * reads, it does not verify); with one, signed by that node as a real wallet signs it, so its payee is recovered from
 * the signature, or named in an `n` field too with `naming`. `sats` null makes an amountless invoice; `msat` gives the
 * amount to the millisatoshi.
 */
export function makeBolt11(o: { network?: 'bc' | 'tb' | 'bcrt'; sats?: number | null; msat?: number; timestamp?: number; expiry?: number; node?: { secret: Uint8Array; id: string }; naming?: boolean } = {}): string {
  // An amount in millisatoshis is written in pico-bitcoin (1 msat = 10 p), the only unit that carries a fraction of a satoshi.
  const amount = o.msat !== undefined ? `${o.msat * 10}p` : o.sats == null ? '' : `${o.sats * 10}n`;
  const hrp = `ln${o.network ?? 'bcrt'}${amount}`;
  const hash = bech32.toWords(crypto.getRandomValues(new Uint8Array(32)));
  const secret = bech32.toWords(crypto.getRandomValues(new Uint8Array(32)));
  const data = [
    ...numWords(o.timestamp ?? Math.floor(Date.now() / 1000), 7),
    ...tagged('p', hash),
    ...tagged('s', secret),
    ...tagged('d', bech32.toWords(new TextEncoder().encode('coinreel test'))),
    ...tagged('x', numWords(o.expiry ?? 3600, 4)),
    ...(o.node && o.naming ? tagged('n', bech32.toWords(Buffer.from(o.node.id, 'hex'))) : []),
  ];
  let signature = new Array(104).fill(0);
  if (o.node) {
    const digest = createHash('sha256').update(new TextEncoder().encode(hrp)).update(wordsToBytes(data)).digest();
    const sig = secp.sign(digest, o.node.secret, { prehash: false, format: 'recovered' });
    signature = bech32.toWords(Uint8Array.from([...sig.subarray(1), sig[0]!]));
  }
  return bech32.encode(hrp, [...data, ...signature], 2000);
}
