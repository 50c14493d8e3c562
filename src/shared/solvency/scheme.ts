// The proof of liabilities `coinreel-pol-v1` (docs/solvency.md), in one module the server, the /solvency page's
// island and the command-line verifier all use, so the three cannot drift. Safe for the browser: no Node API.
// Hashing comes through `SolvencyHashes`: plain JavaScript here (sha256.ts), node:crypto on the server
// (services/solvency/native-hashes.ts); tests hold both to each other and to Web Crypto.
import { hmacSha256Key, sha256 } from './sha256';

export const SCHEME = 'coinreel-pol-v1';
/** Each player's leaves: at least two, at most eight. */
export const MIN_LEAVES = 2;
export const MAX_LEAVES = 8;
export const DIGEST_BYTES = 32;
/** Leaf and node values are cents that stay exact as JSON numbers (and as JavaScript numbers). */
export const MAX_VALUE = Number.MAX_SAFE_INTEGER;
/** Snapshot ids are short ASCII (the file's name is `<id>.json`). */
export const SNAPSHOT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export type Hmac = (message: Uint8Array, out?: Uint8Array, outOff?: number) => Uint8Array;
export type SolvencyHashes = {
  /** HMAC-SHA256 under `key`, ready for many messages. */
  hmacKey(key: Uint8Array): Hmac;
  /** SHA-256 of `data` into `out` at `outOff`. */
  sha256(data: Uint8Array, out?: Uint8Array, outOff?: number): Uint8Array;
};

/** The reference: plain JavaScript, the same in the browser and on the server. */
export const jsHashes: SolvencyHashes = { hmacKey: hmacSha256Key, sha256 };

/** u64be(value) into `buf` at `off`; refuses anything but a whole number from 0 to 2^53 − 1. */
export function writeU64(buf: Uint8Array, off: number, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole number of cents from 0 to ${MAX_VALUE}: ${value}`);
  const high = Math.floor(value / 0x100000000);
  const low = value % 0x100000000;
  buf[off] = high >>> 24; buf[off + 1] = high >>> 16; buf[off + 2] = high >>> 8; buf[off + 3] = high;
  buf[off + 4] = low >>> 24; buf[off + 5] = low >>> 16; buf[off + 6] = low >>> 8; buf[off + 7] = low;
}

/** The sub-nonce's message: the ASCII bytes of "coinreel-pol-v1:" + id. */
export function subNonceMessage(id: string): Uint8Array {
  if (!SNAPSHOT_ID.test(id)) throw new RangeError(`not a snapshot id: ${JSON.stringify(id)}`);
  return new TextEncoder().encode(`${SCHEME}:${id}`);
}

/** subNonce = HMAC-SHA256(key = accountNonce, message = "coinreel-pol-v1:" + id). */
export function subNonceOf(hashes: SolvencyHashes, accountNonce: Uint8Array, id: string): Uint8Array {
  if (accountNonce.length !== DIGEST_BYTES) throw new RangeError('an account nonce is 32 bytes');
  return hashes.hmacKey(accountNonce)(subNonceMessage(id));
}

/** Leaf i's message: u64be(value) ‖ u32be(i), 12 bytes, into `buf` (reused by callers that make many). */
export function leafMessage(value: number, i: number, buf: Uint8Array = new Uint8Array(12)): Uint8Array {
  writeU64(buf, 0, value);
  buf[8] = i >>> 24; buf[9] = i >>> 16; buf[10] = i >>> 8; buf[11] = i;
  return buf;
}

/**
 * A bottom row (or any row) of the tree: digest j at bytes 32j…32j+31 of `digests`, value j at `values[j]`. One
 * slot more than `count` is kept for the pad node an odd row gets.
 */
export type Row = { digests: Uint8Array; values: Float64Array; count: number };

export function newRow(count: number): Row {
  return { digests: new Uint8Array((count + 1) * DIGEST_BYTES), values: new Float64Array(count + 1), count };
}

/**
 * The root of the tree over `row`, built in place (the row is consumed): while a row has more than one node, an odd
 * row first gets a pad node (32 zero bytes, value 0); each pair becomes SHA-256(left.digest ‖ u64be(left.value) ‖
 * right.digest ‖ u64be(right.value)) with value left.value + right.value. A sum past 2^53 − 1 is refused.
 * `pause`, when given, is awaited every 64k nodes (a page, or a server answering requests, keeps breathing).
 */
/** A node's value past 2^53 − 1: the file's leaves add up to more than any total can be. */
export class TotalTooLarge extends RangeError {}

export async function buildRoot(row: Row, hashes: SolvencyHashes, pause?: () => Promise<void>): Promise<{ digest: Uint8Array; value: number }> {
  const { digests, values } = row;
  let n = row.count;
  if (n < 1) throw new RangeError('a tree needs at least one leaf');
  if (digests.length < (n + 1) * DIGEST_BYTES || values.length < n + 1) throw new RangeError('a row needs one spare slot for the pad node');
  const pre = new Uint8Array(80);
  while (n > 1) {
    if (n % 2 === 1) {
      digests.fill(0, n * DIGEST_BYTES, (n + 1) * DIGEST_BYTES);
      values[n] = 0;
      n++;
    }
    const half = n / 2;
    for (let j = 0; j < half; j++) {
      if (pause && (j & 0xffff) === 0xffff) await pause();
      const l = 2 * j;
      pre.set(digests.subarray(l * DIGEST_BYTES, (l + 1) * DIGEST_BYTES), 0);
      writeU64(pre, 32, values[l]!);
      pre.set(digests.subarray((l + 1) * DIGEST_BYTES, (l + 2) * DIGEST_BYTES), 40);
      writeU64(pre, 72, values[l + 1]!);
      const sum = values[l]! + values[l + 1]!;
      if (sum > MAX_VALUE) throw new TotalTooLarge(`a node's value passes ${MAX_VALUE} cents`);
      // Node j of the next row goes where pair j's left node was read from or before it: safe in place.
      hashes.sha256(pre, digests, j * DIGEST_BYTES);
      values[j] = sum;
    }
    n = half;
  }
  return { digest: digests.slice(0, DIGEST_BYTES), value: values[0]! };
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array, off = 0, len = bytes.length - off): string {
  let s = '';
  for (let i = off; i < off + len; i++) s += HEX[bytes[i]!];
  return s;
}

/** Lower-case hex only (the scheme's spelling); null for anything else. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** An account nonce as a player may paste it: 64 hex characters, spaces and case forgiven. */
export function readNonce(text: string): Uint8Array | null {
  const hex = text.replace(/\s+/g, '').toLowerCase();
  return hex.length === 2 * DIGEST_BYTES ? fromHex(hex) : null;
}
