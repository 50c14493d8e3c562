// A player's check of a published snapshot, step by step, as the /solvency page and the command-line verifier run
// it: find their leaves by recomputing digests from their nonce, rebuild the whole tree from the bottom row, and
// compare with the published root. A failure names the step.
import { formatCents } from '../money';
import { buildRoot, TotalTooLarge, DIGEST_BYTES, jsHashes, leafMessage, MAX_LEAVES, MIN_LEAVES, subNonceOf, toHex, type Row, type SolvencyHashes } from './scheme';
import type { Snapshot } from './snapshot-reader';
import { getLocale } from '../../i18n/paraglide/runtime.js';
import { m } from '../../i18n/paraglide/messages.js';
import type { Lang } from '../../i18n/lang';

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_ES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'];

export type CheckStep = 'download' | 'format' | 'nonce' | 'leaves' | 'tree';
export type FoundLeaf = { position: number; index: number; value: number };
export type CheckResult =
  | { ok: true; id: string; createdAt: string; liabilityCents: number; totalCents: number; leaves: FoundLeaf[]; rootDigest: string; message: string }
  | { ok: false; step: CheckStep; message: string };

export type CheckOptions = {
  hashes?: SolvencyHashes;
  /** Called now and then in long loops (a page lets the browser breathe); its promise is awaited. */
  pause?: () => Promise<void>;
  /** Told as each step starts (a page shows where the check is). */
  onStep?: (step: 'leaves' | 'tree') => void;
  /**
   * A second opinion on the leaves found, before the tree is rebuilt over them (the page asks Web Crypto): given the
   * sub-nonce and each found leaf with its published digest, a problem to report or null.
   */
  confirmLeaves?: (subNonce: Uint8Array, leaves: (FoundLeaf & { digest: Uint8Array })[]) => Promise<string | null>;
};

const EVERY = 20_000;

/**
 * The leaves made with this sub-nonce: every leaf's digest is compared with HMAC-SHA256(subNonce, u64be(value) ‖
 * u32be(i)) for i = 0 … 7, the leaf's own value being the one its digest must commit to.
 */
export async function findLeaves(row: Row, subNonce: Uint8Array, o: CheckOptions = {}): Promise<FoundLeaf[]> {
  const hmac = (o.hashes ?? jsHashes).hmacKey(subNonce);
  const msg = new Uint8Array(12);
  const out = new Uint8Array(DIGEST_BYTES);
  const found: FoundLeaf[] = [];
  const { digests, values } = row;
  for (let p = 0; p < row.count; p++) {
    if (o.pause && p % EVERY === EVERY - 1) await o.pause();
    const off = p * DIGEST_BYTES;
    for (let i = 0; i < MAX_LEAVES; i++) {
      hmac(leafMessage(values[p]!, i, msg), out, 0);
      if (out[0] !== digests[off] || out[1] !== digests[off + 1] || !sameDigest(out, digests, off)) continue;
      found.push({ position: p, index: i, value: values[p]! });
      break;
    }
  }
  return found;
}

function sameDigest(a: Uint8Array, b: Uint8Array, off: number): boolean {
  for (let i = 0; i < DIGEST_BYTES; i++) if (a[i] !== b[off + i]) return false;
  return true;
}

/** Where the leaves found fall short of 0 … k−1 with 2 ≤ k ≤ 8, each once; null when they are whole. */
export function leavesProblem(found: FoundLeaf[]): string | null {
  // In the current language: the page's in the browser, English on the command line.
  if (found.length === 0) return m.api_check_no_leaf();
  const byIndex = new Map<number, number>();
  for (const f of found) byIndex.set(f.index, (byIndex.get(f.index) ?? 0) + 1);
  const twice = [...byIndex].filter(([, n]) => n > 1).map(([i]) => i);
  if (twice.length) return m.api_check_leaf_twice({ leaf: twice[0]! });
  const k = Math.max(...byIndex.keys()) + 1;
  const missing = Array.from({ length: k }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length) return m.api_check_leaf_missing({ leaf: missing[0]!, found: [...byIndex.keys()].sort((a, b) => a - b).join(', ') });
  if (k < MIN_LEAVES) return m.api_check_too_few({ count: k, min: MIN_LEAVES });
  return null;
}

/** "28 Nov 2026, 00:00 UTC": the same on the server and in every browser. */
export function snapshotTime(iso: string, lang: Lang = getLocale() as Lang): string {
  const d = new Date(iso);
  const month = (lang === 'es' ? MONTHS_ES : MONTHS_EN)[d.getUTCMonth()];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/**
 * The whole check of one snapshot for one account nonce. The snapshot's row is consumed (the tree is rebuilt in
 * place), so a snapshot is checked once.
 */
export async function checkSnapshot(snapshot: Snapshot, accountNonce: Uint8Array, o: CheckOptions = {}): Promise<CheckResult> {
  const hashes = o.hashes ?? jsHashes;
  if (accountNonce.length !== DIGEST_BYTES) return { ok: false, step: 'nonce', message: m.api_check_nonce() };
  if (snapshot.row.count === 0) return { ok: false, step: 'format', message: m.api_check_no_leaves() };
  o.onStep?.('leaves');
  const subNonce = subNonceOf(hashes, accountNonce, snapshot.id);
  const found = await findLeaves(snapshot.row, subNonce, o);
  const problem = leavesProblem(found);
  if (problem) return { ok: false, step: 'leaves', message: problem };
  if (o.confirmLeaves) {
    const withDigests = found.map((f) => ({ ...f, digest: snapshot.row.digests.slice(f.position * DIGEST_BYTES, (f.position + 1) * DIGEST_BYTES) }));
    const disagreement = await o.confirmLeaves(subNonce, withDigests);
    if (disagreement) return { ok: false, step: 'leaves', message: disagreement };
  }
  o.onStep?.('tree');
  let root: { digest: Uint8Array; value: number };
  try {
    root = await buildRoot(snapshot.row, hashes, o.pause);
  } catch (e) {
    // The one way a snapshot read whole still fails here; anything else is a bug, named as it is.
    return { ok: false, step: 'tree', message: e instanceof TotalTooLarge ? m.api_check_tree_too_large() : m.api_check_tree({ problem: (e as Error).message }) };
  }
  const digest = toHex(root.digest);
  if (digest !== snapshot.root.digest) return { ok: false, step: 'tree', message: m.api_check_root({ digest, published: snapshot.root.digest }) };
  if (root.value !== snapshot.root.value) return { ok: false, step: 'tree', message: m.api_check_total({ sum: formatCents(root.value), published: formatCents(snapshot.root.value) }) };
  const liabilityCents = found.reduce((s, f) => s + f.value, 0);
  return {
    ok: true, id: snapshot.id, createdAt: snapshot.createdAt, liabilityCents, totalCents: root.value, leaves: found, rootDigest: digest,
    message: m.api_check_included({ amount: formatCents(liabilityCents), at: snapshotTime(snapshot.createdAt), total: formatCents(root.value) }),
  };
}
