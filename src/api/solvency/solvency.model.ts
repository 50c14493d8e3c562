import type { SnapshotRecord } from '../../services/solvency/snapshot-store';

/** Where a snapshot's public file is served. */
export const snapshotUrl = (id: string) => `/solvency/${encodeURIComponent(id)}.json`;

/** One snapshot in the public list: the root as the file has it (value in cents), and where the file is. */
export const toSnapshotEntry = (s: SnapshotRecord) => ({
  id: s.id,
  createdAt: new Date(s.createdAt).toISOString(),
  root: { digest: s.rootDigest, value: s.rootCents },
  url: snapshotUrl(s.id),
  previousRoot: s.previousRoot,
  players: s.players,
  leaves: s.leaves,
  /** SHA-256 of the file's bytes as served uncompressed, and its size. */
  sha256: s.fileSha256,
  bytes: s.jsonBytes,
  reserves: s.reserves,
});

export type SnapshotEntry = ReturnType<typeof toSnapshotEntry>;

export const LIST_MAX = 1000;
