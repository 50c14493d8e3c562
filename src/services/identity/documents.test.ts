import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containsText, jpegWithGps, pdf, png } from '../../../tests/helpers/identity';
import { startS3Double } from '../../../tests/doubles/s3';
import { createDocumentCipher, SEGMENT_BYTES } from './document-cipher';
import { createLocalDocumentStore } from './document-store.local';
import { createS3DocumentStore } from './document-store.s3';
import { cleanDocument, DocumentRejected, sniff } from './files';
import { parseTin } from './tin';

const KEY = 'ab'.repeat(32);
const stops: (() => void)[] = [];
afterAll(() => stops.forEach((s) => s()));

describe('uploaded files: type by content, metadata removed', () => {
  test('a JPEG with GPS in its Exif segment and a comment is kept without them; the picture segments stay in order', () => {
    const src = jpegWithGps();
    expect(containsText(src, 'GPSLatitude')).toBe(true);
    const out = cleanDocument(src);
    expect(out.type).toBe('image/jpeg');
    expect(containsText(out.bytes, 'GPSLatitude')).toBe(false);
    expect(containsText(out.bytes, 'Exif')).toBe(false);
    expect(containsText(out.bytes, 'shot at home')).toBe(false);
    expect(containsText(out.bytes, 'JFIF')).toBe(true);
    // SOI … EOI, and the entropy-coded data (with its stuffed 0xFF00) untouched.
    expect([...out.bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...out.bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(Buffer.from(out.bytes).includes(Buffer.from([0x12, 0xff, 0x00, 0x34, 0x56]))).toBe(true);
  });

  test('a PNG loses its text chunk and keeps IHDR, IDAT and IEND byte for byte', () => {
    const src = png({ text: 'lat=51.5' });
    const out = cleanDocument(src);
    expect(out.type).toBe('image/png');
    expect(containsText(out.bytes, 'lat=51.5')).toBe(false);
    expect(Buffer.from(out.bytes).equals(Buffer.from(png()))).toBe(true);
  });

  test('the type comes from the bytes: a PNG named .pdf is a PNG; a PDF is kept as sent; anything else is refused', () => {
    expect(sniff(png())).toBe('image/png');
    const p = pdf();
    expect(cleanDocument(p)).toEqual({ type: 'application/pdf', bytes: p });
    expect(() => cleanDocument(new TextEncoder().encode('<html>not a picture</html>'))).toThrow(DocumentRejected);
    expect(() => cleanDocument(new TextEncoder().encode('%PDF-garbage'))).toThrow('Upload a JPEG, PNG or PDF file.');
    // A truncated image is refused, not stored half.
    expect(() => cleanDocument(png().subarray(0, 40))).toThrow('This file is damaged');
    expect(() => cleanDocument(jpegWithGps().subarray(0, 30))).toThrow('This file is damaged');
  });
});

describe('tax numbers', () => {
  test('SSN rules and ITIN ranges', () => {
    expect(parseTin('123-45-6789')).toEqual({ type: 'SSN', digits: '123456789' });
    expect(parseTin('123456789')).toEqual({ type: 'SSN', digits: '123456789' });
    for (const bad of ['000-12-3456', '666-12-3456', '123-00-4567', '123-45-0000', '12345678', '1234567890', 'abc-de-fghi', 12345678])
      expect(parseTin(bad)).toBeNull();
    expect(parseTin('912-70-1234')).toEqual({ type: 'ITIN', digits: '912701234' });
    expect(parseTin('900-50-0000')?.type).toBe('ITIN');
    for (const bad of ['912-49-1234', '912-66-1234', '912-89-1234', '912-93-1234']) expect(parseTin(bad)).toBeNull();
  });
});

describe('document store', () => {
  const cipher = createDocumentCipher(KEY);

  test('local: the bytes on disk are not the file; another key or another name does not open them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-docs-'));
    const store = createLocalDocumentStore(dir);
    const plain = png({ text: 'SECRET-PLAINTEXT-MARKER' });
    await store.put('sub-1/front', cipher.sealBytes(plain, 'sub-1/front'));
    const onDisk = readFileSync(join(dir, 'sub-1', 'front.bin'));
    expect(onDisk.includes(Buffer.from('SECRET-PLAINTEXT-MARKER'))).toBe(false);
    expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);
    expect(Buffer.from(cipher.openBytes((await store.get('sub-1/front'))!, 'sub-1/front')).equals(Buffer.from(plain))).toBe(true);
    expect(() => createDocumentCipher('cd'.repeat(32)).openBytes(onDisk, 'sub-1/front')).toThrow('does not open under this key');
    expect(() => cipher.openBytes(onDisk, 'sub-2/front')).toThrow('does not open under this key');
    await store.delete('sub-1/front');
    expect(await store.get('sub-1/front')).toBeNull();
    expect(readdirSync(join(dir, 'sub-1'))).toEqual([]);
    await store.delete('sub-1/front');
    await expect(store.put('../escape/front', new Uint8Array(1))).rejects.toThrow('bad key');
  });

  test('S3: signed PUT, GET and DELETE of an encrypted object at /bucket/documents/<key>.bin', async () => {
    const s3 = startS3Double('coinreel-docs', 'AKIDTEST');
    stops.push(() => s3.stop());
    const store = createS3DocumentStore({ endpoint: s3.url, bucket: 'coinreel-docs', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret', region: 'us-east-1' });
    const plain = png({ text: 'SECRET-PLAINTEXT-MARKER' });
    await store.put('sub-9/selfie', cipher.sealBytes(plain, 'sub-9/selfie'));
    const stored = s3.objects.get('documents/sub-9/selfie.bin')!;
    expect(stored).toBeDefined();
    expect(Buffer.from(stored).includes(Buffer.from('SECRET-PLAINTEXT-MARKER'))).toBe(false);
    expect(Buffer.from(cipher.openBytes((await store.get('sub-9/selfie'))!, 'sub-9/selfie')).equals(Buffer.from(plain))).toBe(true);
    await store.delete('sub-9/selfie');
    expect(s3.objects.size).toBe(0);
    expect(await store.get('sub-9/selfie')).toBeNull();
    expect(s3.requests.map((r) => [r.method, r.path, r.signed])).toEqual([
      ['PUT', '/coinreel-docs/documents/sub-9/selfie.bin', true], ['GET', '/coinreel-docs/documents/sub-9/selfie.bin', true],
      ['DELETE', '/coinreel-docs/documents/sub-9/selfie.bin', true], ['GET', '/coinreel-docs/documents/sub-9/selfie.bin', true],
    ]);
  });
});

/** Seals `plain` as a stream, cut into pieces of `piece` bytes. */
function sealInPieces(cipher: ReturnType<typeof createDocumentCipher>, plain: Uint8Array, context: string, piece: number): Buffer {
  const s = cipher.sealer(context);
  const out: Uint8Array[] = [];
  for (let at = 0; at < plain.length; at += piece) out.push(...s.push(plain.subarray(at, at + piece)));
  out.push(...s.end());
  return Buffer.concat(out);
}

describe('documents sealed as they arrive (segments)', () => {
  const cipher = createDocumentCipher(KEY);
  const bytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

  test('open to the same bytes at every size around a segment, however the pieces fall', () => {
    for (const n of [0, 1, SEGMENT_BYTES - 1, SEGMENT_BYTES, SEGMENT_BYTES + 1, 3 * SEGMENT_BYTES, 3 * SEGMENT_BYTES + 17])
      for (const piece of [1000, 65_536, 70_001]) {
        const plain = bytes(n);
        const sealed = sealInPieces(cipher, plain, 'sub-1/front', piece);
        expect(sealed.subarray(0, 4).toString()).toBe('CRD2');
        expect(Buffer.from(cipher.openBytes(sealed, 'sub-1/front')).equals(Buffer.from(plain))).toBe(true);
      }
  });

  test('a segment dropped, moved, cut or changed, another name or another key: the file does not open', () => {
    const plain = bytes(3 * SEGMENT_BYTES + 100);
    const sealed = sealInPieces(cipher, plain, 'sub-1/front', 10_000);
    const head = 4 + 60 + 7, seg = SEGMENT_BYTES + 16;
    const segs = [0, 1, 2, 3].map((i) => sealed.subarray(head + i * seg, head + (i + 1) * seg));
    const cases: Buffer[] = [
      Buffer.concat([sealed.subarray(0, head), segs[0]!, segs[1]!, segs[2]!]),            // the last segment dropped
      Buffer.concat([sealed.subarray(0, head), segs[1]!, segs[0]!, segs[2]!, segs[3]!]), // two swapped
      sealed.subarray(0, sealed.length - 1),                                              // cut by a byte
      Buffer.concat([sealed.subarray(0, head), segs[0]!, segs[2]!, segs[3]!]),            // one from the middle dropped
    ];
    const flipped = Buffer.from(sealed);
    flipped[head + 5000] ^= 1;
    cases.push(flipped);
    for (const c of cases) expect(() => cipher.openBytes(c, 'sub-1/front')).toThrow('does not open under this key');
    expect(() => cipher.openBytes(sealed, 'sub-2/front')).toThrow('does not open under this key');
    expect(() => createDocumentCipher('cd'.repeat(32)).openBytes(sealed, 'sub-1/front')).toThrow('does not open under this key');
    // Files sealed whole before (CRD1) still open.
    expect(Buffer.from(cipher.openBytes(cipher.sealBytes(plain, 'sub-1/front'), 'sub-1/front')).equals(Buffer.from(plain))).toBe(true);
  });

  test('local writer: nothing under the name until the end; an abandoned one leaves nothing at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coinreel-docs-'));
    const store = createLocalDocumentStore(dir);
    const w = store.writer('sub-3/front');
    await w.write(Buffer.from('first '));
    expect(await store.get('sub-3/front')).toBeNull();
    await w.write(Buffer.from('second'));
    await w.end();
    expect(Buffer.from((await store.get('sub-3/front'))!).toString()).toBe('first second');
    const gone = store.writer('sub-3/back');
    await gone.write(Buffer.from('half'));
    await gone.abort();
    expect(readdirSync(join(dir, 'sub-3'))).toEqual(['front.bin']);
  });

  test('S3 writer: a large file goes up as a signed multipart upload, a small one as one PUT; an abandoned one leaves nothing', async () => {
    const s3 = startS3Double('coinreel-docs', 'AKIDTEST');
    stops.push(() => s3.stop());
    const store = createS3DocumentStore({ endpoint: s3.url, bucket: 'coinreel-docs', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret', region: 'us-east-1' });
    const plain = bytes(11 * 1024 * 1024);
    const w = store.writer('sub-4/front');
    const sealer = cipher.sealer('sub-4/front');
    for (let at = 0; at < plain.length; at += 64 * 1024) for (const p of sealer.push(plain.subarray(at, at + 64 * 1024))) await w.write(p);
    for (const p of sealer.end()) await w.write(p);
    await w.end();
    expect(Buffer.from(cipher.openBytes((await store.get('sub-4/front'))!, 'sub-4/front')).equals(Buffer.from(plain))).toBe(true);
    const kinds = s3.requests.map((r) => `${r.method} ${r.query.replace(/=[^&]*/g, '')}`);
    expect(kinds.filter((k) => k === 'PUT ?partNumber&uploadId&x-id').length).toBe(3);
    expect(kinds).toContain('POST ?uploads');
    expect(s3.requests.every((r) => r.signed)).toBe(true);
    // No part held more than one part's size.
    expect(Math.max(...s3.requests.map((r) => r.bytes))).toBeLessThanOrEqual(5 * 1024 * 1024);
    const small = store.writer('sub-4/selfie');
    await small.write(Buffer.from('tiny'));
    await small.end();
    expect(Buffer.from(s3.objects.get('documents/sub-4/selfie.bin')!).toString()).toBe('tiny');
    const gone = store.writer('sub-4/back');
    for (let i = 0; i < 7; i++) await gone.write(bytes(1024 * 1024));
    await gone.abort();
    expect(s3.objects.has('documents/sub-4/back.bin')).toBe(false);
    expect(s3.uploads.size).toBe(0);
  });
});
