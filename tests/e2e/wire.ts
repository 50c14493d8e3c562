// A TCP relay in front of the test server that counts every byte it passes each way: what a page really moves over
// the wire, whatever answered the browser's requests (the page, its service worker, the HTTP cache).
import { createServer, connect, type Server } from 'node:net';

export type Wire = { port: number; origin: string; target(port: number): void; down(): number; up(): number; reset(): void; close(): Promise<void> };

export async function countingRelay(): Promise<Wire> {
  let down = 0;
  let up = 0;
  let to = 0;
  const server: Server = createServer((client) => {
    const upstream = connect(to, '127.0.0.1');
    client.on('data', (c: Buffer) => void (up += c.length));
    upstream.on('data', (c: Buffer) => void (down += c.length));
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    target: (p) => void (to = p),
    down: () => down,
    up: () => up,
    reset: () => void (down = up = 0),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
