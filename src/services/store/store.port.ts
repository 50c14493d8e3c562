/** A counter's value after one more hit, and how long its window still runs. */
export type Counted = { count: number; ttlMs: number };

/**
 * State that every instance must see the same (rate-limit windows, one-time values): in this process's memory
 * by default, in Redis with REDIS_URL so several instances behind a load balancer share it. Values expire.
 */
export type SharedStore = {
  readonly name: 'memory' | 'redis';
  /** Adds one to the counter at `key`, starting it (with `ttlMs` to live) when absent or expired. */
  incr(key: string, ttlMs: number): Promise<Counted>;
  /** The counter at `key` as it stands, without a hit; null when absent or expired (a lockout's check). */
  count(key: string): Promise<Counted | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Reads and deletes in one step: of several callers at once, exactly one gets the value. */
  take(key: string): Promise<string | null>;
  close(): Promise<void>;
};
