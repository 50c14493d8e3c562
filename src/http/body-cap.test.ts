import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { serveApp } from '../serve';

let app: TestApp;
let server: ReturnType<typeof serveApp>;
let base: string;
let player: TestPlayer;

beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
  server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

/** A body sent chunked, with no declared length: `chunks` of `size` bytes, or without end when `chunks` is Infinity. */
function chunked(size: number, chunks: number, first?: string) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent === 0 && first) c.enqueue(new TextEncoder().encode(first));
      else if (sent >= chunks) return c.close();
      else c.enqueue(new Uint8Array(size).fill(0x20));
      sent++;
    },
  });
}
const post = (path: string, body: ReadableStream<Uint8Array>, type = 'application/json', headers: Record<string, string> = {}) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': type, origin: base, ...headers }, body, duplex: 'half' } as RequestInit);

describe('request bodies without a declared length', () => {
  test('are counted as they arrive and refused at 1 MB, even one that never ends', async () => {
    const endless = await post('/api/v1/login', chunked(64 * 1024, Infinity));
    expect(endless.status).toBe(413);
    expect((await endless.json()).errorType).toBe('PAYLOAD_TOO_LARGE');
    expect((await post('/api/v1/webhooks/btcpay', chunked(64 * 1024, 40))).status).toBe(413);
  });

  test('under the cap reach the route as a declared body would, with its own answer and request id', async () => {
    const json = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' });
    const stream = new ReadableStream<Uint8Array>({ start(c) { c.enqueue(new TextEncoder().encode(json)); c.close(); } });
    const viaStream = await post('/api/v1/login', stream);
    const declared = await fetch(base + '/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: json });
    expect(viaStream.status).toBe(declared.status);
    expect(await viaStream.json()).toEqual(await declared.json());
    expect(viaStream.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}$/);
  });

  test('an identity upload may stream past 1 MB up to its own cap', async () => {
    const signedIn = { authorization: `Bearer ${player.token}` };
    const file = '--x\r\nContent-Disposition: form-data; name="front"; filename="f.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n';
    // Past 1 MB the route reads on and answers the form itself (here: it never ends); past 32 MB the cap answers.
    const within = await post('/api/v1/identity/submission', chunked(1024 * 1024, 3, file), 'multipart/form-data; boundary=x', signedIn);
    expect(within.status).toBe(400);
    expect((await post('/api/v1/identity/submission', chunked(1024 * 1024, 40, file), 'multipart/form-data; boundary=x', signedIn)).status).toBe(413);
    // A body that is not a form at all is refused once that is plain, without reading on.
    expect((await post('/api/v1/identity/submission', chunked(1024 * 1024, Infinity), 'multipart/form-data; boundary=x', signedIn)).status).toBe(400);
  });

  test('is not read before the route\'s own checks: another site or no session is refused at once, whatever is still to come', async () => {
    const crossSite = await post('/api/v1/transfer/p2p-transfer', chunked(64 * 1024, Infinity), 'application/json', { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const noSession = await post('/api/v1/identity/submission', chunked(1024 * 1024, Infinity), 'multipart/form-data; boundary=x');
    expect(noSession.status).toBe(401);
  });
});
