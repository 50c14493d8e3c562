import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { makeSnapshotFile, randomNonce } from '../../../tests/helpers/solvency';
import { checkSnapshot } from './check';
import { jsHashes, MAX_VALUE, toHex } from './scheme';
import { inLang } from '../../i18n/request-lang';
import { createSnapshotReader, readSnapshot, SnapshotFormatError } from './snapshot-reader';
import { nativeHashes } from '../../services/solvency/native-hashes';

const alice = { nonce: randomNonce(), cents: 123_45 };
const bob = { nonce: randomNonce(), cents: 0 };
const carol = { nonce: randomNonce(), cents: 99_999_99 };
const players = [alice, bob, carol, ...Array.from({ length: 20 }, (_, i) => ({ nonce: randomNonce(), cents: i * 1000 + 7 }))];
const total = players.reduce((s, p) => s + p.cents, 0);
const file = await makeSnapshotFile(players);
const json = () => JSON.parse(file) as { leaves: [string, number][]; root: { digest: string; value: number }; [k: string]: unknown };

/** Which bottom-row positions hold a player's leaves (found by the check itself on an untouched copy). */
async function positionsOf(nonce: Uint8Array): Promise<number[]> {
  const r = await checkSnapshot(readSnapshot(file), nonce);
  if (!r.ok) throw new Error(r.message);
  return [...r.leaves].sort((a, b) => a.index - b.index).map((l) => l.position);
}

describe("a player's check of a snapshot", () => {
  test('every player finds their own leaves and their balance in the total; a player owed nothing too', async () => {
    for (const p of [alice, bob, carol]) {
      const r = await checkSnapshot(readSnapshot(file), p.nonce);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      expect(r.liabilityCents).toBe(p.cents);
      expect(r.totalCents).toBe(total);
      expect(r.leaves.length).toBeGreaterThanOrEqual(2);
      expect(r.leaves.length).toBeLessThanOrEqual(8);
      expect(r.leaves.map((l) => l.index).sort()).toEqual(r.leaves.map((_, i) => i));
    }
    const r = await checkSnapshot(readSnapshot(file), alice.nonce, { hashes: nativeHashes });
    expect(r.ok && r.message).toBe('Your $123.45 on 5 Jan 2026, 00:00 UTC is included in the total of $' + (total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }) + '.');
  });

  test('another nonce finds nothing: the step is the leaves', async () => {
    const r = await checkSnapshot(readSnapshot(file), randomNonce());
    expect(r).toEqual({ ok: false, step: 'leaves', message: expect.stringContaining('No leaf of this snapshot was made with this nonce') });
  });

  test("a tampered leaf — one of the player's own or anyone else's — breaks the root", async () => {
    const mine = await positionsOf(alice.nonce);
    const someoneElses = [...Array(json().leaves.length).keys()].find((j) => !mine.includes(j))!;
    for (const at of [someoneElses, mine[0]!]) {
      const o = json();
      const d = o.leaves[at]![0];
      o.leaves[at]![0] = (d[0] === '0' ? '1' : '0') + d.slice(1);
      const r = await checkSnapshot(readSnapshot(JSON.stringify(o)), alice.nonce);
      expect(r.ok).toBe(false);
      // Her own leaf, changed, is no longer hers (its digest no longer matches); anyone else's breaks the tree.
      expect(!r.ok && r.step).toBe(at === someoneElses ? 'tree' : 'leaves');
    }
  });

  test('a tampered sum is caught: a value changed in the bottom row, or the root value alone', async () => {
    const mine = await positionsOf(alice.nonce);
    const other = [...Array(json().leaves.length).keys()].find((j) => !mine.includes(j))!;
    const o = json();
    o.leaves[other]![1] += 100; // someone's leaf claims a dollar more: its digest no longer commits to it
    let r = await checkSnapshot(readSnapshot(JSON.stringify(o)), alice.nonce);
    expect(r).toEqual({ ok: false, step: 'tree', message: expect.stringContaining('do not rebuild the published root') });
    const p = json();
    p.root.value -= 1; // a total smaller than the leaves add up to
    r = await checkSnapshot(readSnapshot(JSON.stringify(p)), alice.nonce);
    expect(r).toEqual({ ok: false, step: 'tree', message: `The leaves add up to $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}, but the published total is $${((total - 1) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}.` });
  });

  test('leaves adding up past any total are refused at the tree, in the reader\'s language', async () => {
    const mine = await positionsOf(alice.nonce);
    const others = [...Array(json().leaves.length).keys()].filter((j) => !mine.includes(j)).slice(0, 2);
    const o = json();
    for (const at of others) o.leaves[at]![1] = MAX_VALUE;
    const over = JSON.stringify(o);
    expect(await checkSnapshot(readSnapshot(over), alice.nonce)).toEqual({ ok: false, step: 'tree', message: 'The leaves add up to more than any total can be: this file is not a real snapshot.' });
    expect(await inLang('es', () => checkSnapshot(readSnapshot(over), alice.nonce))).toEqual({ ok: false, step: 'tree', message: 'Las hojas suman más de lo que puede ser un total: este archivo no es una instantánea real.' });
  });

  test('a leaf of the player left out or given twice is named', async () => {
    const mine = await positionsOf(alice.nonce); // by leaf index
    const o = json();
    o.leaves.splice(mine[0]!, 1);
    const r = await checkSnapshot(readSnapshot(JSON.stringify(o)), alice.nonce);
    expect(r).toEqual({ ok: false, step: 'leaves', message: expect.stringContaining('Your leaf 0 is missing') });
    const p = json();
    p.leaves.push(p.leaves[mine[0]!]!);
    const twice = await checkSnapshot(readSnapshot(JSON.stringify(p)), alice.nonce);
    expect(twice).toEqual({ ok: false, step: 'leaves', message: expect.stringContaining('appears more than once') });
  });

  test('the confirmation hook sees the sub-nonce and the found digests, and its word stops the check', async () => {
    let seen: string[] = [];
    const r = await checkSnapshot(readSnapshot(file), alice.nonce, {
      confirmLeaves: async (sub, leaves) => {
        seen = leaves.map((l) => toHex(l.digest));
        expect(toHex(sub)).toBe(toHex(jsHashes.hmacKey(alice.nonce)(new TextEncoder().encode('coinreel-pol-v1:test-snapshot'))));
        return 'no';
      },
    });
    expect(r).toEqual({ ok: false, step: 'leaves', message: 'no' });
    const o = json();
    expect(seen.sort()).toEqual((await positionsOf(alice.nonce)).map((j) => o.leaves[j]![0]).sort());
  });
});

describe('reading a snapshot file', () => {
  test('fed in pieces of any size, it reads the same as whole', () => {
    const whole = readSnapshot(file);
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 40 }), (sizes) => {
      const r = createSnapshotReader();
      let at = 0;
      for (let i = 0; at < file.length; i++) {
        const n = sizes[i % sizes.length]!;
        r.push(file.slice(at, at + n));
        at += n;
      }
      const s = r.end();
      expect(s.row.count).toBe(whole.row.count);
      expect(toHex(s.row.digests, 0, s.row.count * 32)).toBe(toHex(whole.row.digests, 0, whole.row.count * 32));
      expect([...s.row.values.subarray(0, s.row.count)]).toEqual([...whole.row.values.subarray(0, whole.row.count)]);
      expect({ ...s, row: null }).toEqual({ ...whole, row: null });
    }), { numRuns: 60 });
  });

  test('any JSON spelling of the same object reads the same: spacing, key order', () => {
    const o = json();
    const { leaves, root, ...rest } = o;
    const respaced = JSON.stringify({ root, leaves, ...rest }, null, 3);
    const a = readSnapshot(respaced);
    const b = readSnapshot(file);
    expect(toHex(a.row.digests, 0, a.row.count * 32)).toBe(toHex(b.row.digests, 0, b.row.count * 32));
    expect(a.root).toEqual(b.root);
  });

  test('refuses what is not the scheme, saying where', () => {
    const bad = (mutate: (o: ReturnType<typeof json>) => void, message: RegExp) => {
      const o = json();
      mutate(o);
      expect(() => readSnapshot(JSON.stringify(o))).toThrow(message);
    };
    bad((o) => (o.version = 'coinreel-pol-v2'), /version/);
    bad((o) => (o.leaves[3]![0] = o.leaves[3]![0].toUpperCase()), /leaf 3 is not/);
    bad((o) => (o.leaves[4]![1] = -1), /leaf 4 is not/);
    bad((o) => (o.leaves[5]![1] = 1.5), /leaf 5 is not/);
    bad((o) => (o.leaves[6]![1] = 2 ** 53), /leaf 6 has a value above 9007199254740991 cents/);
    bad((o) => (o.leaves[0] = ['ab', 1]), /leaf 0 is not/);
    bad((o) => (o.root.value = 12.5), /root.value/);
    bad((o) => (o.root.digest = 'zz'), /root.digest/);
    bad((o) => (o.id = 'a b'), /"id"/);
    bad((o) => delete (o as Record<string, unknown>).leaves, /no "leaves"/);
    expect(() => readSnapshot(file.slice(0, file.length / 2))).toThrow(SnapshotFormatError);
    expect(() => readSnapshot('[1, 2]')).toThrow(SnapshotFormatError);
    expect(() => readSnapshot(file.replace('"root"', '"leaves":[],"root"'))).toThrow(/"leaves" twice/);
  });
});
