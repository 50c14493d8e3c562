// Identity uploads over real HTTP (a served port), with bodies that arrive slowly or never finish: who may upload is
// decided before the body is read, uploads really overlap, and a refused one changes nothing (issue 41).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { BASE, makeApp, type TestApp } from '../../../tests/helpers/app';
import { png, submissionForm, submitIdentity } from '../../../tests/helpers/identity';
import { createPlayer, formTokenOf, type TestPlayer } from '../../../tests/helpers/players';
import { serveApp } from '../../serve';
import { UPLOADS_BUSY, UPLOAD_IN_PROGRESS, UPLOAD_RETRY_AFTER_S } from '../../services/identity/upload-gate';

let app: TestApp;
let server: ReturnType<typeof serveApp>;
let base: string;
beforeAll(async () => {
  app = await makeApp({ IDENTITY_UPLOADS_AT_ONCE: '2' });
  server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

const running = () => app.deps.identity.ctx.uploads.running;
const rows = async (p: TestPlayer) => Number((await app.deps.database.client.execute({ sql: 'SELECT count(*) AS n FROM identity_submissions WHERE user_id = ?', args: [p.userId] })).rows[0]!.n);
/** Every file under DATA_DIR/documents (stored documents and any temp file of one being written). */
const filesOnDisk = () => {
  const dir = join(app.dir, 'documents');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => f.includes('.')) : [];
};
/** Files on disk that belong to no stored submission, or are half-written: what a refused upload must never leave. */
async function orphans() {
  const ids = new Set((await app.deps.database.client.execute('SELECT id FROM identity_submissions')).rows.map((r) => String(r.id)));
  return filesOnDisk().filter((f) => f.endsWith('.tmp') || !ids.has(f.split('/')[0]!));
}

async function until(ok: () => boolean, what: string) {
  for (let i = 0; i < 200 && !ok(); i++) await Bun.sleep(10);
  if (!ok()) throw new Error(`timed out waiting for ${what} (running: ${running()})`);
}

/** A whole submission as a browser sends it (`extra` fields first, as a page form's hidden ones), cut after its first `headBytes`. */
async function formBytes(extra: [string, string][] = [], cutAfter?: string) {
  const f = new FormData();
  for (const [k, v] of extra) f.append(k, v);
  // A front of some size, so the body is far from sent when it stops.
  for (const [k, v] of submissionForm({ front: new File([png({ padBytes: 300_000 }) as BlobPart], 'front.png') })) f.append(k, v);
  const req = new Request(BASE, { method: 'POST', body: f });
  const type = req.headers.get('content-type')!;
  const bytes = new Uint8Array(await req.arrayBuffer());
  // By default the body stops in the details' wake, at the start of the first file; or just after `cutAfter`.
  const headBytes = cutAfter ? Buffer.from(bytes).indexOf(cutAfter) + cutAfter.length + 120 : 2000;
  return { type, head: bytes.slice(0, headBytes), rest: bytes.slice(headBytes) };
}

/**
 * An upload whose body stops after its first bytes (the details and the start of the first file) until `finish()`;
 * `answer` settles when the server answers, whether or not the body has ended.
 */
async function slowUpload(p: TestPlayer, opts: { path?: string; extra?: [string, string][]; headers?: Record<string, string>; cutAfter?: string } = {}) {
  const { type, head, rest } = await formBytes(opts.extra, opts.cutAfter);
  let finish!: () => void;
  const released = new Promise<void>((r) => (finish = r));
  const abort = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      c.enqueue(head);
      await released;
      c.enqueue(rest);
      c.close();
    },
  });
  const answer = fetch(base + (opts.path ?? '/api/v1/identity/submission'), {
    method: 'POST', body, duplex: 'half', signal: abort.signal, redirect: 'manual', keepalive: false,
    headers: { 'content-type': type, ...(opts.headers ?? { authorization: `Bearer ${p.token}` }) },
  } as RequestInit).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), text: await r.text() }));
  // An upload a failed test leaves hanging is cut off when the server stops; that is no error of its own.
  answer.catch(() => {});
  return { answer, finish, abort: () => abort.abort() };
}

const json = (a: { text: string }) => JSON.parse(a.text);

describe('who may upload is decided before the body is read', () => {
  test('a player with documents under review: 409 at once, though the body never finishes; nothing stored', async () => {
    const p = await createPlayer(app);
    expect((await submitIdentity(app, p)).status).toBe(201);
    const before = filesOnDisk().length;
    const u = await slowUpload(p);
    const a = await u.answer;
    expect([a.status, json(a).errorType, json(a).message]).toEqual([409, 'IDENTITY_UNDER_REVIEW', 'Your documents are already being reviewed.']);
    expect([await rows(p), filesOnDisk().length, running()]).toEqual([1, before, 0]);
    u.abort();
    expect(await orphans()).toEqual([]);
  });

  test('one upload per player at a time: a second, while the first is still arriving, is a 409 at once; the first goes through', async () => {
    const p = await createPlayer(app);
    const first = await slowUpload(p);
    await until(() => running() === 1, 'the first upload to start');
    const second = await slowUpload(p);
    const refused = await second.answer;
    expect([refused.status, json(refused).errorType, json(refused).message]).toEqual([409, 'IDENTITY_UPLOAD_IN_PROGRESS', UPLOAD_IN_PROGRESS]);
    second.abort();
    first.finish();
    const ok = await first.answer;
    expect(ok.status).toBe(201);
    // One submission, its three files, and the place freed.
    expect(await rows(p)).toBe(1);
    const id = json(ok).data.id;
    expect(filesOnDisk().filter((f) => f.startsWith(id)).sort()).toEqual([`${id}/back.bin`, `${id}/front.bin`, `${id}/selfie.bin`]);
    expect(running()).toBe(0);
  });

  test(`past IDENTITY_UPLOADS_AT_ONCE uploads running together: 503 with Retry-After and a clear message, nothing stored; a place freed is taken again`, async () => {
    const [a, b, c] = [await createPlayer(app), await createPlayer(app), await createPlayer(app)];
    const ua = await slowUpload(a);
    const ub = await slowUpload(b);
    await until(() => running() === 2, 'two uploads to be running');
    const uc = await slowUpload(c);
    const busy = await uc.answer;
    expect([busy.status, busy.retryAfter, json(busy).errorType, json(busy).message]).toEqual([503, String(UPLOAD_RETRY_AFTER_S), 'UPLOADS_BUSY', UPLOADS_BUSY]);
    expect(UPLOADS_BUSY).toBe('Many players are sending their documents right now. Please try again in 30 seconds.');
    uc.abort();
    expect([await rows(c), running()]).toEqual([0, 2]);
    ua.finish();
    expect((await ua.answer).status).toBe(201);
    const again = await slowUpload(c);
    again.finish();
    expect((await again.answer).status).toBe(201);
    ub.finish();
    expect((await ub.answer).status).toBe(201);
    expect(running()).toBe(0);
    expect(await orphans()).toEqual([]);
  });

  test('an upload cut off half-way frees its place and leaves nothing behind, not even a part of a file', async () => {
    const p = await createPlayer(app);
    // Cut off inside the second file: the first is whole on disk by then.
    const u = await slowUpload(p, { cutAfter: 'name="back"' });
    await until(() => running() === 1, 'the upload to start');
    await until(() => filesOnDisk().some((f) => f.endsWith('/front.bin')), 'the first file to be stored');
    u.abort();
    await u.answer.catch(() => {});
    await until(() => running() === 0, 'the place to be freed');
    expect(await rows(p)).toBe(0);
    expect(await orphans()).toEqual([]);
    // And the player can upload again.
    const again = await slowUpload(p);
    again.finish();
    expect((await again.answer).status).toBe(201);
  });
});

describe('the plain form (no script) gets the same answers', () => {
  test('while the site is full, the page says so with a 503 and Retry-After, before the files are read', async () => {
    const [a, b, p] = [await createPlayer(app), await createPlayer(app), await createPlayer(app)];
    const ua = await slowUpload(a);
    const ub = await slowUpload(b);
    await until(() => running() === 2, 'two uploads to be running');
    const cookie = { cookie: `token=${p.token}`, origin: BASE };
    const posted = await slowUpload(p, { path: '/verify-identity', extra: [['_action', 'submit'], ['_token', formTokenOf(app, p)]], headers: cookie });
    const page = await posted.answer;
    expect([page.status, page.retryAfter]).toEqual([503, String(UPLOAD_RETRY_AFTER_S)]);
    expect(page.text).toContain(UPLOADS_BUSY);
    // What was typed is kept for the next try.
    expect(page.text).toContain('value="Ada Lovelace"');
    posted.abort();
    expect(await rows(p)).toBe(0);
    ua.finish();
    ub.finish();
    await Promise.all([ua.answer, ub.answer]);
    // A place free: the same plain post goes through.
    const ok = await slowUpload(p, { path: '/verify-identity', extra: [['_action', 'submit'], ['_token', formTokenOf(app, p)]], headers: cookie });
    ok.finish();
    const done = await ok.answer;
    expect([done.status, await rows(p)]).toEqual([303, 1]);
  });
});
