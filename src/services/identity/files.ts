/**
 * Identity documents as uploaded: the type is read from the bytes (magic numbers), never from the name or the
 * browser's declared type, and image metadata (EXIF with GPS, XMP, IPTC, text chunks) is removed by rewriting the
 * file's own structure, so nothing but the picture is stored. No decoder runs on untrusted bytes.
 */
export type DocumentType = 'image/jpeg' | 'image/png' | 'application/pdf';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export class DocumentRejected extends Error {}

export function sniff(b: Uint8Array): DocumentType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x)) return 'image/png';
  if (b.length >= 5 && new TextDecoder().decode(b.subarray(0, 5)) === '%PDF-') return 'application/pdf';
  return null;
}

/** JPEG: every APPn (0xE0–0xEF) except APP0 (JFIF) and APP14 (Adobe colour transform), and every COM, are dropped. */
export function stripJpeg(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) throw new DocumentRejected('not a well-formed JPEG');
    let marker = b[i + 1]!;
    // Fill bytes (0xFF repeated) may pad before a marker.
    while (marker === 0xff && i + 2 < b.length) marker = b[++i + 1]!;
    if (marker === 0xd9) { out.push(b.subarray(i, i + 2)); break; }
    // Standalone markers (RSTn, TEM) carry no length.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { out.push(b.subarray(i, i + 2)); i += 2; continue; }
    if (i + 4 > b.length) throw new DocumentRejected('not a well-formed JPEG');
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (len < 2 || i + 2 + len > b.length) throw new DocumentRejected('not a well-formed JPEG');
    const seg = b.subarray(i, i + 2 + len);
    const metadata = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;
    if (!metadata) out.push(seg);
    i += 2 + len;
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      let j = i;
      while (j < b.length - 1 && !(b[j] === 0xff && b[j + 1] !== 0x00 && !(b[j + 1]! >= 0xd0 && b[j + 1]! <= 0xd7))) j++;
      out.push(b.subarray(i, j));
      i = j;
    }
  }
  return concat(out);
}

// Critical chunks plus those that change how the picture looks; text, time, EXIF and the rest are dropped.
const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs']);

export function stripPng(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 8)];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 8;
  let ended = false;
  while (i + 12 <= b.length) {
    const len = view.getUint32(i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    if (i + 12 + len > b.length) throw new DocumentRejected('not a well-formed PNG');
    if (PNG_KEEP.has(type)) out.push(b.subarray(i, i + 12 + len));
    i += 12 + len;
    if (type === 'IEND') { ended = true; break; }
  }
  if (!ended) throw new DocumentRejected('not a well-formed PNG');
  return concat(out);
}

/** PDFs are kept as sent once their header is a PDF's (see docs/decisions/identity.md). */
export function cleanDocument(bytes: Uint8Array): { type: DocumentType; bytes: Uint8Array } {
  const type = sniff(bytes);
  if (!type) throw new DocumentRejected('Upload a JPEG, PNG or PDF file.');
  try {
    if (type === 'image/jpeg') return { type, bytes: stripJpeg(bytes) };
    if (type === 'image/png') return { type, bytes: stripPng(bytes) };
  } catch {
    throw new DocumentRejected('This file is damaged. Upload a clear JPEG, PNG or PDF.');
  }
  if (!/^%PDF-\d\.\d/.test(new TextDecoder().decode(bytes.subarray(0, 8)))) throw new DocumentRejected('Upload a JPEG, PNG or PDF file.');
  return { type, bytes };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
