import type { SharedStore } from './store.port';

type Entry = { value: string; count: number; expiresAt: number };

/**
 * The embedded store: one Map, for one process. On hot paths (every login, every limited call), so it does no
 * more than a Map lookup; expired entries are swept as it grows so memory stays bounded.
 */
export function createMemoryStore(now: () => number = Date.now): SharedStore {
  const entries = new Map<string, Entry>();
  let nextSweep = 0;
  const sweep = (t: number) => {
    if (t < nextSweep && entries.size < 50_000) return;
    for (const [k, e] of entries) if (e.expiresAt <= t) entries.delete(k);
    nextSweep = t + 60_000;
  };
  const live = (key: string, t: number) => {
    const e = entries.get(key);
    if (e && e.expiresAt <= t) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    name: 'memory',
    async incr(key, ttlMs) {
      const t = now();
      sweep(t);
      let e = live(key, t);
      if (!e) entries.set(key, (e = { value: '', count: 0, expiresAt: t + ttlMs }));
      e.count++;
      return { count: e.count, ttlMs: e.expiresAt - t };
    },
    async count(key) {
      const t = now();
      const e = live(key, t);
      return e ? { count: e.count, ttlMs: e.expiresAt - t } : null;
    },
    async set(key, value, ttlMs) {
      const t = now();
      sweep(t);
      entries.set(key, { value, count: 0, expiresAt: t + ttlMs });
    },
    async get(key) {
      return live(key, now())?.value ?? null;
    },
    async take(key) {
      const e = live(key, now());
      if (!e) return null;
      entries.delete(key);
      return e.value;
    },
    async close() {
      entries.clear();
    },
  };
}
