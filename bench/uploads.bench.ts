// Identity uploads and the server's memory (issue 41, docs/decisions/upload-limits.md): UPLOADS players (default 20)
// each send the largest submission the site takes at once (two 10 MB PDFs, front and back, and a 10 MB PNG selfie)
// to the real server in its own process, on the embedded defaults (documents on disk). An upload the site turns away
// for the moment (503, too many at once) is sent again after its Retry-After, as a browser's player would, until all
// are stored. The server's resident memory is read from the kernel (/proc/<pid>/status: VmRSS, and VmHWM for the
// peak, reset just before the uploads through /proc/<pid>/clear_refs): when idle, at its peak over idle, and a
// minute after the last upload. Memory only: no yardstick needed, so it also runs alone: bun bench/uploads.bench.ts
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPlayers, type BenchPlayer } from './lib/players';
import { commands, section } from './lib/report';
import { root, startServer } from './lib/server';
import { verdict, type Cell } from './lib/table';

const SECRET = 'bench-uploads-secret-bench-uploads-secret';
const UPLOADS = Number(process.env.UPLOADS ?? 20);
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 60_000);
const MB = 1024 * 1024;
const FILE_BYTES = 10 * MB;
const TARGET_PEAK = 150 * MB;
const TARGET_AFTER = 50 * MB;

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
}

/** Memory once the process has settled: the lowest of a few readings a quarter-second apart. */
async function settledRss(pid: number): Promise<number> {
  let low = Infinity;
  for (let i = 0; i < 8; i++) {
    low = Math.min(low, status(pid, 'VmRSS'));
    await Bun.sleep(250);
  }
  return low;
}

/** A PDF of exactly `bytes` (a header, then filler the site keeps as sent). */
function pdf(bytes: number): Uint8Array {
  const b = new Uint8Array(bytes).fill(0x20);
  b.set(new TextEncoder().encode('%PDF-1.7\n'));
  b.set(new TextEncoder().encode('\n%%EOF\n'), bytes - 7);
  return b;
}

/** A PNG of exactly `bytes`: IHDR, a text chunk (removed on the way in), one large IDAT, IEND. No decoder reads it. */
function png(bytes: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    new DataView(out.buffer).setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    return out; // CRCs are not checked by the site
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, 1000), new DataView(ihdr.buffer).setUint32(4, 1000), (ihdr[8] = 8), (ihdr[9] = 2);
  const head = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('tEXt', new TextEncoder().encode('Comment\0bench'))];
  const end = chunk('IEND', new Uint8Array());
  const used = head.reduce((n, c) => n + c.length, 0) + end.length + 12;
  const idat = chunk('IDAT', new Uint8Array(bytes - used).fill(0x5a));
  const out = new Uint8Array(bytes);
  let at = 0;
  for (const c of [...head, idat, end]) (out.set(c, at), (at += c.length));
  return out;
}

const front = new Blob([pdf(FILE_BYTES) as BlobPart], { type: 'application/pdf' });
const back = new Blob([pdf(FILE_BYTES) as BlobPart], { type: 'application/pdf' });
const selfie = new Blob([png(FILE_BYTES) as BlobPart], { type: 'image/png' });

function form(): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({ legalName: 'Bench Player', dateOfBirth: '1990-01-01', addressLine1: '1 Bench Way', city: 'Austin', state: 'TX', postalCode: '78701', idType: 'driving_licence' })) f.set(k, v);
  f.set('front', front, 'front.pdf');
  f.set('back', back, 'back.pdf');
  f.set('selfie', selfie, 'selfie.png');
  return f;
}

type Outcome = { stored: boolean; turnedAway: number; ms: number; status: number };

/** One player's upload, sent again after each 503's Retry-After until the site takes it. */
async function upload(base: string, p: BenchPlayer): Promise<Outcome> {
  const started = performance.now();
  let turnedAway = 0;
  for (;;) {
    const res = await fetch(base + '/api/v1/identity/submission', { method: 'POST', headers: { authorization: `Bearer ${p.token}` }, body: form() });
    await res.arrayBuffer();
    if (res.status !== 503 || turnedAway > 200) return { stored: res.status === 201, turnedAway, ms: performance.now() - started, status: res.status };
    turnedAway++;
    await Bun.sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'coinreel-bench-uploads-'));
const dbUrl = `file:${join(dir, 'coinreel.db')}`;
const server = await startServer([process.execPath, join(root, 'src/main.ts')], {
  cwd: root,
  env: { NODE_ENV: 'production', JWT_SECRET: SECRET, DATABASE_URL: dbUrl, DATA_DIR: dir, LOG_LEVEL: 'silent',
    ...(process.env.IDENTITY_UPLOADS_AT_ONCE && { IDENTITY_UPLOADS_AT_ONCE: process.env.IDENTITY_UPLOADS_AT_ONCE }) },
});
const pid = server.proc.pid;
let ok = false;
try {
  const players = await seedPlayers(dbUrl, SECRET, UPLOADS);
  // Warm the server as a running site would be: the identity route once (a refused form) and a few reads.
  for (const p of players.slice(0, 3)) {
    await fetch(server.base + '/api/v1/identity', { headers: { authorization: `Bearer ${p.token}` } }).then((r) => r.arrayBuffer());
    await fetch(server.base + '/api/v1/identity/submission', { method: 'POST', headers: { authorization: `Bearer ${p.token}` }, body: new FormData() }).then((r) => r.arrayBuffer());
  }
  const idle = await settledRss(pid);
  // The peak is measured from here: the kernel's high-water mark, reset to the current size.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let sampled = 0;
  const sampler = setInterval(() => (sampled = Math.max(sampled, status(pid, 'VmRSS'))), 5);
  const started = performance.now();
  const outcomes = await Promise.all(players.map((p) => upload(server.base, p)));
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const peak = Math.max(status(pid, 'VmHWM'), sampled);
  await Bun.sleep(SETTLE_MS);
  const after = await settledRss(pid);

  const stored = outcomes.filter((o) => o.stored).length;
  const files = readdirSync(join(dir, 'documents')).length;
  const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;
  const rows: Cell[][] = [
    ['idle (settled)', mb(idle), '', ''],
    ['peak during the uploads, over idle', mb(peak - idle), `≤ ${mb(TARGET_PEAK)}`, verdict(peak - idle <= TARGET_PEAK)],
    [`${SETTLE_MS / 1000} s after the last upload, over idle`, mb(after - idle), `≤ ${mb(TARGET_AFTER)}`, verdict(after - idle <= TARGET_AFTER)],
  ];
  const turnedAway = outcomes.reduce((n, o) => n + o.turnedAway, 0);
  const slowest = Math.max(...outcomes.map((o) => o.ms));
  section(`Identity uploads: the server's resident memory, ${UPLOADS} players each sending 2 × 10 MB PDF + a 10 MB PNG at once`,
    ['server RSS (VmRSS / VmHWM)', 'figure', 'target', ''], rows,
    [`${stored} of ${UPLOADS} submissions stored (${files} on disk) in ${(wallMs / 1000).toFixed(1)} s; the slowest took ${(slowest / 1000).toFixed(1)} s. ` +
      `Turned away for the moment (503, too many at once) and sent again after Retry-After: ${turnedAway} time${turnedAway === 1 ? '' : 's'}. ` +
      `Server on the embedded defaults (documents on disk), NODE_ENV=production, its own process; bun ${Bun.version}.`]);
  commands(['bun bench/uploads.bench.ts    # UPLOADS=, IDENTITY_UPLOADS_AT_ONCE=, SETTLE_MS= to vary it']);
  ok = stored === UPLOADS && files === UPLOADS;
  if (!ok) console.error(`uploads not all stored: ${JSON.stringify(outcomes.filter((o) => !o.stored))}`);
} finally {
  await server.stop();
  // Twenty submissions of 30 MB each: the folder is gone with the run.
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
