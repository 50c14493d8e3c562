// Reads a published snapshot file piece by piece, the leaves straight into typed arrays: a snapshot of a million
// players has about five million leaves, which as parsed JSON arrays would take gigabytes. Everything but the leaves
// is small and goes through JSON.parse. Strict about the leaves' spelling (lower-case hex, whole cents), which is
// the scheme's own.
import { DIGEST_BYTES, MAX_VALUE, SCHEME, SNAPSHOT_ID, type Row } from './scheme';

export type SnapshotHead = {
  version: string;
  id: string;
  createdAt: string;
  root: { digest: string; value: number };
  previousRoot: string | null;
  reserves: unknown;
};
export type Snapshot = SnapshotHead & { row: Row };

/** The file is not a coinreel-pol-v1 snapshot; the message says where. */
export class SnapshotFormatError extends Error {}

const HEX64 = /^[0-9a-f]{64}$/;
const LEAF = /\s*\[\s*"([0-9a-f]{64})"\s*,\s*(0|[1-9][0-9]{0,15})\s*\]\s*([,\]])/y;
// Longer than any leaf can be spelt with ordinary spacing: a failed match on more text than this is not a cut-off leaf.
const LONGEST_LEAF = 512;

export type SnapshotReader = { push(text: string): void; end(): Snapshot };

export function createSnapshotReader(): SnapshotReader {
  let stage = 'head' as 'head' | 'leaves' | 'tail';
  let head = '';
  let scan = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let buf = '';
  let tail = '';
  let count = 0;
  let digests = new Uint8Array(1024 * DIGEST_BYTES);
  let values = new Float64Array(1024);

  const fail = (message: string): never => {
    throw new SnapshotFormatError(message);
  };

  function addLeaf(hex: string, digits: string) {
    const value = Number(digits);
    if (value > MAX_VALUE) fail(`leaf ${count} has a value above ${MAX_VALUE} cents`);
    if (count + 2 > values.length) {
      const d = new Uint8Array(digests.length * 2);
      d.set(digests);
      digests = d;
      const v = new Float64Array(values.length * 2);
      v.set(values);
      values = v;
    }
    const off = count * DIGEST_BYTES;
    for (let i = 0; i < DIGEST_BYTES; i++) digests[off + i] = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
    values[count] = value;
    count++;
  }

  function readLeaves(final: boolean) {
    let pos = 0;
    if (count === 0) {
      const empty = /^\s*\]/.exec(buf);
      if (empty) return finishLeaves(empty[0].length);
    }
    for (;;) {
      LEAF.lastIndex = pos;
      const m = LEAF.exec(buf);
      if (!m) {
        if (!final && buf.length - pos < LONGEST_LEAF) break;
        fail(`leaf ${count} is not ["<64 lower-case hex digits>", <whole cents>]`);
      }
      addLeaf(m![1]!, m![2]!);
      pos = LEAF.lastIndex;
      if (m![3] === ']') return finishLeaves(pos);
    }
    buf = buf.slice(pos);
  }

  function finishLeaves(pos: number) {
    tail = buf.slice(pos);
    buf = '';
    stage = 'tail';
  }

  // Walks the head's text for the key "leaves" at the top level, then hands what follows its "[" to the leaves.
  function readHead(final: boolean) {
    for (; scan < head.length; scan++) {
      const c = head[scan]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') {
          inString = false;
          if (depth === 1 && head.slice(stringStart, scan + 1) === '"leaves"') {
            const after = /^\s*:\s*(\[?)/.exec(head.slice(scan + 1));
            if (!after || (!after[1] && after[0].length === head.length - scan - 1 && !final)) {
              // The colon or the bracket has not arrived yet: look again with more text.
              scan = stringStart - 1;
              inString = false;
              return;
            }
            if (after[1]) {
              const bracket = scan + 1 + after[0].length;
              buf = head.slice(bracket);
              head = head.slice(0, bracket - 1) + 'null';
              stage = 'leaves';
              return;
            }
          }
        }
        continue;
      }
      if (c === '"') {
        inString = true;
        stringStart = scan;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
    }
  }

  function push(text: string, final = false) {
    if (stage === 'head') {
      head += text;
      readHead(final);
      // readHead may have moved on to the leaves.
      if ((stage as string) === 'leaves') readLeaves(final);
    } else if (stage === 'leaves') {
      buf += text;
      readLeaves(final);
    } else tail += text;
  }

  return {
    push: (text) => push(text),
    end() {
      push('', true);
      if (stage === 'leaves') fail(`the leaves end after leaf ${count - 1} without a closing "]"`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(head + tail);
      } catch {
        fail('it is not JSON');
      }
      const o = parsed as Record<string, unknown>;
      if (!o || typeof o !== 'object' || Array.isArray(o)) fail('it is not a JSON object');
      if (stage === 'head') fail('it has no "leaves"');
      if (o.leaves !== null) fail('it has "leaves" twice');
      return { ...checkHead(o), row: { digests, values, count } };
    },
  };
}

function checkHead(o: Record<string, unknown>): SnapshotHead {
  const fail = (message: string): never => {
    throw new SnapshotFormatError(message);
  };
  if (o.version !== SCHEME) fail(`its version is ${JSON.stringify(o.version)}, not "${SCHEME}"`);
  if (typeof o.id !== 'string' || !SNAPSHOT_ID.test(o.id)) fail('its "id" is not a snapshot id');
  if (typeof o.createdAt !== 'string' || Number.isNaN(Date.parse(o.createdAt))) fail('its "createdAt" is not a time');
  const root = o.root as { digest?: unknown; value?: unknown } | null;
  if (!root || typeof root.digest !== 'string' || !HEX64.test(root.digest)) fail('its "root.digest" is not 64 lower-case hex digits');
  if (!Number.isSafeInteger(root!.value) || (root!.value as number) < 0) fail('its "root.value" is not a whole number of cents');
  if (o.previousRoot !== null && (typeof o.previousRoot !== 'string' || !HEX64.test(o.previousRoot))) fail('its "previousRoot" is neither null nor a digest');
  return {
    version: SCHEME,
    id: o.id as string,
    createdAt: o.createdAt as string,
    root: { digest: root!.digest as string, value: root!.value as number },
    previousRoot: (o.previousRoot as string | null) ?? null,
    reserves: o.reserves ?? null,
  };
}

function nibble(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}

/** A whole snapshot file at once. */
export function readSnapshot(text: string): Snapshot {
  const r = createSnapshotReader();
  r.push(text);
  return r.end();
}
