// SHA-256 and HMAC-SHA256 (FIPS 180-4, RFC 2104) in plain JavaScript, synchronous, for the proof of liabilities'
// check in the browser. Web Crypto answers every hash with a promise (a few microseconds each) and exists only on
// secure origins; rebuilding a tree of millions of nodes needs one cheap call per node. Tests hold this to Web
// Crypto and node:crypto on random inputs (sha256.test.ts).

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const W = new Int32Array(64);

/** One 64-byte block of `b` at `off` into the state `H`. */
function compress(H: Int32Array, b: Uint8Array, off: number): void {
  for (let i = 0; i < 16; i++, off += 4) W[i] = (b[off]! << 24) | (b[off + 1]! << 16) | (b[off + 2]! << 8) | b[off + 3]!;
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15]!;
    const y = W[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H[0]!, bb = H[1]!, c = H[2]!, d = H[3]!, e = H[4]!, f = H[5]!, g = H[6]!, h = H[7]!;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
    h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = bb; bb = a; a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0; H[1] = (H[1]! + bb) | 0; H[2] = (H[2]! + c) | 0; H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0; H[5] = (H[5]! + f) | 0; H[6] = (H[6]! + g) | 0; H[7] = (H[7]! + h) | 0;
}

const tail = new Uint8Array(128);
const S = new Int32Array(8);

/**
 * Finishes a hash whose state `from` has already absorbed `before` bytes (0, or one key block for HMAC): absorbs
 * `data` and the padding, and writes the 32-byte digest into `out` at `outOff`.
 */
function finish(from: Int32Array, before: number, data: Uint8Array, out: Uint8Array, outOff: number): void {
  const H = S;
  H.set(from);
  const whole = data.length - (data.length % 64);
  for (let off = 0; off < whole; off += 64) compress(H, data, off);
  const rest = data.length - whole;
  const blocks = rest < 56 ? 1 : 2;
  tail.fill(0, 0, blocks * 64);
  tail.set(data.subarray(whole), 0);
  tail[rest] = 0x80;
  const bits = (before + data.length) * 8;
  const end = blocks * 64;
  // The length in bits, big-endian in the last 8 bytes; the high word for messages past 512 MB.
  const high = Math.floor(bits / 0x100000000);
  tail[end - 8] = high >>> 24; tail[end - 7] = high >>> 16; tail[end - 6] = high >>> 8; tail[end - 5] = high;
  tail[end - 4] = bits >>> 24; tail[end - 3] = bits >>> 16; tail[end - 2] = bits >>> 8; tail[end - 1] = bits;
  compress(H, tail, 0);
  if (blocks === 2) compress(H, tail, 64);
  for (let i = 0; i < 8; i++) {
    const w = H[i]!;
    out[outOff + 4 * i] = w >>> 24;
    out[outOff + 4 * i + 1] = w >>> 16;
    out[outOff + 4 * i + 2] = w >>> 8;
    out[outOff + 4 * i + 3] = w;
  }
}

/** SHA-256 of `data`, into `out` at `outOff` (a new 32-byte array by default). */
export function sha256(data: Uint8Array, out: Uint8Array = new Uint8Array(32), outOff = 0): Uint8Array {
  finish(IV, 0, data, out, outOff);
  return out;
}

/**
 * HMAC-SHA256 under one key, its two padded key blocks absorbed once: each message then costs its own blocks plus
 * one more for the outer hash, which matters when one sub-nonce is tried against every leaf of a snapshot.
 */
export function hmacSha256Key(key: Uint8Array): (message: Uint8Array, out?: Uint8Array, outOff?: number) => Uint8Array {
  const k = new Uint8Array(64);
  k.set(key.length > 64 ? sha256(key) : key);
  const pad = new Uint8Array(64);
  const inner = new Int32Array(IV);
  const outer = new Int32Array(IV);
  for (let i = 0; i < 64; i++) pad[i] = k[i]! ^ 0x36;
  compress(inner, pad, 0);
  for (let i = 0; i < 64; i++) pad[i] = k[i]! ^ 0x5c;
  compress(outer, pad, 0);
  const innerDigest = new Uint8Array(32);
  return (message, out = new Uint8Array(32), outOff = 0) => {
    finish(inner, 64, message, innerDigest, 0);
    finish(outer, 64, innerDigest, out, outOff);
    return out;
  };
}

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array => hmacSha256Key(key)(message);
