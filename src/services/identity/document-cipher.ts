import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for identity documents and tax numbers. Each file gets a random key of its own, itself sealed under
 * DOCUMENT_KEY (envelope encryption), and the file's name is the associated data: a file copied under another
 * name, or read without DOCUMENT_KEY, does not open.
 *
 * A document arriving as a stream is sealed in segments (format CRD2): 1 MiB of plain bytes each, every segment its
 * own GCM message under the file's key with a nonce made of a random prefix, the segment's number and a last-segment
 * flag (the STREAM construction), so segments cannot be dropped, reordered or cut off without the file failing to
 * open, and the server holds one segment at a time. Whole files (tax numbers, CRD1) stay one GCM message.
 */
export type DocumentSealer = {
  /** The sealed bytes this piece completes (the header first). */
  push(piece: Uint8Array): Uint8Array[];
  /** The last segment, sealed as the last. */
  end(): Uint8Array[];
};

export type DocumentCipher = {
  sealBytes(plain: Uint8Array, context: string): Uint8Array;
  /** Seals a file given in pieces (CRD2). */
  sealer(context: string): DocumentSealer;
  /** Opens either format. */
  openBytes(sealed: Uint8Array, context: string): Uint8Array;
  /** Short text (a TIN) as one printable string. */
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
};

const MAGIC = Buffer.from('CRD1');
const STREAM_MAGIC = Buffer.from('CRD2');
export const SEGMENT_BYTES = 1024 * 1024;
const TAG = 16;
const PREFIX = 7;
// Magic, the wrapped file key (iv, tag, key) and the nonce prefix.
const STREAM_HEAD = 4 + 60 + PREFIX;

function segmentNonce(prefix: Buffer, n: number, last: boolean) {
  const iv = Buffer.alloc(12);
  prefix.copy(iv, 0);
  iv.writeUInt32BE(n, PREFIX);
  iv[11] = last ? 1 : 0;
  return iv;
}

/** One segment sealed: its ciphertext and its tag, as two pieces (not copied into one). */
function sealSegment(key: Buffer, prefix: Buffer, n: number, last: boolean, plain: Uint8Array, aad: Buffer): Uint8Array[] {
  const c = createCipheriv('aes-256-gcm', key, segmentNonce(prefix, n, last));
  c.setAAD(aad);
  const body = c.update(plain);
  c.final();
  return [body, c.getAuthTag()];
}

function openSegment(key: Buffer, prefix: Buffer, n: number, last: boolean, sealed: Buffer, aad: Buffer) {
  const d = createDecipheriv('aes-256-gcm', key, segmentNonce(prefix, n, last));
  d.setAAD(aad);
  d.setAuthTag(sealed.subarray(sealed.length - TAG));
  return Buffer.concat([d.update(sealed.subarray(0, sealed.length - TAG)), d.final()]);
}

function gcm(key: Buffer, plain: Uint8Array, aad: string) {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]);
}

function ungcm(key: Buffer, sealed: Uint8Array, aad: string) {
  const b = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
  d.setAAD(Buffer.from(aad, 'utf8'));
  d.setAuthTag(b.subarray(12, 28));
  return Buffer.concat([d.update(b.subarray(28)), d.final()]);
}

export function createDocumentCipher(hexKey: string): DocumentCipher {
  if (!/^[0-9a-fA-F]{64}$/.test(hexKey)) throw new Error('document key must be 64 hex characters');
  const master = Buffer.from(hexKey, 'hex');
  const fail = () => new Error('document: does not open under this key');
  function openStream(b: Buffer, context: string): Uint8Array {
    try {
      const fileKey = ungcm(master, b.subarray(4, 64), `key:${context}`);
      const prefix = b.subarray(64, STREAM_HEAD);
      const aad = Buffer.from(context, 'utf8');
      const body = b.subarray(STREAM_HEAD);
      const size = SEGMENT_BYTES + TAG;
      // Every segment but the last is full; the last (full, short or empty) carries the last flag.
      const count = Math.max(1, Math.ceil(body.length / size));
      const out = Buffer.alloc(Math.max(0, body.length - count * TAG));
      for (let i = 0; i < count; i++) {
        const seg = body.subarray(i * size, Math.min(body.length, (i + 1) * size));
        if (seg.length < TAG) throw fail();
        openSegment(fileKey, prefix, i, i === count - 1, seg, aad).copy(out, i * SEGMENT_BYTES);
      }
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    } catch {
      throw fail();
    }
  }
  return {
    sealBytes(plain, context) {
      const fileKey = randomBytes(32);
      const wrapped = gcm(master, fileKey, `key:${context}`);
      return Buffer.concat([MAGIC, wrapped, gcm(fileKey, plain, context)]);
    },
    sealer(context) {
      const fileKey = randomBytes(32);
      const prefix = randomBytes(PREFIX);
      const aad = Buffer.from(context, 'utf8');
      let head: Uint8Array | null = Buffer.concat([STREAM_MAGIC, gcm(master, fileKey, `key:${context}`), prefix]);
      // One segment is held until the next byte arrives: only then is it known not to be the last.
      const held = Buffer.alloc(SEGMENT_BYTES);
      let have = 0;
      let n = 0;
      const first = (out: Uint8Array[]) => {
        if (head) out.push(head);
        head = null;
        return out;
      };
      return {
        push(piece) {
          const out = first([]);
          let at = 0;
          while (at < piece.length) {
            if (have === SEGMENT_BYTES) {
              out.push(...sealSegment(fileKey, prefix, n++, false, held, aad));
              have = 0;
            }
            const k = Math.min(SEGMENT_BYTES - have, piece.length - at);
            held.set(piece.subarray(at, at + k), have);
            have += k;
            at += k;
          }
          return out;
        },
        end() {
          const out = first([]);
          out.push(...sealSegment(fileKey, prefix, n, true, held.subarray(0, have), aad));
          return out;
        },
      };
    },
    openBytes(sealed, context) {
      const b = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (b.subarray(0, 4).equals(STREAM_MAGIC)) return openStream(b, context);
      if (!b.subarray(0, 4).equals(MAGIC)) throw fail();
      try {
        const fileKey = ungcm(master, b.subarray(4, 4 + 60), `key:${context}`);
        return new Uint8Array(ungcm(fileKey, b.subarray(64), context));
      } catch {
        throw fail();
      }
    },
    seal(plain, context) {
      return Buffer.from(this.sealBytes(Buffer.from(plain, 'utf8'), context)).toString('base64url');
    },
    open(sealed, context) {
      return Buffer.from(this.openBytes(Buffer.from(sealed, 'base64url'), context)).toString('utf8');
    },
  };
}
