import { describe, expect, test } from 'bun:test';
import { makeApp } from '../../../tests/helpers/app';
import { fund } from '../../../tests/helpers/money';
import { createPlayer } from '../../../tests/helpers/players';
import { createLogger } from '../../lib/logger';
import { createJobRunner } from '../jobs/job-runner';
import { publishSnapshot } from './publish';
import { periodStart, snapshotDue } from './schedule';
import { createSolvencyService } from './solvency-service';

const at = (iso: string) => Date.parse(iso);

describe('SOLVENCY_SNAPSHOT', () => {
  test('daily: the period starts at 00:00 UTC; weekly: on Monday at 00:00 UTC; off: never', () => {
    expect(periodStart('daily', at('2026-11-28T13:45:10Z'))).toBe(at('2026-11-28T00:00:00Z'));
    expect(periodStart('daily', at('2026-11-28T00:00:00Z'))).toBe(at('2026-11-28T00:00:00Z'));
    expect(periodStart('daily', at('2026-11-27T23:59:59.999Z'))).toBe(at('2026-11-27T00:00:00Z'));
    // 28 Nov 2026 is a Saturday; 23 Nov a Monday; a Monday is its own week's start, a Sunday the week's end.
    expect(periodStart('weekly', at('2026-11-28T13:45:10Z'))).toBe(at('2026-11-23T00:00:00Z'));
    expect(periodStart('weekly', at('2026-11-23T00:00:00Z'))).toBe(at('2026-11-23T00:00:00Z'));
    expect(periodStart('weekly', at('2026-11-29T23:59:00Z'))).toBe(at('2026-11-23T00:00:00Z'));
    expect(periodStart('weekly', at('1970-01-05T10:00:00Z'))).toBe(at('1970-01-05T00:00:00Z'));
    expect(periodStart('off', at('2026-11-28T13:45:10Z'))).toBeNull();
  });

  test('due once per period: nothing published yet, or only before the period began', () => {
    const now = at('2026-11-28T00:00:30Z');
    expect(snapshotDue('daily', now, null)).toBe(true);
    expect(snapshotDue('daily', now, at('2026-11-27T00:00:05Z'))).toBe(true);
    expect(snapshotDue('daily', now, at('2026-11-28T00:00:05Z'))).toBe(false);
    expect(snapshotDue('weekly', now, at('2026-11-23T00:00:05Z'))).toBe(false);
    expect(snapshotDue('weekly', at('2026-11-30T00:00:01Z'), at('2026-11-23T00:00:05Z'))).toBe(true);
    expect(snapshotDue('off', now, null)).toBe(false);
  });
});

describe('the scheduled job', () => {
  test('publishes when due, once however often it runs, and again the next day', async () => {
    const app = await makeApp();
    const p = await createPlayer(app);
    await fund(app, p.userId, 5_00);
    let now = at('2026-11-28T00:00:20Z');
    const ctx = { client: app.deps.database.client, url: app.config.DATABASE_URL, payments: app.deps.payments, logger: app.deps.logger, now: () => now };
    const service = createSolvencyService(ctx, 'daily');
    expect(await service.runSchedule()).toBe('published');
    now += 60_000;
    expect(await service.runSchedule()).toBe('not due');
    now = at('2026-11-29T00:01:00Z');
    expect(await service.runSchedule()).toBe('published');
    expect((await service.list(10)).map((s) => s.id)).toEqual(['2026-11-29T00-01Z', '2026-11-28T00-00Z']);
    expect(await createSolvencyService(ctx, 'off').runSchedule()).toBe('not due');
  });

  test('two instances ask each minute: only the one holding the jobs lease publishes, and it does once', async () => {
    const app = await makeApp();
    await createPlayer(app);
    const now = at('2026-11-28T00:00:20Z');
    const logger = createLogger(true);
    const runner = (holder: string) => {
      const service = createSolvencyService({ client: app.deps.database.client, url: app.config.DATABASE_URL, payments: app.deps.payments, logger, now: () => now }, 'daily');
      return createJobRunner({ client: app.deps.database.client, holder, leaseMs: 60_000, logger, jobs: [{ ...service.job(logger), everyMs: 0 }] });
    };
    const [a, b] = [runner('a'), runner('b')];
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.release(), b.release()]);
    expect([a.holding(), b.holding()]).toEqual([false, false]);
    const r = await app.deps.database.client.execute('SELECT count(*) AS n FROM solvency_snapshots');
    expect(r.rows[0]!.n).toBe(1);
  });

  test("notices a crash interrupted are finished by the next round", async () => {
    const app = await makeApp();
    const players = [await createPlayer(app), await createPlayer(app)];
    const ctx = { client: app.deps.database.client, url: app.config.DATABASE_URL, payments: app.deps.payments, logger: app.deps.logger, now: Date.now };
    // Published, then the process died before telling anyone.
    await publishSnapshot(ctx);
    const notices = () => app.deps.database.client.execute("SELECT user_id FROM notifications WHERE type = 'PROOF_OF_LIABILITIES'");
    expect((await notices()).rows).toHaveLength(0);
    expect(await createSolvencyService(ctx, 'daily').runSchedule()).toBe('not due');
    expect((await notices()).rows.map((r) => r.user_id).sort()).toEqual(players.map((p) => p.userId).sort());
  });
});
