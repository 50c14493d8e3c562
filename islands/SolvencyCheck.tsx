import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatNumber } from '../src/i18n/format';
import { Rich } from '../src/i18n/rich';
import { formatCents } from '../src/shared/money';
import { checkSnapshot, type CheckResult, type CheckStep } from '../src/shared/solvency/check';
import { readNonce } from '../src/shared/solvency/scheme';
import { createSnapshotReader, SnapshotFormatError, type Snapshot } from '../src/shared/solvency/snapshot-reader';
import { confirmByWebCrypto, webCryptoAvailable } from '../src/shared/solvency/web-crypto';
import { WAIT_FOR_ISLAND } from './_client/island-events';

export type SnapshotChoice = { id: string; createdAt: string; url: string; totalCents: number };
export type SolvencyCheckProps = {
  snapshots: SnapshotChoice[];
  /** The snapshot to check first (a notice's link names one); the newest otherwise. */
  selected: string | null;
  /** The signed-in player's own nonce, filled in for them; null for a visitor. */
  nonce: string | null;
};

const STEP_NAMES: Record<CheckStep, () => string> = {
  download: m.islands_solvency_step_download,
  format: m.islands_solvency_step_format,
  nonce: m.islands_solvency_step_nonce,
  leaves: m.islands_solvency_step_leaves,
  tree: m.islands_solvency_step_tree,
};

/** "28 Nov 2026, 00:00 UTC" / "28 nov 2026, 00:00 UTC": drawn by hand, so the server and every browser write the same. */
export function snapshotWhen(iso: string): string {
  const d = new Date(iso);
  const month = m.islands_solvency_months().split(' ')[d.getUTCMonth()];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/**
 * A snapshot in the choice: when and how much; two taken in the same minute also name their files (as the list
 * below the check does), so each can be told from the other.
 */
export function optionText(s: SnapshotChoice, all: SnapshotChoice[]): string {
  const time = snapshotWhen(s.createdAt);
  const amount = formatCents(s.totalCents);
  const shared = all.some((o) => o.id !== s.id && snapshotWhen(o.createdAt) === time);
  return shared ? m.islands_solvency_option_file({ time, amount, file: `${s.id}.json` }) : m.islands_solvency_option({ time, amount });
}

type View = { state: 'idle' } | { state: 'running'; doing: string } | { state: 'done'; result: CheckResult; webCrypto: boolean };

const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

/** Downloads the public file (this site's, or anyone's copy of it) and reads it as it arrives. */
async function download(url: string): Promise<Snapshot | CheckResult> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, step: 'download', message: m.islands_solvency_offline() };
  }
  if (!res.ok) return { ok: false, step: 'download', message: m.islands_solvency_http({ status: res.status }) };
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
    if (e instanceof SnapshotFormatError) return { ok: false, step: 'format', message: m.islands_solvency_bad_file({ reason: e.message }) };
    return { ok: false, step: 'download', message: m.islands_solvency_cut() };
  }
}

/**
 * The /solvency check, in the browser: given an account nonce and a snapshot, downloads the public file, finds the
 * player's leaves by recomputing their digests, confirms them with Web Crypto, rebuilds the whole tree and compares
 * it with the published root. Nothing but the public file is fetched; the nonce never leaves the page.
 */
export default function SolvencyCheck({ snapshots, selected, nonce }: SolvencyCheckProps) {
  const id = useId();
  const [snapshotId, setSnapshotId] = useState(selected ?? snapshots[0]?.id ?? '');
  const [nonceText, setNonceText] = useState(nonce ?? '');
  const [view, setView] = useState<View>({ state: 'idle' });
  const running = view.state === 'running';
  // On a player's page the island wakes on the first keystroke or tap: what was typed or chosen before React arrived
  // is in the server's fields, and is what the player means (the nonce has no name: it never leaves the page).
  const snapshotField = useRef<HTMLSelectElement>(null);
  const nonceField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (snapshotField.current) setSnapshotId(snapshotField.current.value);
    if (nonceField.current) setNonceText(nonceField.current.value);
  }, []);

  async function check(e: FormEvent) {
    e.preventDefault();
    if (running) return;
    // The fields themselves: a tap made before React arrived is replayed before their state has caught up.
    const choice = snapshots.find((s) => s.id === (snapshotField.current?.value ?? snapshotId));
    const accountNonce = readNonce(nonceField.current?.value ?? nonceText);
    const webCrypto = webCryptoAvailable();
    const finish = (result: CheckResult) => setView({ state: 'done', result, webCrypto });
    if (!choice) return finish({ ok: false, step: 'download', message: m.islands_solvency_choose() });
    if (!accountNonce) return finish({ ok: false, step: 'nonce', message: m.islands_solvency_bad_nonce() });
    setView({ state: 'running', doing: m.islands_solvency_downloading() });
    const got = await download(choice.url);
    if ('ok' in got) return finish(got);
    const leaves = formatNumber(got.row.count);
    const result = await checkSnapshot(got, accountNonce, {
      pause: breathe,
      onStep: (step) => setView({ state: 'running', doing: step === 'leaves' ? m.islands_solvency_finding({ count: leaves }) : m.islands_solvency_rebuilding({ count: leaves }) }),
      confirmLeaves: webCrypto ? (sub, found) => confirmByWebCrypto(accountNonce, got.id, sub, found) : undefined,
    });
    finish(result);
  }

  return (
    // Without script (or tapped before the page's script runs) the form reloads the page at the chosen snapshot, and
    // the hint says the check needs script; with it, a tap before React arrives waits for it (islands/_client/wake.ts).
    <form className="solvency-check" method="get" action="/solvency" onSubmit={check} noValidate {...{ [WAIT_FOR_ISLAND]: '' }}>
      <div className="field">
        <label htmlFor={`${id}snapshot`}>{m.islands_solvency_snapshot()}</label>
        <select id={`${id}snapshot`} name="snapshot" ref={snapshotField} value={snapshotId} onChange={(e) => setSnapshotId(e.target.value)} disabled={running}>
          {snapshots.map((s) => (
            <option key={s.id} value={s.id}>{optionText(s, snapshots)}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}nonce`}>{m.islands_solvency_nonce()}</label>
        <input id={`${id}nonce`} ref={nonceField} className="mono" value={nonceText} onChange={(e) => setNonceText(e.target.value)} autoComplete="off" spellCheck={false}
          autoCapitalize="off" aria-describedby={`${id}nonce-hint`} disabled={running} />
        <p className="field-hint" id={`${id}nonce-hint`}>
          {`${nonce ? m.islands_solvency_yours() : m.islands_solvency_where()} ${m.islands_solvency_stays()}`}
        </p>
      </div>
      <button type="submit" className="btn btn-primary" disabled={running || snapshots.length === 0}>
        {running ? m.islands_solvency_checking() : m.islands_solvency_check()}
      </button>
      <noscript><p className="field-hint">{m.islands_solvency_needs_js()}</p></noscript>
      <div role="status" aria-live="polite" className="solvency-progress">{view.state === 'running' ? view.doing : ''}</div>
      {view.state === 'done' && <Outcome result={view.result} webCrypto={view.webCrypto} />}
    </form>
  );
}

function Outcome({ result, webCrypto }: { result: CheckResult; webCrypto: boolean }) {
  if (!result.ok)
    return (
      <div className="alert alert-error" role="alert">
        <p><strong>{m.islands_solvency_failed_at({ step: STEP_NAMES[result.step]() })}</strong></p>
        <p>{result.message}</p>
      </div>
    );
  return (
    <div className="alert alert-success solvency-result" role="alert">
      <p><strong>{m.islands_solvency_included({ amount: formatCents(result.liabilityCents), time: snapshotWhen(result.createdAt), total: formatCents(result.totalCents) })}</strong></p>
      <p>
        <Rich text={m.islands_solvency_found({ count: result.leaves.length, root: result.rootDigest })} links={[(w) => <code className="mono break">{w}</code>]} />
        {` ${webCrypto ? m.islands_solvency_webcrypto() : m.islands_solvency_no_webcrypto()}`}
      </p>
      <ul className="solvency-leaves">
        {[...result.leaves].sort((a, b) => a.index - b.index).map((l) => (
          <li key={l.index}>{m.islands_solvency_leaf({ index: l.index, amount: formatCents(l.value), position: formatNumber(l.position) })}</li>
        ))}
      </ul>
      <p>{m.islands_solvency_is_that()}</p>
    </div>
  );
}
