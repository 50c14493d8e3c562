import type { RedisClient } from 'bun';
import type { SharedStore } from './store.port';

// INCR and its expiry in one step, so a crash between them can never leave a counter that never expires.
const INCR_WITH_TTL = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

/** The shared store in Redis (REDIS_URL), through Bun's own client. Keys carry a prefix so one Redis can serve other apps. */
export function createRedisStore(redis: RedisClient, prefix = 'coinreel:'): SharedStore {
  return {
    name: 'redis',
    async incr(key, ttlMs) {
      const [count, ttl] = (await redis.send('EVAL', [INCR_WITH_TTL, '1', prefix + key, String(Math.max(1, Math.round(ttlMs)))])) as [number, number];
      return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
    },
    async set(key, value, ttlMs) {
      await redis.send('SET', [prefix + key, value, 'PX', String(Math.max(1, Math.round(ttlMs)))]);
    },
    get: (key) => redis.get(prefix + key),
    take: (key) => redis.getdel(prefix + key),
    async close() {
      redis.close();
    },
  };
}
