/**
 * Identity documents as uploaded: the type is read from the bytes (magic numbers), never from the name or the
 * browser's declared type, and image metadata (EXIF with GPS, XMP, IPTC, text chunks) is removed by rewriting the
 * file's own structure, so nothing but the picture is stored. No decoder runs on untrusted bytes.
 *
 * The rewriting works on a stream: a file is cleaned piece by piece as it arrives (JPEG segments and PNG chunks carry
 * their lengths; a JPEG's scan data runs to its next marker), so the server never holds a whole file to clean it
 * (docs/decisions/upload-limits.md).
 */
export type DocumentType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export class DocumentRejected extends Error {}

const NOT_A_DOCUMENT = 'Upload a JPEG, PNG or PDF file.';
export const DAMAGED = 'This file is damaged. Upload a clear JPEG, PNG or PDF.';

export function sniff(b: Uint8Array): DocumentType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x)) return 'image/png';
  if (b.length >= 5 && new TextDecoder().decode(b.subarray(0, 5)) === '%PDF-') return 'application/pdf';
  return null;
}

/** Takes a file's bytes in pieces and gives back the cleaned file's bytes in pieces. */
export type DocumentCleaner = {
  /** The cleaned bytes this piece completes (views into it, or small new arrays). Throws DocumentRejected. */
  push(piece: Uint8Array): Uint8Array[];
  /** The end of the file: throws DocumentRejected when it is cut short. */
  end(): Uint8Array[];
  /** Known once the first bytes have arrived. */
  readonly type: DocumentType | null;
};

type Streamer = { push(p: Uint8Array, out: Uint8Array[]): void; end(): void };

/** Collects up to `n` bytes across pieces; `take` returns how many of `p` from `at` it used. */
function collector(n: number) {
  const b = new Uint8Array(n);
  let have = 0;
  return {
    take(p: Uint8Array, at: number): number {
      const k = Math.min(n - have, p.length - at);
      b.set(p.subarray(at, at + k), have);
      have += k;
      return k;
    },
    get full() { return have === n; },
    get bytes() { return b.subarray(0, have); },
    reset() { have = 0; },
  };
}

// Critical chunks plus those that change how the picture looks; text, time, EXIF and the rest are dropped.
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs']);

/** PNG: the signature, then chunks (length, type, data, CRC) kept or dropped whole; IEND ends the file. */
function pngStreamer(): Streamer {
  let state: 'sig' | 'head' | 'data' | 'done' = 'sig';
  let need = 8;
  let keep = false, last = false;
  const head = collector(8);
  return {
    push(p, out) {
      let i = 0;
      while (i < p.length && state !== 'done') {
        if (state === 'sig' || state === 'data') {
          const k = Math.min(need, p.length - i);
          if (state === 'sig' || keep) out.push(p.subarray(i, i + k));
          i += k;
          need -= k;
          if (need === 0) state = state === 'data' && last ? 'done' : 'head';
          continue;
        }
        i += head.take(p, i);
        if (!head.full) continue;
        const h = head.bytes;
        const len = new DataView(h.buffer, h.byteOffset, 8).getUint32(0);
        const type = String.fromCharCode(...h.subarray(4, 8));
        keep = PNG_KEEP.has(type);
        last = type === 'IEND';
        if (keep) out.push(h.slice());
        head.reset();
        state = 'data';
        need = len + 4;
      }
    },
    end() {
      if (state !== 'done') throw new DocumentRejected(DAMAGED);
    },
  };
}

const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * JPEG: markers and their segments; every APPn (0xE0–0xEF) except APP0 (JFIF) and APP14 (Adobe colour transform),
 * and every COM, are dropped. After a start of scan the entropy-coded data runs to the next marker that is not a
 * stuffed 0xFF00 or a restart. Fill bytes (0xFF repeated) before a marker are dropped.
 */
function jpegStreamer(): Streamer {
  let state: 'soi' | 'ff' | 'marker' | 'len' | 'seg' | 'scan' | 'scanFf' | 'done' = 'soi';
  let need = 2, marker = 0, keep = false;
  // Whether any scan data followed the last start of scan (a file may end at a scan header, not inside its data).
  let scanned = false;
  const len = collector(2);
  return {
    push(p, out) {
      let i = 0;
      while (i < p.length && state !== 'done') {
        switch (state) {
          case 'soi':
          case 'seg': {
            const k = Math.min(need, p.length - i);
            if (state === 'soi' || keep) out.push(p.subarray(i, i + k));
            i += k;
            need -= k;
            if (need === 0) state = state === 'soi' ? 'ff' : marker === 0xda ? 'scan' : 'ff';
            break;
          }
          case 'ff':
            if (p[i++] !== 0xff) throw new DocumentRejected(DAMAGED);
            state = 'marker';
            break;
          case 'marker': {
            const m = p[i++]!;
            if (m === 0xff) break; // a fill byte
            if (m === 0xd9) {
              out.push(new Uint8Array([0xff, 0xd9]));
              state = 'done';
            } else if (isRst(m) || m === 0x01) {
              // Standalone markers carry no length.
              out.push(new Uint8Array([0xff, m]));
              state = 'ff';
            } else {
              marker = m;
              state = 'len';
            }
            break;
          }
          case 'len': {
            i += len.take(p, i);
            if (!len.full) break;
            const [hi, lo] = len.bytes;
            len.reset();
            const n = (hi! << 8) | lo!;
            if (n < 2) throw new DocumentRejected(DAMAGED);
            keep = !((marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe);
            if (keep) out.push(new Uint8Array([0xff, marker, hi!, lo!]));
            need = n - 2;
            scanned = false;
            state = need > 0 ? 'seg' : marker === 0xda ? 'scan' : 'ff';
            break;
          }
          case 'scan': {
            scanned = true;
            const j = p.indexOf(0xff, i);
            const stop = j < 0 ? p.length : j;
            if (stop > i) out.push(p.subarray(i, stop));
            i = stop;
            if (j >= 0) {
              i++;
              state = 'scanFf';
            }
            break;
          }
          case 'scanFf': {
            const x = p[i]!;
            if (x === 0x00 || isRst(x)) {
              out.push(new Uint8Array([0xff, x]));
              i++;
              state = 'scan';
            } else state = 'marker'; // the 0xFF begins the next marker; x is read as its marker byte
            break;
          }
        }
      }
    },
    end() {
      // A file may end after a whole segment without its end-of-image marker; anywhere else it was cut short.
      if (state !== 'done' && state !== 'ff' && !(state === 'scan' && !scanned)) throw new DocumentRejected(DAMAGED);
    },
  };
}

/** PDF: kept as sent once its header is a PDF's (see docs/decisions/identity.md). */
function pdfStreamer(): Streamer {
  let checked = false;
  const head = collector(8);
  return {
    push(p, out) {
      if (!checked) {
        head.take(p, 0);
        if (!head.full) return void out.push(p);
        if (!/^%PDF-\d\.\d/.test(new TextDecoder().decode(head.bytes))) throw new DocumentRejected(NOT_A_DOCUMENT);
        checked = true;
      }
      out.push(p);
    },
    end() {
      if (!checked && !/^%PDF-\d\.\d/.test(new TextDecoder().decode(head.bytes))) throw new DocumentRejected(NOT_A_DOCUMENT);
    },
  };
}

/** A cleaner for one file: the type from its first eight bytes, then that type's rewriting. */
export function createDocumentCleaner(): DocumentCleaner {
  const first = collector(8);
  let type: DocumentType | null = null;
  let streamer: Streamer | null = null;
  const start = (): Uint8Array[] => {
    type = sniff(first.bytes);
    if (!type) throw new DocumentRejected(NOT_A_DOCUMENT);
    streamer = type === 'image/jpeg' ? jpegStreamer() : type === 'image/png' ? pngStreamer() : pdfStreamer();
    const out: Uint8Array[] = [];
    streamer.push(first.bytes.slice(), out);
    return out;
  };
  return {
    get type() { return type; },
    push(piece) {
      if (streamer) {
        const out: Uint8Array[] = [];
        streamer.push(piece, out);
        return out;
      }
      const used = first.take(piece, 0);
      if (!first.full) return [];
      const out = start();
      if (used < piece.length) streamer!.push(piece.subarray(used), out);
      return out;
    },
    end() {
      const out = streamer ? [] : start();
      streamer!.end();
      return out;
    },
  };
}

/** A whole file cleaned at once (tests, and anything small): the same rewriting as the stream. */
export function cleanDocument(bytes: Uint8Array): { type: DocumentType; bytes: Uint8Array } {
  const c = createDocumentCleaner();
  const parts = [...c.push(bytes), ...c.end()];
  return { type: c.type!, bytes: concat(parts) };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
