// The worked example of docs/solvency.md, made by the code that makes real snapshots (with a fixed random stream
// instead of the system's). worked-example.test.ts checks the document holds exactly this, and recomputes every
// number in it independently. Print it again with: bun src/services/solvency/worked-example.ts
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { DIGEST_BYTES, jsHashes, subNonceOf, toHex, writeU64, type Row } from '../../shared/solvency/scheme';
import { formatCents } from '../../shared/money';
import { bottomRow, leafCounts, shuffledPositions } from './leaves';
import { seededRandom } from './random';
import { writeSnapshotFile } from './snapshot-file';

export const EXAMPLE_ID = '2026-01-05T00-00Z';
const CREATED_AT = '2026-01-05T00:00:00.000Z';
const PLAYERS = [
  { name: 'Ada', cents: 12_50 },
  { name: 'Ben', cents: 3_07 },
];

type Node = { digest: string; value: number };

/** Every row of the tree, bottom first, each odd row shown with the pad node it gets. */
function rowsOf(bottom: Node[]): Node[][] {
  const rows: Node[][] = [];
  let row = bottom;
  const pre = new Uint8Array(80);
  while (row.length > 1) {
    if (row.length % 2 === 1) row = [...row, { digest: '0'.repeat(64), value: 0 }];
    rows.push(row);
    const next: Node[] = [];
    for (let j = 0; j < row.length; j += 2) {
      pre.set(Buffer.from(row[j]!.digest, 'hex'), 0);
      writeU64(pre, 32, row[j]!.value);
      pre.set(Buffer.from(row[j + 1]!.digest, 'hex'), 40);
      writeU64(pre, 72, row[j + 1]!.value);
      next.push({ digest: toHex(jsHashes.sha256(pre)), value: row[j]!.value + row[j + 1]!.value });
    }
    row = next;
  }
  rows.push(row);
  return rows;
}

export async function workedExample(): Promise<string> {
  const rnd = seededRandom(1);
  const nonces = PLAYERS.map((p) => new Uint8Array(createHash('sha256').update(`coinreel worked example: ${p.name}`).digest()));
  const counts = leafCounts(PLAYERS.length, rnd);
  const positions = shuffledPositions(counts.reduce((s, k) => s + k, 0), rnd);
  const b = bottomRow({ id: EXAMPLE_ID, counts, positions, hashes: jsHashes, rnd });
  PLAYERS.forEach((p, i) => b.add(nonces[i]!, p.cents));
  const row: Row = b.row;
  const digestAt = (j: number) => toHex(row.digests, j * DIGEST_BYTES, DIGEST_BYTES);
  const bottom = Array.from({ length: row.count }, (_, j) => ({ digest: digestAt(j), value: row.values[j]! }));
  const owner: string[] = [];
  const lines: string[] = [];
  lines.push(`Snapshot id \`${EXAMPLE_ID}\`, so each sub-nonce's message is the ASCII text \`coinreel-pol-v1:${EXAMPLE_ID}\`.`, '');
  lines.push('| player | liability | k | account nonce | sub-nonce |', '|---|---|---|---|---|');
  PLAYERS.forEach((p, i) => lines.push(`| ${p.name} | ${p.cents} (${formatCents(p.cents)}) | ${counts[i]} | \`${toHex(nonces[i]!)}\` | \`${toHex(subNonceOf(jsHashes, nonces[i]!, EXAMPLE_ID))}\` |`));
  lines.push('', 'Their leaves (the split was drawn at random; a part may be 0):', '');
  lines.push('| player | i | value | message u64be(value) ‖ u32be(i) | digest | position |', '|---|---|---|---|---|---|');
  let t = 0;
  PLAYERS.forEach((p, i) => {
    for (let k = 0; k < counts[i]!; k++, t++) {
      const at = positions[t]!;
      owner[at] = `${p.name} ${k}`;
      const msg = new Uint8Array(12);
      writeU64(msg, 0, row.values[at]!);
      msg[11] = k;
      lines.push(`| ${p.name} | ${k} | ${row.values[at]} | \`${toHex(msg)}\` | \`${digestAt(at)}\` | ${at} |`);
    }
  });
  const rows = rowsOf(bottom);
  lines.push('', 'The tree, bottom row first (the shuffled leaves). A row of odd length gets the pad node (32 zero bytes, value 0) before it is paired:', '');
  rows.forEach((r, level) => {
    lines.push(`Row ${level}${level === rows.length - 1 ? ' (the root)' : ''}:`, '');
    lines.push('| node | digest | value | |', '|---|---|---|---|');
    r.forEach((n, j) => lines.push(`| ${level}.${j} | \`${n.digest}\` | ${n.value} | ${level === 0 ? owner[j] ?? 'pad' : j >= rows[level - 1]!.length / 2 ? 'pad' : `${level - 1}.${2 * j} + ${level - 1}.${2 * j + 1}`} |`));
    lines.push('');
  });
  const pieces: Uint8Array[] = [];
  const rowCopy: Row = { digests: row.digests.slice(), values: row.values.slice(), count: row.count };
  const file = await writeSnapshotFile({
    head: { id: EXAMPLE_ID, createdAt: CREATED_AT, previousRoot: null, reserves: null },
    row: rowCopy, hashes: jsHashes, sink: async (x) => void pieces.push(Buffer.from(x)), pause: async () => {},
  });
  const root = rows.at(-1)![0]!;
  if (file.root.digest !== root.digest || file.root.value !== root.value) throw new Error('the example tree and the file disagree');
  lines.push(`The root is \`${root.digest}\` with value ${root.value} (${formatCents(root.value)}), the two liabilities added. The published file:`, '');
  lines.push('```json', gunzipSync(Buffer.concat(pieces)).toString().trimEnd(), '```');
  return lines.join('\n');
}

if (import.meta.main) console.log(await workedExample());
