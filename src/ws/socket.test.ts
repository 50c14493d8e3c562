import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { makeApp, type TestApp } from '../../tests/helpers/app';
import { createPlayer, type TestPlayer } from '../../tests/helpers/players';
import { serveApp } from '../serve';

let app: TestApp;
let server: ReturnType<typeof serveApp>;
let player: TestPlayer;
let url: string;

beforeAll(async () => {
  app = await makeApp();
  player = await createPlayer(app);
  server = serveApp(app, { port: 0, hostname: '127.0.0.1' });
  url = `ws://127.0.0.1:${server.port}/ws`;
});
afterAll(() => server.stop(true));

/** Opens a socket and collects what it hears; resolves once `ready` or a close arrives. */
function open(headers?: Record<string, string>, first?: string) {
  const ws = new WebSocket(url, { headers } as never);
  const heard: { event: string; data: any }[] = [];
  const closed = new Promise<number>((res) => ws.addEventListener('close', (e) => res(e.code)));
  const ready = new Promise<void>((res) => {
    ws.addEventListener('open', () => first && ws.send(first));
    ws.addEventListener('message', (e) => {
      const m = JSON.parse(String(e.data));
      heard.push(m);
      if (m.event === 'ready') res();
    });
    closed.then(() => res());
  });
  return { ws, heard, ready, closed };
}

describe('/ws', () => {
  test('the session cookie joins the player channel; hub pushes arrive as {event, data}', async () => {
    const s = open({ cookie: `token=${player.token}` });
    await s.ready;
    app.deps.hub.publish(player.userId, { event: 'amount', data: { walletAmount: 12.5 } });
    app.deps.hub.publish('someone-else', { event: 'amount', data: { walletAmount: 99 } });
    await Bun.sleep(50);
    expect(s.heard.map((m) => m.event)).toEqual(['ready', 'amount']);
    expect(s.heard[1]!.data).toEqual({ walletAmount: 12.5 });
    s.ws.close();
  });

  test('a token in the first message works for clients without the cookie', async () => {
    const s = open(undefined, JSON.stringify({ token: player.token }));
    await s.ready;
    expect(s.heard[0]!.event).toBe('ready');
    s.ws.close();
  });

  test('a bad token or garbage first message closes the socket with 4401; a revoked session hears nothing', async () => {
    const bad = open(undefined, JSON.stringify({ token: 'not-a-token' }));
    expect(await bad.closed).toBe(4401);
    const garbage = open(undefined, '{{{');
    expect(await garbage.closed).toBe(4401);
    await app.deps.database.client.execute({ sql: 'UPDATE sessions SET revoked_at = ? WHERE id = ?', args: [Date.now(), player.sessionId] });
    const revoked = open({ cookie: `token=${player.token}` }, JSON.stringify({ token: player.token }));
    expect(await revoked.closed).toBe(4401);
    expect(revoked.heard).toEqual([]);
  });

  test('a handshake from another site is refused even with the cookie', async () => {
    const other = await createPlayer(app);
    const r = await fetch(`http://127.0.0.1:${server.port}/ws`, {
      headers: { origin: 'https://evil.example', cookie: `token=${other.token}`, upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' },
    });
    expect(r.status).toBe(403);
    const own = open({ cookie: `token=${other.token}`, origin: `http://127.0.0.1:${server.port}` });
    await own.ready;
    expect(own.heard[0]!.event).toBe('ready');
    own.ws.close();
  });

  test('a plain request to /ws is told to upgrade', async () => {
    const r = await fetch(`http://127.0.0.1:${server.port}/ws`);
    expect(r.status).toBe(426);
  });
});

describe('/ws on shutdown', () => {
  test('closeAll tells every open socket to reconnect (1012 Service Restart) and refuses new ones', async () => {
    const own = await makeApp();
    const p = await createPlayer(own);
    const srv = serveApp(own, { port: 0, hostname: '127.0.0.1' });
    try {
      const at = `ws://127.0.0.1:${srv.port}/ws`;
      const sockets = [0, 1].map(() => new WebSocket(at, { headers: { cookie: `token=${p.token}` } } as never));
      await Promise.all(sockets.map((ws) => new Promise((r) => ws.addEventListener('message', r, { once: true }))));
      expect(own.socket.openCount()).toBe(2);
      const closes = sockets.map((ws) => new Promise<[number, string]>((r) => ws.addEventListener('close', (e) => r([e.code, e.reason]))));
      own.socket.closeAll();
      expect(await Promise.all(closes)).toEqual([[1012, 'Service Restart'], [1012, 'Service Restart']]);
      const late = await fetch(`http://127.0.0.1:${srv.port}/ws`, { headers: { upgrade: 'websocket', connection: 'Upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', cookie: `token=${p.token}` } });
      expect(late.status).toBe(503);
      expect(own.socket.openCount()).toBe(0);
    } finally {
      srv.stop(true);
    }
  });
});
