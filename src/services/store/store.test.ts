import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { RedisClient } from 'bun';
import { redisServerPath, startRedis, type RedisServer } from '../../../tests/helpers/redis';
import { createMemoryStore } from './store.memory';
import { createRedisStore } from './store.redis';
import type { SharedStore } from './store.port';

/** The same contract, held by both stores. */
function contract(make: () => SharedStore) {
  test('a counter counts within its window and starts afresh after it', async () => {
    const s = make();
    expect((await s.incr('c', 200)).count).toBe(1);
    const second = await s.incr('c', 200);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(0);
    expect(second.ttlMs).toBeLessThanOrEqual(200);
    await Bun.sleep(250);
    expect((await s.incr('c', 200)).count).toBe(1);
  });

  test('count reads a counter without a hit: null before the first and after its window', async () => {
    const s = make();
    expect(await s.count('k')).toBeNull();
    await s.incr('k', 200);
    await s.incr('k', 200);
    const seen = await s.count('k');
    expect(seen?.count).toBe(2);
    expect(seen!.ttlMs).toBeGreaterThan(0);
    expect(seen!.ttlMs).toBeLessThanOrEqual(200);
    expect((await s.count('k'))?.count).toBe(2);
    await Bun.sleep(250);
    expect(await s.count('k')).toBeNull();
  });

  test('take gives a value once, even to callers at the same moment; values expire', async () => {
    const s = make();
    await s.set('v', 'x', 10_000);
    expect(await s.get('v')).toBe('x');
    const got = await Promise.all([s.take('v'), s.take('v'), s.take('v')]);
    expect(got.filter((g) => g === 'x')).toHaveLength(1);
    expect(await s.get('v')).toBeNull();
    await s.set('short', 'y', 50);
    await Bun.sleep(80);
    expect(await s.take('short')).toBeNull();
  });
}

describe('memory store', () => contract(() => createMemoryStore()));

describe.skipIf(!redisServerPath)('redis store', () => {
  let server: RedisServer;
  const clients: RedisClient[] = [];
  beforeAll(async () => {
    server = await startRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server?.stop();
  });
  const make = () => {
    const c = new RedisClient(server.url);
    clients.push(c);
    return createRedisStore(c, `t${clients.length}:`);
  };
  contract(make);

  test('two instances count into one window', async () => {
    const a = createRedisStore((clients[clients.length] = new RedisClient(server.url)), 'shared:');
    const b = createRedisStore((clients[clients.length] = new RedisClient(server.url)), 'shared:');
    const counts = await Promise.all([a.incr('login', 60_000), b.incr('login', 60_000), a.incr('login', 60_000), b.incr('login', 60_000)]);
    expect(counts.map((c) => c.count).sort()).toEqual([1, 2, 3, 4]);
  });
});
