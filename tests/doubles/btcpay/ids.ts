import { randomBytes } from 'node:crypto';

// Identifiers and amounts shaped like BTCPay's: base58 invoice ids, regtest bech32 addresses, BOLT11-looking strings.

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

export const base58Id = (length = 22) => [...randomBytes(length)].map((b) => BASE58[b % 58]).join('');
export const hex = (bytes: number) => randomBytes(bytes).toString('hex');
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Satoshis → "0.00025000": BTC with 8 decimals, negative when overpaid. */
export function formatBtc(sats: number): string {
  const sign = sats < 0 ? '-' : '';
  const abs = Math.abs(sats);
  return `${sign}${Math.floor(abs / 1e8)}.${String(abs % 1e8).padStart(8, '0')}`;
}

/** "0.00025" → 25000 satoshis; throws on anything that is not a non-negative decimal with at most 8 places. */
export function parseBtc(text: string): number {
  const m = /^(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a BTC amount: ${text}`);
  return Number(m[1]) * 1e8 + Number((m[2] ?? '').padEnd(8, '0'));
}

/** A real regtest P2WPKH address (bcrt1q…, valid bech32 checksum) for random 20 bytes. */
export function regtestAddress(): string {
  const data = [0, ...convertBits([...randomBytes(20)], 8, 5)];
  return bech32Encode('bcrt', data);
}

/** Looks like a regtest BOLT11 for the amount (hrp lnbcrt<n>n, bech32 body); not signed, no node behind it. */
export function bolt11(sats: number): string {
  const body = [...randomBytes(180)].map((b) => BECH32[b % 32]).join('');
  return `lnbcrt${sats * 10}n1p${body}`;
}

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >> i) & 1) chk ^= gen[i]!;
  }
  return chk;
}

function bech32Encode(hrp: string, data: number[]): string {
  const expand = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...expand, ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((d) => BECH32[d]).join('')}`;
}

function convertBits(data: number[], from: number, to: number): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & ((1 << to) - 1));
    }
  }
  if (bits > 0) out.push((acc << (to - bits)) & ((1 << to) - 1));
  return out;
}
