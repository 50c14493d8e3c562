import type { Client } from '@libsql/client';
import { hostname } from 'node:os';
import type { Logger } from '../../lib/logger';
import { leaseHolder, releaseLease, takeLease } from './lease';
import { errorFields } from '../../lib/redact';

/** A background job: what it is called and how often it runs while this instance holds the lease. */
export type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

export type JobRunnerOptions = {
  client: Client;
  logger: Logger;
  jobs: Job[];
  /** How long a lease lasts unrenewed; it is renewed every third of that, so another instance takes over within it. */
  leaseMs: number;
  /** This instance's name in the lease row. */
  holder?: string;
  leaseName?: string;
  /** Told when this instance takes or loses the lease (the job lease holder metric). */
  onLease?: (holding: boolean) => void;
};

export const JOBS_LEASE = 'background-jobs';

/** Unique per process: host, pid and a random tail (a restarted process with a reused pid is someone new). */
export const instanceName = () => `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

/**
 * Runs the background jobs on one instance at a time. Every instance tries to take or renew the lease row every
 * leaseMs/3; the one that holds it runs each job when it is due. Renewal does not wait for a job, so a long job
 * does not lose the lease; a holder that dies stops renewing, and another instance takes over once it expires.
 */
export function createJobRunner(o: JobRunnerOptions) {
  const holder = o.holder ?? instanceName();
  const leaseName = o.leaseName ?? JOBS_LEASE;
  const lastRun = new Map<string, number>();
  const running = new Map<string, Promise<void>>();
  let holding = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  function runDue(now: number) {
    for (const job of o.jobs) {
      if (running.has(job.name) || now - (lastRun.get(job.name) ?? -Infinity) < job.everyMs) continue;
      lastRun.set(job.name, now);
      const p = job.run()
        .then(() => {}, (e: unknown) => o.logger.error('background job failed', { job: job.name, ...errorFields(e) }))
        .finally(() => running.delete(job.name));
      running.set(job.name, p);
    }
  }

  async function tick() {
    if (stopped) return;
    const had = holding;
    try {
      holding = await takeLease(o.client, leaseName, holder, o.leaseMs);
    } catch {
      holding = false;
      o.logger.error('job lease could not be renewed', { lease: leaseName });
    }
    if (stopped) return;
    if (holding !== had) {
      o.logger.info(holding ? 'job lease taken' : 'job lease lost', { lease: leaseName, holder });
      o.onLease?.(holding);
    }
    if (holding) runDue(Date.now());
  }

  return {
    holder,
    /** Whether this instance runs the jobs now. */
    holding: () => holding,
    /** Who runs them now, whichever instance that is (for metrics and doctor). */
    leaseHolder: (name = leaseName) => leaseHolder(o.client, name),
    start() {
      stopped = false;
      void tick();
      timer = setInterval(() => void tick(), Math.max(100, Math.floor(o.leaseMs / 3)));
      timer.unref?.();
    },
    /** One round now: take or renew the lease and run what is due (tests). */
    tick,
    /**
     * On shutdown: stop renewing, let running jobs finish, and give the lease up so another instance takes over
     * at its next renewal instead of after the lease expires.
     */
    async release() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...running.values()]);
      if (holding) await releaseLease(o.client, leaseName, holder).catch(() => o.logger.error('job lease could not be released', { lease: leaseName }));
      if (holding) o.onLease?.(false);
      holding = false;
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
