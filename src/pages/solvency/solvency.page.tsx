import { Island } from '../island';
import { definePage, type PageContext } from '../page';
import { loadSolvency, type SolvencyPageData } from './solvency-data';
import { LatestSnapshot, SnapshotList } from './snapshot-sections';
import { m } from '../../i18n/paraglide/messages.js';
import { Rich } from '../../i18n/rich';

/**
 * /solvency: the proof of liabilities (docs/solvency.md), open to anyone. The snapshot list and totals are plain
 * HTML; the check runs in the browser, in the one island this page loads, against the public file.
 */
export default definePage({
  title: m.pages_solvency_title,
  description: m.pages_solvency_description,
  access: 'open',
  load: loadSolvency,
  render: (ctx: PageContext) => {
    const d = ctx.data as SolvencyPageData;
    const { siteName } = ctx.site;
    const when = SCHEDULE_WORDS[ctx.site.solvencySchedule ?? 'daily'];
    return (
      <section className="page-section narrow solvency-page">
        <h1 className="page-title">{m.pages_solvency_title()}</h1>
        <p className="page-lead">{m.pages_solvency_lead({ every: when.every(), site: siteName })}</p>
        <p className="alert alert-info solvency-not-audit">{m.pages_solvency_not_audit({ site: siteName })}</p>
        {d.snapshots.length === 0 ? (
          <p className="card">{m.pages_solvency_none({ first: when.first() })}</p>
        ) : (
          <>
            <section className="card" aria-labelledby="check-title">
              <h2 id="check-title">{m.pages_solvency_check_title()}</h2>
              <Island name="SolvencyCheck" props={{ snapshots: d.snapshots.map((s) => ({ id: s.id, createdAt: s.createdAt, url: s.url, totalCents: s.root.value })), selected: d.selected, nonce: d.nonce }} />
              {!ctx.viewer && <p className="field-hint"><Rich text={m.pages_solvency_sign_in()} links={[(w) => <a href="/login?next=%2Fsolvency">{w}</a>]} /></p>}
            </section>
            <LatestSnapshot s={d.snapshots[0]!} />
            <SnapshotList snapshots={d.snapshots} />
          </>
        )}
        <HowItWorks siteName={siteName} />
      </section>
    );
  },
});

const SCHEDULE_WORDS = {
  daily: { every: m.pages_solvency_every_daily, first: m.pages_solvency_first_daily },
  weekly: { every: m.pages_solvency_every_weekly, first: m.pages_solvency_first_weekly },
  off: { every: m.pages_solvency_every_off, first: m.pages_solvency_first_off },
} as const;

/** A command as the page shows it. */
const command = (w: React.ReactNode) => <code className="mono">{w}</code>;

function HowItWorks({ siteName }: { siteName: string }) {
  return (
    <section className="card solvency-how" aria-labelledby="how-title">
      <h2 id="how-title">{m.pages_solvency_how_title()}</h2>
      <p>{m.pages_solvency_how_1()}</p>
      <ul>
        <li>{m.pages_solvency_how_proves()}</li>
        <li>{m.pages_solvency_how_amount()}</li>
        <li>{m.pages_solvency_how_reserves()}</li>
        <li>{m.pages_solvency_how_left_out()}</li>
        <li>{m.pages_solvency_how_instant()}</li>
      </ul>
      <p>
        <Rich text={m.pages_solvency_how_offline({ site: siteName })} links={[command, command]} />
      </p>
    </section>
  );
}
