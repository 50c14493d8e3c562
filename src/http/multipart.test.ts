import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { boundaryOf, formHead, MultipartError, readMultipart, sourceOf, UploadTooSlow, type ByteSource } from './multipart';

/** A form as Bun's own Request serialises it (what a browser sends): its bytes and content type. */
async function encoded(fields: [string, string | Uint8Array][]) {
  const f = new FormData();
  for (const [k, v] of fields) typeof v === 'string' ? f.append(k, v) : f.append(k, new Blob([v as BlobPart], { type: 'application/octet-stream' }), `${k}.bin`);
  const req = new Request('http://x/', { method: 'POST', body: f });
  const type = req.headers.get('content-type')!;
  return { bytes: new Uint8Array(await req.arrayBuffer()), type };
}

/** `bytes` handed over in pieces cut at `cuts`. */
function pieces(bytes: Uint8Array, cuts: number[]): ByteSource {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1))), bytes.length].sort((a, b) => a - b);
  let from = 0, i = 0;
  return async () => {
    while (i < at.length) {
      const to = at[i++]!;
      if (to > from) {
        const p = bytes.slice(from, to);
        from = to;
        return p;
      }
    }
    return null;
  };
}

async function collect(next: ByteSource, boundary: string) {
  const out: { name: string; filename: string | null; bytes: string }[] = [];
  for await (const p of readMultipart(next, boundary)) {
    const chunks: Uint8Array[] = [];
    for await (const c of p.body) chunks.push(c.slice());
    out.push({ name: p.name, filename: p.filename, bytes: Buffer.concat(chunks).toString('hex') });
  }
  return out;
}

const raw = (s: string) => new TextEncoder().encode(s);

describe('multipart/form-data read as it arrives', () => {
  test('any form, cut anywhere: the same parts and bytes as were sent, boundaries inside files included', async () => {
    // Values that look like the boundary's start (CR LF and dashes) are the hard case for a streaming reader.
    // (A browser normalises line breaks in text fields, so the boundary-like bytes go in files, which are sent as they are.)
    const value = fc.oneof(fc.string({ maxLength: 30 }).filter((v) => !/[\r\n]/.test(v)), fc.uint8Array({ maxLength: 300 }),
      fc.constantFrom('\r\n--', '\r\n-', '\r', '--', '\r\n\r\n').map(raw), fc.uint8Array({ maxLength: 40 }).map((b) => new Uint8Array(Buffer.concat([raw('\r\n--'), b]))));
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom('a', 'front', 'selfie', 'x y'), value), { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 30 }), async (fields, cuts) => {
      const { bytes, type } = await encoded(fields);
      const got = await collect(pieces(bytes, cuts), boundaryOf(type)!);
      expect(got).toEqual(fields.map(([k, v]) => ({ name: k, filename: typeof v === 'string' ? null : `${k}.bin`, bytes: Buffer.from(typeof v === 'string' ? raw(v) : v).toString('hex') })));
    }), { numRuns: 300 });
  });

  test('one byte at a time, and a part left unread is skipped', async () => {
    const { bytes, type } = await encoded([['a', 'one'], ['front', raw('x'.repeat(5000))], ['b', 'two']]);
    const every = Array.from({ length: bytes.length }, (_, i) => i);
    const names: string[] = [];
    const texts: string[] = [];
    for await (const p of readMultipart(pieces(bytes, every), boundaryOf(type)!)) {
      names.push(p.name);
      if (p.filename === null) for await (const c of p.body) texts.push(Buffer.from(c).toString());
      else for await (const _ of p.body) break; // stops half-way; the reader skips the rest
    }
    expect(names).toEqual(['a', 'front', 'b']);
    expect(texts.join('|')).toBe('o|n|e|t|w|o');
  });

  test('the boundary: quoted or not, and only from a multipart/form-data type', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/mixed; boundary=abc')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });

  test('a body that breaks the format is a MultipartError where it breaks, never a hang', async () => {
    const bad = [
      'no boundary anywhere'.repeat(1000),
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue never closed',
      '--x\r\nContent-Type: text/plain\r\n\r\nno disposition\r\n--x--',
      '--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--',
      `--x\r\nContent-Disposition: form-data; name="a"\r\n${'X-Pad: y\r\n'.repeat(2000)}\r\nheaders too long\r\n--x--`,
      '--x\r\nContent-Disposition: form-data; name="a"',
      Array.from({ length: 101 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="p${i}"\r\n\r\nv\r\n`).join('') + '--x--',
    ];
    for (const body of bad) {
      const r = await collect(pieces(raw(body), [7, 100]), 'x').then(() => 'read', (e) => e);
      expect([body.slice(0, 60), r instanceof MultipartError]).toEqual([body.slice(0, 60), true]);
    }
    // A preamble before the first boundary, and transport padding after one, are allowed.
    expect(await collect(pieces(raw('preamble\r\n--x  \r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--x--\r\nepilogue'), []), 'x'))
      .toEqual([{ name: 'a', filename: null, bytes: Buffer.from('v').toString('hex') }]);
  });

  test('a body that does not arrive in time is UploadTooSlow, and reading stops', async () => {
    let cancelled = false;
    const never = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}), cancel: () => void (cancelled = true) });
    const started = performance.now();
    await expect(sourceOf(never, 50)()).rejects.toBeInstanceOf(UploadTooSlow);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(cancelled).toBe(true);
    // A stream that fails (the connection went away, or the size cap cut it) is an unreadable form.
    const broken = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new Error('reset')) });
    await expect(sourceOf(broken)()).rejects.toBeInstanceOf(MultipartError);
  });
});

describe('formHead: a page form\'s fields before its first file', () => {
  test('reads the fields before the first file and no further; the body replays whole, files included', async () => {
    const file = raw('F'.repeat(300_000));
    const { bytes, type } = await encoded([['_action', 'submit'], ['_token', 't-1'], ['legalName', 'Ada Lovelace'], ['front', file], ['late', 'after']]);
    let read = 0;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 16_384) c.enqueue(bytes.slice(i, i + 16_384));
        c.close();
      },
    }, { highWaterMark: 0 });
    const counted = body.pipeThrough(new TransformStream({ transform(c, out) { read += c.length; out.enqueue(c); } }), );
    const head = await formHead(new Request('http://x/', { method: 'POST', headers: { 'content-type': type }, body: counted, duplex: 'half' } as RequestInit), boundaryOf(type)!);
    expect(head.fields).toEqual({ _action: 'submit', _token: 't-1', legalName: 'Ada Lovelace' });
    // The file's bytes were not read to find the fields.
    expect(read).toBeLessThan(100_000);
    const again = new Uint8Array(await new Response(head.body).arrayBuffer());
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});
