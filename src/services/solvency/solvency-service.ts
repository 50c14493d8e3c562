// The proof of liabilities, as the rest of the site uses it: publish (the command and the schedule), the notices,
// the published list and files, and a player's own nonce and liability.
import type { Job } from '../jobs/job-runner';
import { errorFields } from '../../lib/redact';
import { sendNotices, unfinishedNotices } from './notices';
import { NothingToProve, PublishBusy, publishSnapshot, type Published, type SolvencyContext } from './publish';
import { snapshotDue, type SnapshotSchedule } from './schedule';
import { findSnapshot, inclusionOf, listSnapshots, storedFile, type SnapshotRecord } from './snapshot-store';

export type PlayerProof = { accountNonce: string; latest: { snapshot: SnapshotRecord; liabilityCents: number | null } | null };

export function createSolvencyService(ctx: SolvencyContext, schedule: SnapshotSchedule) {
  const { client } = ctx;

  /** Publishes a snapshot now and tells every player in it. */
  async function publish(o: { id?: string } = {}): Promise<Published & { notices: number; timingsMs: Published['timingsMs'] & { notices: number } }> {
    const published = await publishSnapshot(ctx, o);
    const t = performance.now();
    const notices = await sendNotices(client, published, ctx.now);
    return { ...published, notices, timingsMs: { ...published.timingsMs, notices: Math.round(performance.now() - t) } };
  }

  /** The job's round: finish notices a crash interrupted, then publish when the schedule says so. */
  async function runSchedule(): Promise<'published' | 'not due' | 'no players' | 'busy'> {
    for (const s of await unfinishedNotices(client)) await sendNotices(client, s, ctx.now);
    const [latest] = await listSnapshots(client, 1);
    if (!snapshotDue(schedule, ctx.now(), latest?.createdAt ?? null)) return 'not due';
    try {
      await publish();
      return 'published';
    } catch (e) {
      if (e instanceof NothingToProve) return 'no players';
      if (e instanceof PublishBusy) return 'busy';
      throw e;
    }
  }

  return {
    schedule,
    publish,
    runSchedule,
    list: (limit: number, before?: string) => listSnapshots(client, limit, before),
    find: (id: string) => findSnapshot(client, id),
    file: (s: SnapshotRecord) => storedFile(client, s),
    /** The player's nonce (hex) and their liability in the latest snapshot; their eyes only. */
    async forPlayer(userId: string): Promise<PlayerProof | null> {
      const r = await client.execute({ sql: 'SELECT hex(solvency_nonce) AS nonce FROM users WHERE id = ?', args: [userId] });
      if (!r.rows[0] || r.rows[0].nonce === null) return null;
      const [latest] = await listSnapshots(client, 1);
      return {
        accountNonce: String(r.rows[0].nonce).toLowerCase(),
        latest: latest ? { snapshot: latest, liabilityCents: await inclusionOf(client, latest.id, userId) } : null,
      };
    },
    /** The background job (every minute; it does something only when due). */
    job(logger: SolvencyContext['logger']): Job {
      let toldNoPlayers = false;
      return {
        name: 'solvency-snapshot',
        everyMs: 60_000,
        run: async () => {
          const outcome = await runSchedule().catch((e: unknown) => {
            logger.error('solvency snapshot failed', errorFields(e));
            return 'failed';
          });
          // Once, not every minute of a new site's first day.
          if (outcome === 'no players' && !toldNoPlayers) logger.info('solvency snapshot not taken: no players yet');
          toldNoPlayers = outcome === 'no players';
        },
      };
    },
  };
}

export type SolvencyService = ReturnType<typeof createSolvencyService>;
