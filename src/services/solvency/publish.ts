// Publishes one snapshot: reserves from the payment provider, every player's liability read at one instant, the
// bottom row, the file (stored in the shared database), then the row that makes it public. One publication at a
// time across every instance (a lease row), and the chain of previous roots is decided by a unique sequence number.
import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import type { SolvencyHashes } from '../../shared/solvency/scheme';
import { instanceName } from '../jobs/job-runner';
import { releaseLease, takeLease } from '../jobs/lease';
import type { PaymentsProvider } from '../payments/payments.port';
import { bottomRow, leafCounts, shuffledPositions } from './leaves';
import { openLiabilityRead, type PlayerLiability } from './liabilities';
import { nativeHashes } from './native-hashes';
import { systemRandom, type Random } from './random';
import { readReserves } from './reserves';
import { writeSnapshotFile } from './snapshot-file';
import { chunkSink, clearUnfinished, idTaken, insertSnapshot, SnapshotConflict, type SnapshotRecord } from './snapshot-store';

export type SolvencyContext = {
  client: Client;
  /** The database's URL (and token): the snapshot reads on a connection of its own. */
  url: string;
  authToken?: string;
  payments: PaymentsProvider;
  logger: Logger;
  now: () => number;
  hashes?: SolvencyHashes;
  random?: Random;
  /** Players per page of the read (and per batch of their liabilities written). */
  pageSize?: number;
  /** Awaited between pages of the read (tests hold the read open while money moves). */
  betweenPages?: () => Promise<void>;
};

export const PUBLISH_LEASE = 'solvency-publish';
const LEASE_MS = 120_000;
/** Liabilities of this many snapshots are kept (the latest answers /solvency/me); older ones are removed. */
const KEEP_INCLUSIONS = 2;

/** Nothing to publish: no player yet. */
export class NothingToProve extends Error {}
/** Another instance (or command) is publishing now. */
export class PublishBusy extends Error {}

export type Published = SnapshotRecord & { timingsMs: Record<'reserves' | 'read' | 'file' | 'commit', number> };

/** `2026-11-28T00-00Z`: the minute a snapshot is taken, in UTC, spelt for a file name. */
export const idForTime = (at: number) => new Date(at).toISOString().slice(0, 16).replace(':', '-') + 'Z';

const breathe = () => new Promise<void>((r) => setImmediate(r));

export async function publishSnapshot(ctx: SolvencyContext, o: { id?: string } = {}): Promise<Published> {
  const holder = instanceName();
  if (!(await takeLease(ctx.client, PUBLISH_LEASE, holder, LEASE_MS))) throw new PublishBusy('another snapshot is being published now; try again when it is done');
  const renew = setInterval(() => void takeLease(ctx.client, PUBLISH_LEASE, holder, LEASE_MS).catch(() => {}), LEASE_MS / 4);
  try {
    await clearUnfinished(ctx.client);
    return await publishHeld(ctx, o.id);
  } finally {
    clearInterval(renew);
    await releaseLease(ctx.client, PUBLISH_LEASE, holder).catch(() => {});
  }
}

async function publishHeld(ctx: SolvencyContext, askedId?: string): Promise<Published> {
  const hashes = ctx.hashes ?? nativeHashes;
  const rnd = ctx.random ?? systemRandom();
  const clock = timer();
  const reserves = await readReserves(ctx.payments, ctx.now);
  clock.lap('reserves');
  const at = ctx.now();
  if (askedId !== undefined && (await idTaken(ctx.client, askedId))) throw new SnapshotConflict(`snapshot id ${askedId} is taken`);
  const id = askedId ?? (await freeId(ctx.client, idForTime(at)));
  const read = await openLiabilityRead(ctx.url, ctx.authToken);
  let bottom!: ReturnType<typeof bottomRow>;
  let sum = 0;
  try {
    if (read.players === 0) throw new NothingToProve('there are no players yet: nothing to prove');
    const counts = leafCounts(read.players, rnd);
    const positions = shuffledPositions(counts.reduce((s, k) => s + k, 0), rnd);
    bottom = bottomRow({ id, counts, positions, hashes, rnd });
    for await (const page of read.pages(ctx.pageSize ?? 5000)) {
      for (const p of page) {
        bottom.add(p.accountNonce, p.liabilityCents);
        sum += p.liabilityCents;
      }
      await saveInclusions(ctx.client, id, page);
      await ctx.betweenPages?.();
      await breathe();
    }
    if (bottom.added !== read.players) throw new Error(`read ${bottom.added} players of ${read.players}`);
    if (sum !== read.totalCents) throw new Error(`the players' liabilities add up to ${sum}, the ledger's total at the same instant is ${read.totalCents}`);
  } finally {
    await read.close();
  }
  clock.lap('read');
  const sink = chunkSink(ctx.client, id);
  const file = await writeSnapshotFile({
    head: { id, createdAt: new Date(at).toISOString(), previousRoot: read.latest?.rootDigest ?? null, reserves },
    row: bottom.row, hashes, sink: (b) => sink.write(b), pause: breathe,
  });
  if (file.root.value !== sum) throw new Error(`the root's value ${file.root.value} is not the liabilities' ${sum}`);
  clock.lap('file');
  const record: SnapshotRecord = {
    id, seq: (read.latest?.seq ?? 0) + 1, createdAt: at, rootDigest: file.root.digest, rootCents: file.root.value, previousRoot: read.latest?.rootDigest ?? null,
    players: read.players, leaves: bottom.row.count, jsonBytes: file.jsonBytes, gzipBytes: file.gzipBytes, chunks: sink.count, fileSha256: file.sha256, reserves,
  };
  await insertSnapshot(ctx.client, record);
  await ctx.client.execute({
    sql: 'DELETE FROM solvency_inclusions WHERE snapshot_id NOT IN (SELECT id FROM solvency_snapshots ORDER BY seq DESC LIMIT ?)',
    args: [KEEP_INCLUSIONS],
  });
  clock.lap('commit');
  ctx.logger.info('solvency snapshot published', { id, players: record.players, leaves: record.leaves, rootCents: record.rootCents });
  return { ...record, timingsMs: clock.laps };
}

async function saveInclusions(client: Client, id: string, page: PlayerLiability[]) {
  const stmts = [];
  for (let i = 0; i < page.length; i += 300) {
    const part = page.slice(i, i + 300);
    stmts.push({ sql: `INSERT INTO solvency_inclusions (snapshot_id, user_id, liability_cents) VALUES ${part.map(() => '(?, ?, ?)').join(', ')}`, args: part.flatMap((p) => [id, p.userId, p.liabilityCents]) });
  }
  if (stmts.length) await client.batch(stmts, 'write');
}

/** The id for a time, or with -2, -3 … when one was already published in that minute. */
async function freeId(client: Client, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!(await idTaken(client, id))) return id;
  }
}

function timer() {
  let last = performance.now();
  const laps = {} as Published['timingsMs'];
  return {
    laps,
    lap(name: keyof Published['timingsMs']) {
      const t = performance.now();
      laps[name] = Math.round(t - last);
      last = t;
    },
  };
}
