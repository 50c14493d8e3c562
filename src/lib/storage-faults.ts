import type { Logger } from './logger';

// SQLite's answers that mean the database file cannot be written (a full disk, an I/O error, a file made read-only):
// retrying the request at once cannot help, and every request that writes meets the same.
const STORAGE = /\bSQLITE_(FULL|IOERR|READONLY|CANTOPEN)\b/;
/** How long after the last such failure the instance reports itself not ready. */
export const FAULT_WINDOW_MS = 30_000;
/** At most one log line per this long, with how many failures it stands for. */
const LOG_EVERY_MS = 60_000;

export const isStorageFault = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && STORAGE.test(code)) || (e instanceof Error && STORAGE.test(e.message));
};

export type StorageFaults = {
  /** True (and counted) when `e` is a storage failure. */
  note(e: unknown): boolean;
  /** A storage failure within the last FAULT_WINDOW_MS: a load balancer should send players elsewhere. */
  failing(): boolean;
};

/**
 * The database's disk refusing writes, as the requests meet it: one log line per incident (then one a minute with
 * the count) instead of one per request, and readiness reports the database not writable meanwhile. The health
 * probe itself only reads, so without this a full disk looked healthy while every write answered 500.
 */
export function createStorageFaults(logger: Logger, now: () => number = Date.now): StorageFaults {
  let last = 0;
  let loggedAt = -Infinity;
  let unlogged = 0;
  return {
    note(e) {
      if (!isStorageFault(e)) return false;
      last = now();
      unlogged++;
      if (last - loggedAt >= LOG_EVERY_MS) {
        const code = (e as { code?: unknown }).code;
        logger.error('database cannot write: requests that change anything fail until it can (a full disk? see coinreel doctor)', {
          code: typeof code === 'string' ? code : null, failures: unlogged,
        });
        loggedAt = last;
        unlogged = 0;
      }
      return true;
    },
    failing: () => last > 0 && now() - last < FAULT_WINDOW_MS,
  };
}
