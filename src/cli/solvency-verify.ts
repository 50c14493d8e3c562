// `coinreel solvency verify FILE --nonce HEX`: checks a downloaded snapshot for one account, on this machine and
// nothing else: the player's leaves found by their nonce, the whole tree rebuilt, the root compared. The same steps
// as the /solvency page (src/shared/solvency), with native hashing; the file is read as a stream, so a snapshot of
// millions of leaves fits. scripts/solvency-verify.mjs is an independent verifier written for outsiders to read.
import { checkSnapshot } from '../shared/solvency/check';
import { formatCents } from '../shared/money';
import { readNonce } from '../shared/solvency/scheme';
import { createSnapshotReader, SnapshotFormatError, type Snapshot } from '../shared/solvency/snapshot-reader';
import { nativeHashes } from '../services/solvency/native-hashes';
import { type Command, parseOptions, UsageError } from './command';

const usage = `usage: coinreel solvency verify FILE --nonce HEX

Checks a proof-of-liabilities snapshot (a file saved from /solvency/<id>.json, or its https:// address) for the
account whose nonce is given (Profile Settings shows it): finds that account's leaves, rebuilds the whole tree from
the bottom row and compares it with the published root. Needs no database and no settings.
Exits 0 when the account is included, 1 when a step fails (the line says which), 2 on bad input.`;

async function read(source: string): Promise<Snapshot> {
  const stream = /^https?:\/\//.test(source) ? await download(source) : Bun.file(source).stream();
  const reader = createSnapshotReader();
  const decoder = new TextDecoder();
  for await (const bytes of stream) reader.push(decoder.decode(bytes, { stream: true }));
  reader.push(decoder.decode());
  return reader.end();
}

async function download(url: string): Promise<ReadableStream<Uint8Array>> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new SnapshotFormatError(`${url} answered ${res.status}`);
  return res.body;
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(argv, { nonce: { type: 'string' } }, true);
  if (positionals.length !== 1) throw new UsageError('give one snapshot FILE (or its https:// address)');
  const nonce = readNonce(values.nonce ?? '');
  if (!nonce) throw new UsageError('--nonce must be your account nonce: 64 characters, 0-9 and a-f (Profile Settings shows it)');
  const source = positionals[0]!;
  if (!/^https?:\/\//.test(source) && !(await Bun.file(source).exists())) throw new UsageError(`no file at ${source}`);
  let snapshot: Snapshot;
  try {
    snapshot = await read(source);
  } catch (e) {
    if (!(e instanceof SnapshotFormatError)) throw e;
    console.log(`FAILED at step format: the file is not a coinreel-pol-v1 snapshot: ${e.message}.`);
    return 1;
  }
  const leaves = snapshot.row.count;
  const result = await checkSnapshot(snapshot, nonce, { hashes: nativeHashes });
  console.log(`snapshot ${snapshot.id}  ${snapshot.createdAt}  ${leaves} leaves  root ${snapshot.root.digest}  total ${formatCents(snapshot.root.value)}`);
  if (!result.ok) {
    console.log(`FAILED at step ${result.step}: ${result.message}`);
    return 1;
  }
  for (const l of result.leaves.sort((a, b) => a.index - b.index)) console.log(`  your leaf ${l.index}: position ${l.position}, ${formatCents(l.value)}`);
  console.log(`OK  ${result.message}`);
  return 0;
}

export const command: Command = { usage, run };
