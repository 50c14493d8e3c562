import { deflateSync } from 'node:zlib';
import { afterAll } from 'bun:test';
import { BASE, call, makeApp, type TestApp } from './app';
import type { TestPlayer } from './players';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Uint8Array) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC_TABLE[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const cat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
};

/** A real, decodable PNG (w × h, one colour), optionally with a tEXt chunk carrying `text` (and `padBytes` of random text). */
export function png(opts: { text?: string; w?: number; h?: number; padBytes?: number } = {}): Uint8Array {
  const w = opts.w ?? 4, h = opts.h ?? 4;
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, w), v.setUint32(4, h), (ihdr[8] = 8), (ihdr[9] = 2);
  const raw = new Uint8Array(h * (1 + w * 3));
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set([200, 160, 40], y * (1 + w * 3) + 1 + x * 3);
  return cat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr),
    ...(opts.text ? [chunk('tEXt', new TextEncoder().encode(`Comment\0${opts.text}`))] : []),
    ...(opts.padBytes ? [chunk('tEXt', new TextEncoder().encode(`Padding\0${Buffer.from(crypto.getRandomValues(new Uint8Array(opts.padBytes))).toString('hex').slice(0, opts.padBytes)}`))] : []),
    chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array()),
  ]);
}

const seg = (marker: number, body: Uint8Array) => cat([new Uint8Array([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
const ascii = (s: string) => new TextEncoder().encode(s);

/** A JPEG's segment stream with an APP1 Exif segment holding GPS text, a comment, and a scan (not decodable, structurally whole). */
export function jpegWithGps(): Uint8Array {
  return cat([
    new Uint8Array([0xff, 0xd8]),
    seg(0xe0, ascii('JFIF\0\x01\x01\0\0\x01\0\x01\0\0')),
    seg(0xe1, ascii('Exif\0\0MM\0*GPSLatitude=51.5007N GPSLongitude=0.1246W')),
    seg(0xfe, ascii('shot at home')),
    seg(0xdb, new Uint8Array(65)),
    seg(0xc0, new Uint8Array([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
    seg(0xda, new Uint8Array([1, 1, 0, 0, 0x3f, 0])),
    new Uint8Array([0x12, 0xff, 0x00, 0x34, 0x56]),
    new Uint8Array([0xff, 0xd9]),
  ]);
}

export const pdf = () => ascii('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export const containsText = (b: Uint8Array, s: string) => Buffer.from(b).includes(Buffer.from(s));

export type SubmissionFields = Record<string, string | File | null>;

export function submissionForm(over: SubmissionFields = {}): FormData {
  const fields: SubmissionFields = {
    legalName: 'Ada Lovelace', dateOfBirth: '1990-12-10', addressLine1: '12 Analytical Way', addressLine2: '', city: 'Austin', state: 'TX', postalCode: '78701',
    idType: 'driving_licence', front: new File([png() as BlobPart], 'front.png'), back: new File([jpegWithGps() as BlobPart], 'back.jpg'), selfie: new File([png() as BlobPart], 'me.png'),
    ...over,
  };
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) f.set(k, v);
  return f;
}

/** POST /api/v1/identity/submission as the player, multipart. */
export async function submitIdentity(app: TestApp, p: TestPlayer, over: SubmissionFields = {}) {
  const res = await app.handle(new Request(`${BASE}/api/v1/identity/submission`, { method: 'POST', headers: { authorization: `Bearer ${p.token}` }, body: submissionForm(over) }));
  return { status: res.status, json: (await res.json()) as any };
}

const WITHDRAW_ADDRESS = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

/**
 * Apps for the identity rules (payouts held back, many open withdrawals allowed), each left idle after the file, and an
 * on-chain withdrawal of whole dollars through the route.
 */
export function identityApps() {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.deps.deposits.idle();
  });
  return {
    async appWith(env: Record<string, string>, overrides = {}) {
      const a = await makeApp({ SANDBOX_PAYOUT_DELAY_S: '3600', WITHDRAWAL_MAX_OPEN: '20', ...env }, overrides);
      apps.push(a);
      return a;
    },
    withdraw: (app: TestApp, p: TestPlayer, amount: number) =>
      call(app, 'POST', '/api/v1/withdraw/withdraw-request', { currency: 'BTC-CHAIN', wallet_address: WITHDRAW_ADDRESS, amount, tip: 0 }, { token: p.token }),
  };
}
