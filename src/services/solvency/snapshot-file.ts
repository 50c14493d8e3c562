// Writes a snapshot's JSON file as it is made: text in, SHA-256 of the text and gzip out, the compressed bytes to
// storage in pieces. A file of five million leaves (hundreds of megabytes) never exists whole in memory.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { buildRoot, DIGEST_BYTES, SCHEME, toHex, type Row, type SolvencyHashes } from '../../shared/solvency/scheme';

export const CHUNK_BYTES = 1024 * 1024;
const LEAVES_PER_PIECE = 4096;

export type FileHead = { id: string; createdAt: string; previousRoot: string | null; reserves: unknown };
export type WrittenFile = { root: { digest: string; value: number }; jsonBytes: number; gzipBytes: number; sha256: string };

/**
 * The file: version, id, createdAt, previousRoot, reserves, then the leaves one a line in bottom-row order, then the
 * root, which the tree gives once the leaves are written (the tree is built in the row's own arrays).
 */
export async function writeSnapshotFile(o: { head: FileHead; row: Row; hashes: SolvencyHashes; sink: (bytes: Uint8Array) => Promise<void>; pause: () => Promise<void> }): Promise<WrittenFile> {
  const hash = createHash('sha256');
  // Hex digests compress to about half: Bun's zlib (zlib-ng) keeps 82 % at level 1 (its quick mode), 53 % from level
  // 3 up, with little difference in size or time above that.
  const gz = createGzip({ level: 4 });
  const out: Buffer[] = [];
  let outBytes = 0;
  let jsonBytes = 0;
  let gzipBytes = 0;
  gz.on('data', (b: Buffer) => {
    out.push(b);
    outBytes += b.length;
  });
  const ended = once(gz, 'end');

  async function flush(all: boolean) {
    if (outBytes < CHUNK_BYTES && !(all && outBytes > 0)) return;
    let joined = Buffer.concat(out);
    out.length = 0;
    while (joined.length >= CHUNK_BYTES || (all && joined.length > 0)) {
      const piece = joined.subarray(0, CHUNK_BYTES);
      gzipBytes += piece.length;
      await o.sink(piece);
      joined = joined.subarray(piece.length);
    }
    if (joined.length) out.push(Buffer.from(joined));
    outBytes = joined.length;
  }

  async function feed(text: string) {
    const bytes = Buffer.from(text, 'latin1');
    hash.update(bytes);
    jsonBytes += bytes.length;
    if (!gz.write(bytes)) await once(gz, 'drain');
    await flush(false);
  }

  const { head, row } = o;
  const digests = Buffer.from(row.digests.buffer, row.digests.byteOffset, row.digests.byteLength);
  await feed(`{"version":"${SCHEME}","id":${JSON.stringify(head.id)},"createdAt":${JSON.stringify(head.createdAt)},` +
    `"previousRoot":${JSON.stringify(head.previousRoot)},"reserves":${JSON.stringify(head.reserves)},\n"leaves":[\n`);
  for (let from = 0; from < row.count; from += LEAVES_PER_PIECE) {
    const to = Math.min(row.count, from + LEAVES_PER_PIECE);
    const hex = digests.toString('hex', from * DIGEST_BYTES, to * DIGEST_BYTES);
    let text = '';
    for (let j = from; j < to; j++) text += `["${hex.slice((j - from) * 64, (j - from + 1) * 64)}",${row.values[j]}]${j + 1 < row.count ? ',' : ''}\n`;
    await feed(text);
    await o.pause();
  }
  const built = await buildRoot(row, o.hashes, o.pause);
  const root = { digest: toHex(built.digest), value: built.value };
  await feed(`],\n"root":{"digest":"${root.digest}","value":${root.value}}}\n`);
  gz.end();
  await ended;
  await flush(true);
  return { root, jsonBytes, gzipBytes, sha256: hash.digest('hex') };
}
