import type { RedisClient } from 'bun';
import type { Logger } from './logger';

/** Whether Redis answers, as the shared store, the hub and /readyz see it. */
export type RedisWatch = {
  up(): boolean;
  /** A command failed: Redis is down (logged once per outage). */
  failed(): void;
  /** A command went through: Redis is up (the recovery is logged). */
  succeeded(): void;
  /** PING now, within `timeoutMs`: true when answered (and the state follows). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): void;
};

type Options = {
  logger: Logger;
  /** Told on every change (the coinreel_redis_up gauge), and once at the start with `true`. */
  onChange?: (up: boolean) => void;
  /** How often Redis is probed, so an outage and a recovery are seen without any request. */
  probeMs?: number;
};

/**
 * Watches the command connection: a failed command or a closed connection marks Redis down, a PING every
 * `probeMs` notices both the outage and the recovery with no traffic at all. Each outage is one error line and each
 * recovery one info line, however many requests met it.
 */
export function createRedisWatch(redis: RedisClient, o: Options): RedisWatch {
  let up = true;
  let downSince = 0;
  o.onChange?.(true);
  const set = (now: boolean) => {
    if (now === up) return;
    up = now;
    if (!now) {
      downSince = Date.now();
      o.logger.error('Redis is unreachable: sign-in and other calls that need it answer 503, and pushes to open pages are dropped until it is back');
    } else {
      o.logger.info('Redis is reachable again', { downSeconds: Math.round((Date.now() - downSince) / 1000) });
    }
    o.onChange?.(now);
  };
  let closed = false;
  const ping = async (timeoutMs = 1000) => {
    if (closed) return false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const answered = await Promise.race([redis.send('PING', []).then(() => true, () => false), timeout]);
    clearTimeout(timer);
    if (!closed) set(answered);
    return answered;
  };
  // Bun calls these as the connection drops and comes back; the probe confirms the return before it counts.
  redis.onclose = () => {
    if (!closed) set(false);
  };
  redis.onconnect = () => void ping();
  const timer = setInterval(() => void ping(), o.probeMs ?? 1000);
  timer.unref?.();
  return {
    up: () => up,
    failed: () => set(false),
    succeeded: () => set(true),
    ping,
    close() {
      closed = true;
      clearInterval(timer);
      redis.onclose = null;
      redis.onconnect = null;
    },
  };
}
