import { formatCents } from '../../shared/money';
import { snapshotTime } from '../../shared/solvency/check';
import { PAGE_SNAPSHOTS, type ListedSnapshot, type ReservesView } from './solvency-data';

/** The newest snapshot's figures: what is owed in all, the root, and the reserves beside them. */
export function LatestSnapshot({ s }: { s: ListedSnapshot }) {
  return (
    <section className="card solvency-latest" aria-labelledby="latest-title">
      <h2 id="latest-title">Latest snapshot</h2>
      <dl className="solvency-figures">
        <div><dt>Taken</dt><dd>{snapshotTime(s.createdAt)}</dd></div>
        <div><dt>Owed to players in all</dt><dd className="solvency-total">{formatCents(s.root.value)}</dd></div>
        <div><dt>Root</dt><dd><code className="mono break">{s.root.digest}</code></dd></div>
        <div><dt>File</dt><dd><a href={s.url}>{s.id}.json</a> ({s.leaves.toLocaleString('en-US')} leaves, {bytes(s.bytes)}; SHA-256 <code className="mono break">{s.sha256}</code>)</dd></div>
      </dl>
      <Reserves r={s.reserves} owedCents={s.root.value} />
    </section>
  );
}

function Reserves({ r, owedCents }: { r: ReservesView | null; owedCents: number }) {
  if (!r) return null;
  const label = r.sandbox ? 'Sandbox (no real bitcoin)' : 'BTCPay Server';
  if (r.unavailable || !r.onchain)
    return (
      <div className="solvency-reserves">
        <h3>Reserves</h3>
        <p>Not available for this snapshot: {label} could not be read at {snapshotTime(r.at)} ({r.unavailable}).</p>
      </div>
    );
  return (
    <div className="solvency-reserves">
      <h3>Reserves{r.sandbox && <span className="badge solvency-sandbox">Sandbox</span>}</h3>
      <p>
        What the store's wallets held, as {label} reported it at {snapshotTime(r.at)}, at {usd(r.rateUsdPerBtc)} per bitcoin. These
        figures are the payment server's word, not part of the proof.
      </p>
      <ul className="solvency-reserve-lines">
        <li>On-chain wallet, confirmed: {r.onchain.btc} BTC = {formatCents(r.onchain.cents)}</li>
        <li>{r.lightning ? <>Lightning (our side of the channels): {r.lightning.btc} BTC = {formatCents(r.lightning.cents)}</> : <>Lightning: {r.lightningNote ?? 'not reported'}</>}</li>
        <li><strong>Reserves {formatCents(r.totalCents ?? 0)}</strong> against {formatCents(owedCents)} owed to players.</li>
      </ul>
    </div>
  );
}

/** A rate as dollars for reading ("$50,000.00"); the exact figure is in the file. */
const usd = (rate?: string) => `$${Number(rate ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const bytes = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${(n / 1000).toFixed(1)} kB` : `${n} bytes`);

/** Every snapshot, newest first: the list and totals a visitor sees without script. */
export function SnapshotList({ snapshots }: { snapshots: ListedSnapshot[] }) {
  return (
    <section className="card" aria-labelledby="all-title">
      <h2 id="all-title">{snapshots.length < PAGE_SNAPSHOTS ? 'All snapshots' : `The latest ${PAGE_SNAPSHOTS} snapshots`}</h2>
      {snapshots.length >= PAGE_SNAPSHOTS && (
        <p>Older ones: <a href={`/api/v1/solvency?limit=1000&before=${encodeURIComponent(snapshots.at(-1)!.id)}`}>the list in JSON</a>.</p>
      )}
      <div className="table-wrap">
        <table className="table solvency-table">
          <thead>
            <tr><th scope="col">Taken</th><th scope="col" className="num">Owed in all</th><th scope="col" className="num">Reserves</th><th scope="col">Root</th><th scope="col">File</th></tr>
          </thead>
          <tbody>
            {snapshots.map((s) => (
              <tr key={s.id}>
                <td data-label="Taken">{snapshotTime(s.createdAt)}</td>
                <td data-label="Owed in all" className="num">{formatCents(s.root.value)}</td>
                <td data-label="Reserves" className="num">{s.reserves?.totalCents === undefined ? 'not read' : `${formatCents(s.reserves.totalCents)}${s.reserves.sandbox ? ' (sandbox)' : ''}`}</td>
                <td data-label="Root"><code className="mono" title={s.root.digest}>{s.root.digest.slice(0, 16)}…</code></td>
                <td data-label="File"><a href={s.url}>{s.id}.json</a></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
