import { gunzipSync } from 'node:zlib';
import { bottomRow, leafCounts, shuffledPositions } from '../../src/services/solvency/leaves';
import { nativeHashes } from '../../src/services/solvency/native-hashes';
import { seededRandom, type Random } from '../../src/services/solvency/random';
import { writeSnapshotFile } from '../../src/services/solvency/snapshot-file';

export type MadePlayer = { nonce: Uint8Array; cents: number };

/** A snapshot file as the server writes it, without a database: the players' leaves, shuffled, then the tree. */
export async function makeSnapshotFile(players: MadePlayer[], o: { id?: string; rnd?: Random; createdAt?: string; previousRoot?: string | null } = {}): Promise<string> {
  const rnd = o.rnd ?? seededRandom(7);
  const id = o.id ?? 'test-snapshot';
  const counts = leafCounts(players.length, rnd);
  const positions = shuffledPositions(counts.reduce((s, k) => s + k, 0), rnd);
  const b = bottomRow({ id, counts, positions, hashes: nativeHashes, rnd });
  for (const p of players) b.add(p.nonce, p.cents);
  const pieces: Uint8Array[] = [];
  await writeSnapshotFile({
    head: { id, createdAt: o.createdAt ?? '2026-01-05T00:00:00.000Z', previousRoot: o.previousRoot ?? null, reserves: null },
    row: b.row, hashes: nativeHashes, sink: async (bytes) => void pieces.push(Buffer.from(bytes)), pause: async () => {},
  });
  return gunzipSync(Buffer.concat(pieces)).toString('latin1');
}

export const randomNonce = () => crypto.getRandomValues(new Uint8Array(32));
