import type { RedisClient } from 'bun';
import type { SharedStore } from './store.port';

// INCR and its expiry in one step, so a crash between them can never leave a counter that never expires.
const INCR_WITH_TTL = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

// A counter and its time left, without a hit (0 when absent).
const PEEK_COUNT = `local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
return {tonumber(c), redis.call('PTTL', KEYS[1])}`;

/** The shared store in Redis (REDIS_URL), through Bun's own client. Keys carry a prefix so one Redis can serve other apps. */
export function createRedisStore(redis: RedisClient, prefix = 'coinreel:'): SharedStore {
  return {
    name: 'redis',
    async incr(key, ttlMs) {
      const [count, ttl] = (await redis.send('EVAL', [INCR_WITH_TTL, '1', prefix + key, String(Math.max(1, Math.round(ttlMs)))])) as [number, number];
      return { count: Number(count), ttlMs: Math.max(0, Number(ttl)) };
    },
    async count(key) {
      // One script, so the value and its time left belong to the same moment.
      const [count, ttl] = (await redis.send('EVAL', [PEEK_COUNT, '1', prefix + key])) as [number, number];
      return Number(count) > 0 ? { count: Number(count), ttlMs: Math.max(0, Number(ttl)) } : null;
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
