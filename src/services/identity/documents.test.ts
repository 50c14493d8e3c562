import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { containsText, jpegWithGps, pdf, png } from '../../../tests/helpers/identity';
import { startS3Double } from '../../../tests/doubles/s3';
import { createDocumentCipher } from './document-cipher';
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
