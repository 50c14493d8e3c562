// Trees built by hand for known balances, each hash spelt out with node:crypto in this file, against the shared
// module and the server's bottom row.
import { describe, expect, test } from 'bun:test';
import { createHash, createHmac } from 'node:crypto';
import { bottomRow, leafCounts, shuffledPositions } from '../../services/solvency/leaves';
import { nativeHashes } from '../../services/solvency/native-hashes';
import { randomFrom, type Random } from '../../services/solvency/random';
import { buildRoot, jsHashes, newRow, subNonceOf, toHex, writeU64, type Row, type SolvencyHashes } from './scheme';

const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const hmac = (key: Buffer, ...parts: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(parts)).digest();
type Node = { digest: Buffer; value: number };
const parent = (l: Node, r: Node): Node => ({ digest: createHash('sha256').update(Buffer.concat([l.digest, u64(l.value), r.digest, u64(r.value)])).digest(), value: l.value + r.value });
const PAD: Node = { digest: Buffer.alloc(32), value: 0 };

const ID = 'test-2026-01-01';
const ALICE = Buffer.alloc(32, 0x11);
const BOB = Buffer.alloc(32, 0x22);
const sub = (nonce: Buffer) => hmac(nonce, Buffer.from(`coinreel-pol-v1:${ID}`, 'ascii'));
const leaf = (nonce: Buffer, value: number, i: number): Node => ({ digest: hmac(sub(nonce), u64(value), u32(i)), value });

// Alice is owed $15.00, split 7.00 / 0.00 / 8.00 (k = 3); Bob $2.50, split 1.25 / 1.25 (k = 2).
const A = [leaf(ALICE, 700, 0), leaf(ALICE, 0, 1), leaf(ALICE, 800, 2)];
const B = [leaf(BOB, 125, 0), leaf(BOB, 125, 1)];

function rowOf(nodes: Node[]): Row {
  const row = newRow(nodes.length);
  nodes.forEach((n, j) => {
    row.digests.set(n.digest, j * 32);
    row.values[j] = n.value;
  });
  return row;
}

/** A Random that answers a script, checking each draw asks for the range the script expects. */
function scripted(draws: [number, number][]): Random & { left: () => number } {
  let at = 0;
  return {
    below(n) {
      const [range, value] = draws[at++] ?? [NaN, NaN];
      expect(n).toBe(range);
      return value;
    },
    left: () => draws.length - at,
  };
}

describe('the tree, by hand', () => {
  for (const [name, hashes] of [['reference', jsHashes], ['native', nativeHashes]] as [string, SolvencyHashes][]) {
    test(`five leaves: a pad node on the odd rows of five and three (${name})`, async () => {
      const bottom = [B[1]!, A[0]!, A[1]!, A[2]!, B[0]!];
      // Row of 5 → pad → 3 nodes → pad → 2 nodes → root.
      const n0 = parent(bottom[0]!, bottom[1]!);
      const n1 = parent(bottom[2]!, bottom[3]!);
      const n2 = parent(bottom[4]!, PAD);
      const root = parent(parent(n0, n1), parent(n2, PAD));
      expect(root.value).toBe(1750);
      const built = await buildRoot(rowOf(bottom), hashes);
      expect({ digest: toHex(built.digest), value: built.value }).toEqual({ digest: root.digest.toString('hex'), value: 1750 });
    });
  }

  test('one leaf is its own root; two leaves take no pad; four leaves none either', async () => {
    expect(toHex((await buildRoot(rowOf([A[0]!]), jsHashes)).digest)).toBe(A[0]!.digest.toString('hex'));
    expect(toHex((await buildRoot(rowOf(B), jsHashes)).digest)).toBe(parent(B[0]!, B[1]!).digest.toString('hex'));
    const four = [...A, B[0]!];
    expect(toHex((await buildRoot(rowOf(four), jsHashes)).digest)).toBe(parent(parent(four[0]!, four[1]!), parent(four[2]!, four[3]!)).digest.toString('hex'));
    // A pad with any other digest or value would give another root: the rule is exactly 32 zero bytes and 0.
    const three = [A[0]!, A[1]!, A[2]!];
    const wrongPad = parent(parent(three[0]!, three[1]!), parent(three[2]!, { digest: Buffer.alloc(32, 1), value: 0 }));
    expect(toHex((await buildRoot(rowOf(three), jsHashes)).digest)).not.toBe(wrongPad.digest.toString('hex'));
  });

  test('the server makes exactly these leaves, in the shuffled places, from the nonces and the random draws', async () => {
    const rnd = scripted([
      [7, 1], [7, 0], // k: Alice 2 + 1 = 3, Bob 2 + 0 = 2
      [5, 0], [4, 0], [3, 0], [2, 0], // Fisher–Yates over 5 leaves: made leaf t goes to [1, 2, 3, 4, 0][t]
      [1501, 700], [1501, 700], // Alice's cuts: 700, 700 → 700, 0, 800
      [251, 125], // Bob's cut: 125 → 125, 125
    ]);
    const counts = leafCounts(2, rnd);
    const positions = shuffledPositions(5, rnd);
    expect([...counts]).toEqual([3, 2]);
    expect([...positions]).toEqual([1, 2, 3, 4, 0]);
    const b = bottomRow({ id: ID, counts, positions, hashes: nativeHashes, rnd });
    b.add(ALICE, 1500);
    b.add(BOB, 250);
    expect(rnd.left()).toBe(0);
    const expected = [B[1]!, A[0]!, A[1]!, A[2]!, B[0]!];
    expect(Array.from({ length: 5 }, (_, j) => [toHex(b.row.digests, j * 32, 32), b.row.values[j]])).toEqual(expected.map((n) => [n.digest.toString('hex'), n.value]));
    expect(toHex(subNonceOf(jsHashes, ALICE, ID))).toBe(sub(ALICE).toString('hex'));
  });

  test('u64be: whole cents from 0 to 2^53 − 1, nothing else', () => {
    const buf = new Uint8Array(8);
    for (const n of [0, 1, 255, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 5, Number.MAX_SAFE_INTEGER]) {
      writeU64(buf, 0, n);
      expect(Buffer.from(buf).toString('hex')).toBe(u64(n).toString('hex'));
    }
    for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 53]) expect(() => writeU64(buf, 0, bad)).toThrow(RangeError);
  });

  test('a sum past 2^53 − 1 cents is refused rather than rounded', async () => {
    const big = { digest: Buffer.alloc(32, 7), value: Number.MAX_SAFE_INTEGER };
    await expect(buildRoot(rowOf([big, { digest: Buffer.alloc(32, 8), value: 1 }]), jsHashes)).rejects.toThrow(/passes/);
  });

  test('the reference and the native hashes build the same root over a thousand random leaves', async () => {
    const rnd = randomFrom(() => crypto.getRandomValues(new Uint32Array(1))[0]!);
    const n = 1001;
    const a = newRow(n);
    crypto.getRandomValues(a.digests.subarray(0, n * 32));
    for (let j = 0; j < n; j++) a.values[j] = rnd.below(1_000_000);
    const b = { digests: a.digests.slice(), values: a.values.slice(), count: n };
    const [x, y] = [await buildRoot(a, jsHashes), await buildRoot(b, nativeHashes)];
    expect(toHex(x.digest)).toBe(toHex(y.digest));
    expect(x.value).toBe(y.value);
  });
});
