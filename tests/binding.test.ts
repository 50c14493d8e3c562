// Where the real server listens. Outside production with HOST unset it must not face a network: the dev mailbox and
// Simulate payment are on it. http://localhost:PORT (README's quick start) must still reach it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ServerProcess } from './helpers/server-process';

/** This machine's own address on a network, if it has one. */
const external = Object.values(networkInterfaces()).flat().find((i) => i && !i.internal && i.family === 'IPv4')?.address;

const reaches = async (url: string) => {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
};

function env(extra: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'coinreel-bind-'));
  // HOST empty counts as unset, whatever the environment running the tests holds.
  return { NODE_ENV: 'development', HOST: '', DATA_DIR: dir, DATABASE_URL: `file:${join(dir, 'coinreel.db')}`, ...extra };
}

describe('the server started with no HOST in development', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(env({}));
  });
  afterAll(() => server.kill());

  test('answers on 127.0.0.1 and at http://localhost', async () => {
    const port = new URL(server.url).port;
    expect(await reaches(`http://127.0.0.1:${port}/healthz`)).toBe(true);
    expect(await reaches(`http://localhost:${port}/healthz`)).toBe(true);
  });

  test.skipIf(!external)("does not answer on this machine's network address", async () => {
    expect(await reaches(`http://${external}:${new URL(server.url).port}/healthz`)).toBe(false);
  });
});

describe.skipIf(!external)('HOST=0.0.0.0', () => {
  test("answers on the network address (so the test above can tell)", async () => {
    const server = await startServer(env({ HOST: '0.0.0.0' }));
    try {
      expect(await reaches(`http://${external}:${new URL(server.url).port}/healthz`)).toBe(true);
    } finally {
      await server.kill();
    }
  });
});
