import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '../src/shared/money';
import { checkSnapshot, snapshotTime, type CheckResult, type CheckStep } from '../src/shared/solvency/check';
import { readNonce } from '../src/shared/solvency/scheme';
import { createSnapshotReader, SnapshotFormatError, type Snapshot } from '../src/shared/solvency/snapshot-reader';
import { confirmByWebCrypto, webCryptoAvailable } from '../src/shared/solvency/web-crypto';
import { useHydrated } from './_client/use-hydrated';

export type SnapshotChoice = { id: string; createdAt: string; url: string; totalCents: number };
export type SolvencyCheckProps = {
  snapshots: SnapshotChoice[];
  /** The snapshot to check first (a notice's link names one); the newest otherwise. */
  selected: string | null;
  /** The signed-in player's own nonce, filled in for them; null for a visitor. */
  nonce: string | null;
};

const STEP_NAMES: Record<CheckStep, string> = {
  download: 'downloading the snapshot',
  format: 'reading the snapshot file',
  nonce: 'your account nonce',
  leaves: 'finding your leaves',
  tree: 'rebuilding the tree',
};

type View = { state: 'idle' } | { state: 'running'; doing: string } | { state: 'done'; result: CheckResult; webCrypto: boolean };

const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

/** Downloads the public file (this site's, or anyone's copy of it) and reads it as it arrives. */
async function download(url: string): Promise<Snapshot | CheckResult> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, step: 'download', message: 'The snapshot could not be downloaded: check your connection and try again.' };
  }
  if (!res.ok) return { ok: false, step: 'download', message: `The snapshot could not be downloaded (the server answered ${res.status}).` };
  const reader = createSnapshotReader();
  try {
    if (res.body && typeof TextDecoder === 'function') {
      const decoder = new TextDecoder();
      const chunks = res.body.getReader();
      for (;;) {
        const { done, value } = await chunks.read();
        if (done) break;
        reader.push(decoder.decode(value, { stream: true }));
      }
      reader.push(decoder.decode());
    } else reader.push(await res.text());
    return reader.end();
  } catch (e) {
    if (e instanceof SnapshotFormatError) return { ok: false, step: 'format', message: `The file is not a coinreel-pol-v1 snapshot: ${e.message}.` };
    return { ok: false, step: 'download', message: 'The snapshot download was cut short: try again.' };
  }
}

/**
 * The /solvency check, in the browser: given an account nonce and a snapshot, downloads the public file, finds the
 * player's leaves by recomputing their digests, confirms them with Web Crypto, rebuilds the whole tree and compares
 * it with the published root. Nothing but the public file is fetched; the nonce never leaves the page.
 */
export default function SolvencyCheck({ snapshots, selected, nonce }: SolvencyCheckProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [snapshotId, setSnapshotId] = useState(selected ?? snapshots[0]?.id ?? '');
  const [nonceText, setNonceText] = useState(nonce ?? '');
  const [view, setView] = useState<View>({ state: 'idle' });
  const running = view.state === 'running';

  async function check(e: FormEvent) {
    e.preventDefault();
    if (running) return;
    const choice = snapshots.find((s) => s.id === snapshotId);
    const accountNonce = readNonce(nonceText);
    const webCrypto = webCryptoAvailable();
    const finish = (result: CheckResult) => setView({ state: 'done', result, webCrypto });
    if (!choice) return finish({ ok: false, step: 'download', message: 'Choose a snapshot.' });
    if (!accountNonce) return finish({ ok: false, step: 'nonce', message: 'An account nonce is 64 characters, 0–9 and a–f: copy it from Profile Settings.' });
    setView({ state: 'running', doing: 'Downloading the snapshot…' });
    const got = await download(choice.url);
    if ('ok' in got) return finish(got);
    const leaves = got.row.count.toLocaleString('en-US');
    const result = await checkSnapshot(got, accountNonce, {
      pause: breathe,
      onStep: (step) => setView({ state: 'running', doing: step === 'leaves' ? `Finding your leaves among ${leaves}…` : `Rebuilding the tree from ${leaves} leaves…` }),
      confirmLeaves: webCrypto ? (sub, found) => confirmByWebCrypto(accountNonce, got.id, sub, found) : undefined,
    });
    finish(result);
  }

  return (
    <form className="solvency-check" onSubmit={check} noValidate>
      <div className="field">
        <label htmlFor={`${id}snapshot`}>Snapshot</label>
        <select id={`${id}snapshot`} value={snapshotId} onChange={(e) => setSnapshotId(e.target.value)} disabled={running}>
          {snapshots.map((s) => (
            <option key={s.id} value={s.id}>{`${snapshotTime(s.createdAt)}: total ${formatCents(s.totalCents)}`}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}nonce`}>Your account nonce</label>
        <input id={`${id}nonce`} className="mono" value={nonceText} onChange={(e) => setNonceText(e.target.value)} autoComplete="off" spellCheck={false}
          autoCapitalize="off" aria-describedby={`${id}nonce-hint`} disabled={running} />
        <p className="field-hint" id={`${id}nonce-hint`}>
          {nonce ? 'Yours, filled in. ' : 'Profile Settings shows yours. '}It stays on this page: the check downloads the public file and does the rest in your browser.
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={!hydrated || running || snapshots.length === 0}>
        {running ? 'Checking…' : 'Check my balance'}
      </button>
      {!hydrated && <p className="field-hint">The check runs in your browser and needs JavaScript. Without it, use the verifier below.</p>}
      <div role="status" aria-live="polite" className="solvency-progress">{view.state === 'running' ? view.doing : ''}</div>
      {view.state === 'done' && <Outcome result={view.result} webCrypto={view.webCrypto} />}
    </form>
  );
}

function Outcome({ result, webCrypto }: { result: CheckResult; webCrypto: boolean }) {
  if (!result.ok)
    return (
      <div className="alert alert-error" role="alert">
        <p><strong>The check failed at step “{STEP_NAMES[result.step]}”.</strong></p>
        <p>{result.message}</p>
      </div>
    );
  return (
    <div className="alert alert-success solvency-result" role="alert">
      <p><strong>{result.message}</strong></p>
      <p>
        Your {result.leaves.length} leaves were found by their digests, the whole tree was rebuilt in this browser, and it gives the published
        root <code className="mono break">{result.rootDigest}</code>.
        {webCrypto ? ' Web Crypto confirmed your leaves.' : ' This page is not on a secure connection, so Web Crypto could not confirm your leaves.'}
      </p>
      <ul className="solvency-leaves">
        {[...result.leaves].sort((a, b) => a.index - b.index).map((l) => (
          <li key={l.index}>Leaf {l.index}: {formatCents(l.value)} (position {l.position.toLocaleString('en-US')})</li>
        ))}
      </ul>
      <p>Is that what your balance was then? Your history shows it: the proof shows the amount is counted, only you can tell it is right.</p>
    </div>
  );
}
