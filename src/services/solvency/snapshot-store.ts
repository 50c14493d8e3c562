// Where published snapshots live: the database every instance shares (docs/decisions/solvency-snapshots.md). A row
// per snapshot and its file gzip-compressed in pieces of about a megabyte, both immutable once the row exists
// (triggers in migration 0028).
import type { Client, InValue } from '@libsql/client';

export type SnapshotRecord = {
  id: string;
  seq: number;
  createdAt: number;
  rootDigest: string;
  rootCents: number;
  previousRoot: string | null;
  players: number;
  leaves: number;
  jsonBytes: number;
  gzipBytes: number;
  chunks: number;
  fileSha256: string;
  reserves: unknown;
};

/** Another publication took the next place in the chain (or this id) first. */
export class SnapshotConflict extends Error {}

const COLUMNS = 'id, seq, created_at, root_digest, root_cents, previous_root, players, leaves, json_bytes, gzip_bytes, chunks, file_sha256, reserves';

function toRecord(r: Record<string, unknown>): SnapshotRecord {
  return {
    id: String(r.id), seq: Number(r.seq), createdAt: Number(r.created_at), rootDigest: String(r.root_digest), rootCents: Number(r.root_cents),
    previousRoot: r.previous_root === null ? null : String(r.previous_root), players: Number(r.players), leaves: Number(r.leaves),
    jsonBytes: Number(r.json_bytes), gzipBytes: Number(r.gzip_bytes), chunks: Number(r.chunks), fileSha256: String(r.file_sha256),
    reserves: r.reserves === null ? null : JSON.parse(String(r.reserves)),
  };
}

/** Newest first; with `before`, only those published before that snapshot (none when it does not exist). */
export async function listSnapshots(client: Client, limit: number, before?: string): Promise<SnapshotRecord[]> {
  const r = before === undefined
    ? await client.execute({ sql: `SELECT ${COLUMNS} FROM solvency_snapshots ORDER BY seq DESC LIMIT ?`, args: [limit] })
    : await client.execute({ sql: `SELECT ${COLUMNS} FROM solvency_snapshots WHERE seq < (SELECT seq FROM solvency_snapshots WHERE id = ?) ORDER BY seq DESC LIMIT ?`, args: [before, limit] });
  return r.rows.map((row) => toRecord(row as Record<string, unknown>));
}

export async function findSnapshot(client: Client, id: string): Promise<SnapshotRecord | null> {
  const r = await client.execute({ sql: `SELECT ${COLUMNS} FROM solvency_snapshots WHERE id = ?`, args: [id] });
  return r.rows[0] ? toRecord(r.rows[0] as Record<string, unknown>) : null;
}

export async function idTaken(client: Client, id: string): Promise<boolean> {
  const r = await client.execute({ sql: 'SELECT 1 FROM solvency_snapshots WHERE id = ? UNION ALL SELECT 1 FROM solvency_chunks WHERE snapshot_id = ? LIMIT 1', args: [id, id] });
  return r.rows.length > 0;
}

/**
 * Removes what publications that never finished left behind (their pieces and liabilities). Only the holder of
 * the publishing lease calls it, so nothing it removes is being written.
 */
export async function clearUnfinished(client: Client): Promise<void> {
  await client.batch([
    'DELETE FROM solvency_chunks WHERE snapshot_id NOT IN (SELECT id FROM solvency_snapshots)',
    'DELETE FROM solvency_inclusions WHERE snapshot_id NOT IN (SELECT id FROM solvency_snapshots)',
  ], 'write');
}

/** Writes the file's pieces in order, each as it is complete. */
export function chunkSink(client: Client, id: string) {
  let n = 0;
  return {
    async write(bytes: Uint8Array) {
      await client.execute({ sql: 'INSERT INTO solvency_chunks (snapshot_id, n, data) VALUES (?, ?, ?)', args: [id, n++, bytes] });
    },
    get count() {
      return n;
    },
  };
}

/** The snapshot's row: from here on it is published. */
export async function insertSnapshot(client: Client, s: SnapshotRecord): Promise<void> {
  const args: InValue[] = [s.id, s.seq, s.createdAt, s.rootDigest, s.rootCents, s.previousRoot, s.players, s.leaves, s.jsonBytes, s.gzipBytes, s.chunks, s.fileSha256, s.reserves === null ? null : JSON.stringify(s.reserves)];
  try {
    await client.execute({ sql: `INSERT INTO solvency_snapshots (${COLUMNS}) VALUES (${args.map(() => '?').join(', ')})`, args });
  } catch (e) {
    if (/UNIQUE constraint failed: solvency_snapshots/.test(String((e as Error).message))) throw new SnapshotConflict('another snapshot was published meanwhile; publish again');
    throw e;
  }
}

/** The stored (gzip) bytes of a published file, a piece at a time, as a stream. */
export function storedFile(client: Client, s: SnapshotRecord): ReadableStream<Uint8Array> {
  let n = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (n >= s.chunks) return controller.close();
      const r = await client.execute({ sql: 'SELECT data FROM solvency_chunks WHERE snapshot_id = ? AND n = ?', args: [s.id, n++] });
      const data = r.rows[0]?.data;
      if (!(data instanceof ArrayBuffer)) return controller.error(new Error(`snapshot ${s.id} is missing piece ${n - 1}`));
      controller.enqueue(new Uint8Array(data));
    },
  });
}

/** The liability of one player in one snapshot, for their own eyes. */
export async function inclusionOf(client: Client, snapshotId: string, userId: string): Promise<number | null> {
  const r = await client.execute({ sql: 'SELECT liability_cents FROM solvency_inclusions WHERE snapshot_id = ? AND user_id = ?', args: [snapshotId, userId] });
  return r.rows[0] ? Number(r.rows[0].liability_cents) : null;
}
