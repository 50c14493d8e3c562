import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createMetrics, type Metrics } from './metrics';
import { VERSION } from '../version';

// Latency buckets in seconds: from a prepared answer (well under a millisecond) to a slow payment call.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type WebhookOutcome = 'accepted' | 'duplicate' | 'ignored' | 'bad_signature' | 'bad_body';

/** The figures GET /metrics shows. One per app (tests build many apps, each with its own). */
export type SiteMetrics = {
  registry: Metrics;
  /** One finished request: its route pattern (never the raw path), method, status and time. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** `request` for one route, method and status answered again and again (http/fast-reads.ts): no lookup per call. */
  requestMeter(route: string, method: string, status: number): (seconds: number) => void;
  /** Where the number of open sockets is read at each scrape. */
  countSockets(read: () => number): void;
  webhook(outcome: WebhookOutcome): void;
  /** One committed ledger movement. */
  transfer(code: string, kind: 'transfer' | 'hold' | 'post' | 'void'): void;
  /** A reconciliation pass of `job` finished (its lag restarts from zero). */
  reconciled(job: string, at?: number): void;
  /** Whether this instance holds the lease of `job`; the job-lease module sets it. */
  setLeaseHolder(job: string, held: boolean): void;
  /** A backup this process took (before a migration) finished at `atMs`. */
  recordBackup(atMs: number): void;
  /** The folder `coinreel backup` writes to (another process): its newest file counts as the last backup. */
  watchBackups(dir: string): void;
  /** Whether Redis answers (REDIS_URL only): 1 or 0. */
  setRedisUp(up: boolean): void;
  /** A push that could not be sent (Redis away): the player's open pages missed it. */
  pushDropped(): void;
};

/** The newest backup file's modification time in `dir` (ms), or 0 when there is none or no such folder. */
export function newestBackup(dir: string): number {
  let newest = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    // The backup command writes `FILE.partial-PID` first and renames it once checked: only finished copies count.
    if (!name.endsWith('.db')) continue;
    try {
      const st = statSync(join(dir, name));
      if (st.isFile() && st.mtimeMs > newest) newest = st.mtimeMs;
    } catch {}
  }
  return newest;
}

export function createSiteMetrics(now: () => number = Date.now): SiteMetrics {
  const registry = createMetrics();
  const requests = registry.counter('coinreel_http_requests_total', 'HTTP requests answered, by route pattern, method and status.');
  const latency = registry.histogram('coinreel_http_request_duration_seconds', 'Time to answer a request, by route pattern.', LATENCY_BUCKETS);
  let sockets = () => 0;
  registry.gauge('coinreel_open_sockets', 'WebSockets open on this instance.', () => [[{}, sockets()]]);
  const webhooks = registry.counter('coinreel_webhook_deliveries_total', 'BTCPay webhook deliveries received, by outcome.');
  const transfers = registry.counter('coinreel_ledger_transfers_total', 'Ledger movements committed by this instance, by code and kind.');
  const lastRun = new Map<string, number>();
  registry.gauge('coinreel_reconciliation_lag_seconds', 'Seconds since the last finished reconciliation pass, by job.', () =>
    [...lastRun].map(([job, at]) => [{ job }, Math.max(0, (now() - at) / 1000)]));
  const lease = registry.gauge('coinreel_job_lease_holder', '1 when this instance holds the lease of the job, else 0.');
  // Every instance shows the series, 0 until it takes the lease: sum() over instances is then 1 when all is well.
  lease.set({ job: 'jobs' }, 0);
  let backupDir: string | null = null;
  let backedUp = 0;
  registry.gauge('coinreel_last_backup_timestamp_seconds', 'When the newest database backup finished (Unix seconds); absent until one is known.', () => {
    const at = Math.max(backedUp, backupDir ? newestBackup(backupDir) : 0);
    return at ? [[{}, Math.floor(at / 1000)]] : [];
  });
  registry.gauge('coinreel_build_info', 'Always 1; the version running here is its label.').set({ version: VERSION }, 1);
  const redisUp = registry.gauge('coinreel_redis_up', '1 while Redis answers, 0 while it is away (only with REDIS_URL).');
  const dropped = registry.counter('coinreel_pushes_dropped_total', 'Pushes to open pages that could not be sent because Redis was away.');
  return {
    registry,
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route }, seconds);
    },
    requestMeter(route, method, status) {
      const count = requests.series({ route, method, status: String(status) });
      const time = latency.series({ route });
      return (seconds) => {
        count.inc();
        time.observe(seconds);
      };
    },
    countSockets: (read) => void (sockets = read),
    webhook: (outcome) => webhooks.inc({ outcome }),
    transfer: (code, kind) => transfers.inc({ code, kind }),
    reconciled: (job, at = now()) => void lastRun.set(job, at),
    setLeaseHolder: (job, held) => lease.set({ job }, held ? 1 : 0),
    recordBackup: (atMs) => void (backedUp = Math.max(backedUp, atMs)),
    watchBackups: (dir) => void (backupDir = dir),
    setRedisUp: (up) => redisUp.set({}, up ? 1 : 0),
    pushDropped: () => dropped.inc(),
  };
}
