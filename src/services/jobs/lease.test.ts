import { describe, expect, test } from 'bun:test';
import { ledgerDb } from '../../../tests/helpers/ledger-db';
import { createLogger } from '../../lib/logger';
import { createJobRunner } from './job-runner';
import { leaseHolder, releaseLease, takeLease } from './lease';

describe('job lease', () => {
  test('of instances asking at the same moment exactly one holds it; the holder renews, the others wait', async () => {
    const { client } = await ledgerDb();
    const got = await Promise.all(['a', 'b', 'c', 'd'].map((h) => takeLease(client, 'jobs', h, 10_000, 1_000)));
    expect(got.filter(Boolean)).toHaveLength(1);
    const winner = ['a', 'b', 'c', 'd'][got.indexOf(true)]!;
    expect(await leaseHolder(client, 'jobs', 1_000)).toBe(winner);
    expect(await takeLease(client, 'jobs', winner, 10_000, 9_000)).toBe(true);
    expect(await takeLease(client, 'jobs', winner === 'a' ? 'b' : 'a', 10_000, 12_000)).toBe(false);
  });

  test('expired, it goes to the next to ask, and the old holder cannot renew it', async () => {
    const { client } = await ledgerDb();
    expect(await takeLease(client, 'jobs', 'a', 10_000, 0)).toBe(true);
    expect(await takeLease(client, 'jobs', 'b', 10_000, 9_999)).toBe(false);
    expect(await leaseHolder(client, 'jobs', 10_000)).toBeNull();
    expect(await takeLease(client, 'jobs', 'b', 10_000, 10_000)).toBe(true);
    expect(await takeLease(client, 'jobs', 'a', 10_000, 10_001)).toBe(false);
    expect(await leaseHolder(client, 'jobs', 10_001)).toBe('b');
  });

  test('released by its holder it is free at once; nobody else can release it', async () => {
    const { client } = await ledgerDb();
    const now = Date.now();
    await takeLease(client, 'jobs', 'a', 60_000, now);
    await releaseLease(client, 'jobs', 'b');
    expect(await leaseHolder(client, 'jobs')).toBe('a');
    await releaseLease(client, 'jobs', 'a');
    expect(await leaseHolder(client, 'jobs')).toBeNull();
    expect(await takeLease(client, 'jobs', 'b', 60_000)).toBe(true);
  });
});

describe('job runner', () => {
  test('only the holder runs the jobs; when it stops renewing another takes over; release hands over at once', async () => {
    const { client } = await ledgerDb();
    const ran: string[] = [];
    const runner = (holder: string) => createJobRunner({
      client, holder, leaseMs: 300, logger: createLogger(true),
      jobs: [{ name: 'reconcile', everyMs: 0, run: async () => void ran.push(holder) }],
    });
    const a = runner('a');
    const b = runner('b');
    await a.tick();
    await b.tick();
    await Bun.sleep(5);
    expect(ran).toEqual(['a']);
    expect([a.holding(), b.holding()]).toEqual([true, false]);
    expect(await b.leaseHolder()).toBe('a');

    // 'a' goes silent (no more ticks): within the lease 'b' still waits, after it 'b' runs the jobs.
    await b.tick();
    expect(b.holding()).toBe(false);
    await Bun.sleep(320);
    await b.tick();
    await Bun.sleep(5);
    expect(b.holding()).toBe(true);
    expect(ran.at(-1)).toBe('b');
    await a.tick();
    expect(a.holding()).toBe(false);

    await b.release();
    expect(await a.leaseHolder()).toBeNull();
    await a.tick();
    expect(a.holding()).toBe(true);
    await a.release();
  });

  test('a failing job is logged and runs again when due; the lease is kept', async () => {
    const { client } = await ledgerDb();
    const errors: string[] = [];
    const fields: unknown[] = [];
    const logger = { ...createLogger(true), error: (m: string, f?: unknown) => void (errors.push(m), fields.push(f)) };
    let runs = 0;
    const r = createJobRunner({ client, holder: 'a', leaseMs: 60_000, logger, jobs: [{ name: 'x', everyMs: 0, run: async () => { runs++; throw new Error('boom: BTCPay said 503'); } }] });
    await r.tick();
    await Bun.sleep(5);
    await r.tick();
    await Bun.sleep(5);
    expect(runs).toBe(2);
    expect(errors).toEqual(['background job failed', 'background job failed']);
    // The message, not only the error's class: enough to act on.
    expect(fields[0]).toEqual({ job: 'x', error: 'Error', message: 'boom: BTCPay said 503' });
    expect(r.holding()).toBe(true);
    await r.release();
  });
});
