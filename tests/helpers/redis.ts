import type { Subprocess } from 'bun';
import { createServer } from 'node:net';

/** Where Debian's redis-server is, or null: tests that need it are skipped with a message when it is missing. */
export const redisServerPath: string | null = Bun.which('redis-server');
if (!redisServerPath) console.warn('redis-server is not installed: the Redis tests are skipped (apt-get install redis-server, or npm test installs it).');

export type RedisServer = { url: string; proc: Subprocess; stop(): Promise<void>; /** Stopped and started again on the same port, empty (as after a crash). */ restart(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

const spawnOn = (port: number) =>
  Bun.spawn([redisServerPath!, '--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdout: 'ignore', stderr: 'ignore' });

async function answering(url: string, proc: Subprocess) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const c = new Bun.RedisClient(url, { autoReconnect: false, connectionTimeout: 500 });
      await c.send('PING', []);
      c.close();
      return;
    } catch {
      if (Date.now() > deadline || proc.exitCode !== null) throw new Error('redis-server did not start');
      await Bun.sleep(50);
    }
  }
}

/** A throwaway redis-server on a free port, no persistence; ready once it answers PING. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const server: RedisServer = {
    url,
    proc: spawnOn(port),
    async stop() {
      server.proc.kill();
      await server.proc.exited;
    },
    async restart() {
      await server.stop();
      server.proc = spawnOn(port);
      await answering(url, server.proc);
    },
  };
  await answering(url, server.proc);
  return server;
}
