// The bottom row of a snapshot's tree: each player's liability split at random into k leaves (2 ≤ k ≤ 8), every
// leaf keyed by the player's sub-nonce, all leaves shuffled. The row is typed arrays (32 bytes and one number per
// leaf), never an object per leaf: a million players make about five million leaves.
import { DIGEST_BYTES, leafMessage, MAX_LEAVES, MIN_LEAVES, newRow, subNonceMessage, type Row, type SolvencyHashes } from '../../shared/solvency/scheme';
import type { Random } from './random';

/** k for each player, uniform over 2 … 8. */
export function leafCounts(players: number, rnd: Random): Uint8Array {
  const ks = new Uint8Array(players);
  for (let p = 0; p < players; p++) ks[p] = MIN_LEAVES + rnd.below(MAX_LEAVES - MIN_LEAVES + 1);
  return ks;
}

/** A uniformly random permutation of 0 … n−1 (Fisher–Yates): where the t-th leaf made goes in the bottom row. */
export function shuffledPositions(n: number, rnd: Random): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = rnd.below(i + 1);
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/**
 * `totalCents` split into k non-negative parts: k − 1 cut points drawn uniformly from 0 … total, sorted, and the
 * gaps between them (a part may be 0; they always sum to the total).
 */
export function splitCents(totalCents: number, k: number, rnd: Random): number[] {
  const cuts = Array.from({ length: k - 1 }, () => rnd.below(totalCents + 1)).sort((a, b) => a - b);
  const parts: number[] = [];
  let last = 0;
  for (const c of cuts) {
    parts.push(c - last);
    last = c;
  }
  parts.push(totalCents - last);
  return parts;
}

export type BottomRow = {
  /** The next player, in the order `counts` was drawn for: their nonce and liability (cents, ≥ 0). */
  add(accountNonce: Uint8Array, liabilityCents: number): void;
  readonly row: Row;
  /** Players added so far. */
  readonly added: number;
};

export function bottomRow(o: { id: string; counts: Uint8Array; positions: Uint32Array; hashes: SolvencyHashes; rnd: Random }): BottomRow {
  const row = newRow(o.positions.length);
  const subMessage = subNonceMessage(o.id);
  const msg = new Uint8Array(12);
  let player = 0;
  let made = 0;
  return {
    row,
    get added() {
      return player;
    },
    add(accountNonce, liabilityCents) {
      if (player >= o.counts.length) throw new RangeError('more players than the snapshot counted');
      const k = o.counts[player++]!;
      const leaf = o.hashes.hmacKey(o.hashes.hmacKey(accountNonce)(subMessage));
      const parts = splitCents(liabilityCents, k, o.rnd);
      for (let i = 0; i < k; i++) {
        const at = o.positions[made++]!;
        leaf(leafMessage(parts[i]!, i, msg), row.digests, at * DIGEST_BYTES);
        row.values[at] = parts[i]!;
      }
    },
  };
}
