// SOLVENCY_SNAPSHOT: a snapshot every day at 00:00 UTC (the default), every Monday at 00:00 UTC, or none. The
// background job asks every minute on the instance holding the jobs' lease; a period already covered is left alone,
// so a restart or a second instance publishes nothing twice, and a site that was down at midnight publishes when
// it is back.
export type SnapshotSchedule = 'daily' | 'weekly' | 'off';
export const SNAPSHOT_SCHEDULES = ['daily', 'weekly', 'off'] as const;

const DAY_MS = 24 * 60 * 60_000;

/** When the period containing `now` began (00:00 UTC today, or on this week's Monday); null when off. */
export function periodStart(schedule: SnapshotSchedule, now: number): number | null {
  if (schedule === 'off') return null;
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  if (schedule === 'daily') return day;
  // 1 Jan 1970 was a Thursday: days since then, shifted so Monday is 0.
  const weekday = (Math.floor(now / DAY_MS) + 3) % 7;
  return day - weekday * DAY_MS;
}

/** Due when nothing was published since the current period began. */
export function snapshotDue(schedule: SnapshotSchedule, now: number, latestCreatedAt: number | null): boolean {
  const start = periodStart(schedule, now);
  return start !== null && (latestCreatedAt === null || latestCreatedAt < start);
}
