import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m as say } from '../../i18n/paraglide/messages.js';
import type { RedisWatch } from '../../lib/redis-watch';
import type { SharedStore } from './store.port';

// How long a client is asked to wait: Redis restarts in seconds, and the watch probes it every second.
export const STORE_RETRY_AFTER_S = 30;

/** The answer to a call that needs the shared store while Redis is away: 503, Retry-After, a plain message. */
export const storeUnavailable = () =>
  new AppError(503, text(say.api_briefly_unavailable), 'SERVICE_UNAVAILABLE', undefined, { 'retry-after': String(STORE_RETRY_AFTER_S) });

/**
 * The Redis store with its failures made honest: while Redis is away a call that needs it (sign-in's rate limits,
 * captchas, …) answers 503 with Retry-After instead of a 500 and an error line per request; `watch` logs the outage
 * once, counts it and sees the recovery. Nothing is let through unchecked: a rate limit that cannot be counted
 * refuses rather than allows.
 */
export function guardedStore(store: SharedStore, watch: RedisWatch): SharedStore {
  const guard = async <T>(op: () => Promise<T>): Promise<T> => {
    // Known down: no need to try (a command would fail at once anyway, with the offline queue off).
    if (!watch.up()) throw storeUnavailable();
    try {
      const v = await op();
      watch.succeeded();
      return v;
    } catch {
      watch.failed();
      throw storeUnavailable();
    }
  };
  return {
    name: store.name,
    incr: (key, ttlMs) => guard(() => store.incr(key, ttlMs)),
    count: (key) => guard(() => store.count(key)),
    set: (key, value, ttlMs) => guard(() => store.set(key, value, ttlMs)),
    get: (key) => guard(() => store.get(key)),
    take: (key) => guard(() => store.take(key)),
    close: () => store.close(),
  };
}
