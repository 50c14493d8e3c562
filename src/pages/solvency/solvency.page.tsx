import { Island } from '../island';
import { definePage, type PageContext } from '../page';
import { loadSolvency, type SolvencyPageData } from './solvency-data';
import { LatestSnapshot, SnapshotList } from './snapshot-sections';

/**
 * /solvency: the proof of liabilities (docs/solvency.md), open to anyone. The snapshot list and totals are plain
 * HTML; the check runs in the browser, in the one island this page loads, against the public file.
 */
export default definePage({
  title: 'Proof of liabilities',
  description: 'Check that your balance is in the total we owe our players.',
  access: 'open',
  load: loadSolvency,
  render: (ctx: PageContext) => {
    const d = ctx.data as SolvencyPageData;
    const { siteName } = ctx.site;
    const when = SCHEDULE_WORDS[ctx.site.solvencySchedule ?? 'daily'];
    return (
      <section className="page-section narrow solvency-page">
        <h1 className="page-title">Proof of liabilities</h1>
        <p className="page-lead">
          {when.every} {siteName} publishes what it owes each player, hidden in a tree of hashes whose top is the total. You can
          check that your own balance is in that total, without telling us, and anyone can check that the total adds up.
        </p>
        <p className="alert alert-info solvency-not-audit">
          This is a proof {siteName} publishes about itself, not an audit. It shows that your balance is counted in the total;
          whether the reserves cover that total is only as certain as the reserve figures, which come from our payment server.
        </p>
        {d.snapshots.length === 0 ? (
          <p className="card">No snapshot has been published yet. {when.first}</p>
        ) : (
          <>
            <section className="card" aria-labelledby="check-title">
              <h2 id="check-title">Check your balance</h2>
              <Island name="SolvencyCheck" props={{ snapshots: d.snapshots.map((s) => ({ id: s.id, createdAt: s.createdAt, url: s.url, totalCents: s.root.value })), selected: d.selected, nonce: d.nonce }} />
              {!ctx.viewer && <p className="field-hint">Signed in, your nonce is filled in for you. <a href="/login?next=%2Fsolvency">Sign in</a></p>}
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
  daily: { every: 'Every day at 00:00 UTC', first: 'The first one is taken at the next 00:00 UTC.' },
  weekly: { every: 'Every Monday at 00:00 UTC', first: 'The first one is taken next Monday at 00:00 UTC.' },
  off: { every: 'From time to time', first: 'The first one is taken when the site\'s operator publishes it.' },
} as const;

function HowItWorks({ siteName }: { siteName: string }) {
  return (
    <section className="card solvency-how" aria-labelledby="how-title">
      <h2 id="how-title">How it works, and what it does not prove</h2>
      <p>
        Your balance is split at random into two to eight leaves. Each leaf's digest is an HMAC keyed by your account nonce,
        a secret only you and the site know, so nobody else can tell which leaves are yours or what they hold. All leaves of
        all players are shuffled and hashed pairwise, values added, up to one root whose value is the total.
      </p>
      <ul>
        <li>It proves your balance is counted, and that no leaf is negative (so nobody's balance is hidden by another's).</li>
        <li>It does not prove the amount is right: compare it with your balance at that time, which your history shows.</li>
        <li>It does not prove the reserves cover the total: the reserve figures are what our payment server reports.</li>
        <li>A player who never checks could have been left out without anyone noticing; every player is sent each proof so the site cannot guess who checks.</li>
        <li>It shows the ledger at one instant; money moves on after it.</li>
      </ul>
      <p>
        Check without this page: save the file and run <code className="mono">coinreel solvency verify FILE --nonce YOUR_NONCE</code> or the
        short independent script <code className="mono">node scripts/solvency-verify.mjs FILE --nonce YOUR_NONCE</code> from {siteName}'s
        source. The full scheme is in docs/solvency.md.
      </p>
    </section>
  );
}
