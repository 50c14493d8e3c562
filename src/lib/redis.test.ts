import { describe, expect, test } from 'bun:test';
import { createServer } from 'node:net';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from './logger';
import { pickShared } from '../deps';

describe('REDIS_URL at start-up', () => {
  test('Redis unreachable: start-up stops with a message naming the variable, without the password', async () => {
    // A port nobody listens on: taken, then freed.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const config = loadConfig({ REDIS_URL: `redis://default:hunter2-secret@127.0.0.1:${port}` });
    const err = await pickShared(config, createLogger(true)).then(() => null, (e: Error) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err?.message).toContain('REDIS_URL: could not connect to Redis at redis://***@127.0.0.1:');
    expect(err?.message).not.toContain('hunter2');
  });

  test('unset: the in-process store and hub', async () => {
    const { store, hub } = await pickShared(loadConfig({}), createLogger(true));
    expect(store.name).toBe('memory');
    await hub.close();
  });
});
