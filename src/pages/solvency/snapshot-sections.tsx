import { formatCents } from '../../shared/money';
import { snapshotTime } from '../../shared/solvency/check';
import { PAGE_SNAPSHOTS, type ListedSnapshot, type ReservesView } from './solvency-data';
import { formatNumber } from '../../i18n/format';
import { currentLang } from '../../i18n/request-lang';
import { Rich } from '../../i18n/rich';
import { m } from '../../i18n/paraglide/messages.js';

/** When a snapshot was taken, on the 24-hour UTC clock of the files: "5 Jan 2026, 00:00 UTC" / "5 ene 2026, 00:00 UTC". */
function takenAt(iso: string): string {
  if (currentLang() === 'en') return snapshotTime(iso);
  const d = new Date(iso);
  const day = new Intl.DateTimeFormat('es-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d).replace(/\./g, '');
  return `${day}, ${snapshotTime(iso).split(', ')[1]}`;
}

/** The newest snapshot's figures: what is owed in all, the root, and the reserves beside them. */
export function LatestSnapshot({ s }: { s: ListedSnapshot }) {
  return (
    <section className="card solvency-latest" aria-labelledby="latest-title">
      <h2 id="latest-title">{m.pages_solvency_latest()}</h2>
      <dl className="solvency-figures">
        <div><dt>{m.pages_solvency_taken()}</dt><dd>{takenAt(s.createdAt)}</dd></div>
        <div><dt>{m.pages_solvency_owed()}</dt><dd className="solvency-total">{formatCents(s.root.value)}</dd></div>
        <div><dt>{m.pages_solvency_root()}</dt><dd><code className="mono break">{s.root.digest}</code></dd></div>
        <div>
          <dt>{m.pages_solvency_file()}</dt>
          <dd>
            <Rich text={m.pages_solvency_file_facts({ file: `${s.id}.json`, leaves: leaves(s.leaves), size: bytes(s.bytes), sha: s.sha256 })}
              links={[(w) => <a href={s.url}>{w}</a>, (w) => <code className="mono break">{w}</code>]} />
          </dd>
        </div>
      </dl>
      <Reserves r={s.reserves} owedCents={s.root.value} />
    </section>
  );
}

function Reserves({ r, owedCents }: { r: ReservesView | null; owedCents: number }) {
  if (!r) return null;
  const label = r.sandbox ? m.pages_solvency_sandbox_label() : 'BTCPay Server';
  if (r.unavailable || !r.onchain)
    return (
      <div className="solvency-reserves">
        <h3>{m.pages_solvency_reserves()}</h3>
        <p>{m.pages_solvency_reserves_unavailable({ label, time: takenAt(r.at), reason: r.unavailable ?? '' })}</p>
      </div>
    );
  return (
    <div className="solvency-reserves">
      <h3>{m.pages_solvency_reserves()}{r.sandbox && <span className="badge solvency-sandbox">{m.pages_solvency_sandbox()}</span>}</h3>
      <p>{m.pages_solvency_reserves_lead({ label, time: takenAt(r.at), rate: usd(r.rateUsdPerBtc) })}</p>
      <ul className="solvency-reserve-lines">
        <li>{m.pages_solvency_onchain({ btc: r.onchain.btc, usd: formatCents(r.onchain.cents) })}</li>
        <li>
          {r.lightning
            ? m.pages_solvency_lightning({ btc: r.lightning.btc, usd: formatCents(r.lightning.cents) })
            : m.pages_solvency_lightning_note({ note: r.lightningNote ?? m.pages_solvency_not_reported() })}
        </li>
        <li><Rich text={m.pages_solvency_reserves_total({ total: formatCents(r.totalCents ?? 0), owed: formatCents(owedCents) })} /></li>
      </ul>
    </div>
  );
}

/** A rate as dollars for reading ("$50,000.00"); the exact figure is in the file. */
const usd = (rate?: string) => `$${Number(rate ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const bytes = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : n >= 1000 ? `${(n / 1000).toFixed(1)} kB` : m.pages_solvency_bytes({ count: n }));
const leaves = (n: number) => m.pages_solvency_leaves({ count: n }).replace(String(n), formatNumber(n));

/** Every snapshot, newest first: the list and totals a visitor sees without script. */
export function SnapshotList({ snapshots }: { snapshots: ListedSnapshot[] }) {
  return (
    <section className="card" aria-labelledby="all-title">
      <h2 id="all-title">{snapshots.length < PAGE_SNAPSHOTS ? m.pages_solvency_all() : m.pages_solvency_latest_n({ count: PAGE_SNAPSHOTS })}</h2>
      {snapshots.length >= PAGE_SNAPSHOTS && (
        <p><Rich text={m.pages_solvency_older()} links={[(w) => <a href={`/api/v1/solvency?limit=1000&before=${encodeURIComponent(snapshots.at(-1)!.id)}`}>{w}</a>]} /></p>
      )}
      <div className="table-wrap">
        <table className="table solvency-table">
          <thead>
            <tr>
              <th scope="col">{m.pages_solvency_taken()}</th><th scope="col" className="num">{m.pages_solvency_owed_short()}</th>
              <th scope="col" className="num">{m.pages_solvency_reserves()}</th><th scope="col">{m.pages_solvency_root()}</th><th scope="col">{m.pages_solvency_file()}</th>
            </tr>
          </thead>
          <tbody>
            {snapshots.map((s) => (
              <tr key={s.id}>
                <td data-label={m.pages_solvency_taken()}>{takenAt(s.createdAt)}</td>
                <td data-label={m.pages_solvency_owed_short()} className="num">{formatCents(s.root.value)}</td>
                <td data-label={m.pages_solvency_reserves()} className="num">
                  {s.reserves?.totalCents === undefined ? m.pages_solvency_not_read() : `${formatCents(s.reserves.totalCents)}${s.reserves.sandbox ? ` ${m.pages_solvency_sandbox_note()}` : ''}`}
                </td>
                <td data-label={m.pages_solvency_root()}><code className="mono" title={s.root.digest}>{s.root.digest.slice(0, 16)}…</code></td>
                <td data-label={m.pages_solvency_file()}><a href={s.url}>{s.id}.json</a></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
