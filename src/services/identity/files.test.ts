// The streaming cleaner against the whole-file rewriting it replaced (kept below as the reference): for any file and
// any way its bytes are cut into pieces as they arrive, the same bytes come out, or both refuse it the same way.
import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { jpegWithGps, png } from '../../../tests/helpers/identity';
import { cleanDocument, createDocumentCleaner, DocumentRejected } from './files';

class Damaged extends Error {}

// The whole-file rewriting as it was before it streamed (src/services/identity/files.ts, issue 41).
function referenceJpeg(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) throw new Damaged();
    let marker = b[i + 1]!;
    while (marker === 0xff && i + 2 < b.length) marker = b[++i + 1]!;
    if (marker === 0xd9) { out.push(b.subarray(i, i + 2)); break; }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { out.push(b.subarray(i, i + 2)); i += 2; continue; }
    if (i + 4 > b.length) throw new Damaged();
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (len < 2 || i + 2 + len > b.length) throw new Damaged();
    const seg = b.subarray(i, i + 2 + len);
    const metadata = (marker >= 0xe1 && marker <= 0xef && marker !== 0xee) || marker === 0xfe;
    if (!metadata) out.push(seg);
    i += 2 + len;
    if (marker === 0xda) {
      let j = i;
      while (j < b.length - 1 && !(b[j] === 0xff && b[j + 1] !== 0x00 && !(b[j + 1]! >= 0xd0 && b[j + 1]! <= 0xd7))) j++;
      out.push(b.subarray(i, j));
      i = j;
    }
  }
  return Buffer.concat(out);
}

const PNG_KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs']);
function referencePng(b: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [b.subarray(0, 8)];
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let i = 8;
  let ended = false;
  while (i + 12 <= b.length) {
    const len = view.getUint32(i);
    const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
    if (i + 12 + len > b.length) throw new Damaged();
    if (PNG_KEEP.has(type)) out.push(b.subarray(i, i + 12 + len));
    i += 12 + len;
    if (type === 'IEND') { ended = true; break; }
  }
  if (!ended) throw new Damaged();
  return Buffer.concat(out);
}

/** The streaming cleaner fed `bytes` cut at `cuts` (positions), as the pieces of a request would arrive. */
function streamed(bytes: Uint8Array, cuts: number[]): Uint8Array | 'damaged' {
  const c = createDocumentCleaner();
  const at = [...new Set(cuts.map((x) => x % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  try {
    let from = 0;
    for (const to of [...at, bytes.length]) {
      if (to > from) out.push(...c.push(bytes.slice(from, to)));
      from = Math.max(from, to);
    }
    out.push(...c.end());
  } catch (e) {
    if (e instanceof DocumentRejected && e.message.startsWith('This file is damaged')) return 'damaged';
    throw e;
  }
  return Buffer.concat(out);
}

function reference(f: (b: Uint8Array) => Uint8Array, bytes: Uint8Array): Uint8Array | 'damaged' {
  try {
    return f(bytes);
  } catch (e) {
    if (e instanceof Damaged || e instanceof RangeError) return 'damaged';
    throw e;
  }
}

const seg = (marker: number, body: Uint8Array) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
const chunk = (type: string, data: Uint8Array) => {
  const h = Buffer.alloc(8);
  h.writeUInt32BE(data.length);
  h.write(type, 4, 'latin1');
  return Buffer.concat([h, data, Buffer.alloc(4)]);
};

// Scan data full of what the rewriting must get right: stuffed 0xFF00, restart markers, plain bytes.
const scanData = fc.array(fc.oneof(fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => b.map((x) => (x === 0xff ? 0x12 : x))),
  fc.constant(Uint8Array.of(0xff, 0x00)), fc.integer({ min: 0xd0, max: 0xd7 }).map((m) => Uint8Array.of(0xff, m))), { maxLength: 12 }).map((xs) => Buffer.concat(xs));
const jpegPart = fc.oneof(
  fc.tuple(fc.constantFrom(0xe0, 0xe1, 0xe2, 0xed, 0xee, 0xef, 0xfe, 0xdb, 0xc0, 0xc4), fc.uint8Array({ maxLength: 60 })).map(([m, b]) => seg(m, b)),
  fc.tuple(fc.uint8Array({ minLength: 4, maxLength: 10 }), scanData).map(([h, d]) => Buffer.concat([seg(0xda, h), d])),
  fc.constantFrom(Uint8Array.of(0xff, 0xd0), Uint8Array.of(0xff, 0xff, 0xff, 0xd3), Uint8Array.of(0xff, 0x01)),
);
const jpeg = fc.tuple(fc.array(jpegPart, { minLength: 1, maxLength: 8 }), fc.boolean()).map(([parts, eoi]) =>
  Buffer.concat([Uint8Array.of(0xff, 0xd8), ...parts, ...(eoi ? [Uint8Array.of(0xff, 0xd9, 0x01, 0x02)] : [])]));
const pngFile = fc.array(fc.tuple(fc.constantFrom('IHDR', 'tEXt', 'IDAT', 'eXIf', 'pHYs', 'zTXt', 'iTXt'), fc.uint8Array({ maxLength: 80 })), { maxLength: 6 })
  .map((cs) => Buffer.concat([Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), ...cs.map(([t, d]) => chunk(t, d)), chunk('IEND', new Uint8Array()), Buffer.from('trailing')]));
const cuts = fc.array(fc.nat(), { maxLength: 12 });
const prefix = fc.nat();

describe('the streaming cleaner rewrites as the whole-file one did, however the bytes arrive', () => {
  test('JPEG: same bytes out, or both refuse it as damaged (whole files and files cut short)', () => {
    fc.assert(fc.property(jpeg, cuts, prefix, (file, at, keep) => {
      for (const bytes of [file, file.subarray(0, 3 + (keep % Math.max(1, file.length - 2)))]) {
        const want = reference(referenceJpeg, bytes);
        const got = streamed(bytes, at);
        expect(got === 'damaged' ? got : Buffer.from(got).toString('hex')).toEqual(want === 'damaged' ? want : Buffer.from(want).toString('hex'));
      }
    }), { numRuns: 1500 });
  });

  test('PNG: same bytes out, or both refuse it as damaged', () => {
    fc.assert(fc.property(pngFile, cuts, prefix, (file, at, keep) => {
      for (const bytes of [file, file.subarray(0, 8 + (keep % Math.max(1, file.length - 7)))]) {
        const want = reference(referencePng, bytes);
        const got = streamed(bytes, at);
        expect(got === 'damaged' ? got : Buffer.from(got).toString('hex')).toEqual(want === 'damaged' ? want : Buffer.from(want).toString('hex'));
      }
    }), { numRuns: 1500 });
  });

  test('one byte at a time: the helpers\' photos come out as whole-file cleaning gives them', () => {
    for (const file of [jpegWithGps(), png({ text: 'lat=51.5' }), png({ padBytes: 5000 })]) {
      const every = Array.from({ length: file.length }, (_, i) => i);
      expect(Buffer.from(streamed(file, every) as Uint8Array).equals(Buffer.from(cleanDocument(file).bytes))).toBe(true);
    }
  });

  test('a PDF passes as sent in any pieces; its header is checked even when it arrives a byte at a time', () => {
    const pdf = Buffer.from('%PDF-1.7\n' + 'x'.repeat(1000) + '\n%%EOF\n');
    expect(Buffer.from(streamed(pdf, [1, 2, 3, 500]) as Uint8Array).equals(pdf)).toBe(true);
    const c = createDocumentCleaner();
    for (const b of Buffer.from('%PDF-x.y rest')) {
      try {
        c.push(Uint8Array.of(b));
      } catch (e) {
        expect((e as Error).message).toBe('Upload a JPEG, PNG or PDF file.');
        return;
      }
    }
    throw new Error('a PDF with a bad header went through');
  });
});
