import { adminLoad, adminPage, enc } from './admin-page';
import { SanctionsWarning } from './sanctions-warning';
import { AdminShell, Pager, Table, when, type Row } from './ui';

const STATUSES: [string, string][] = [['open', 'Open'], ['escalated', 'Escalated'], ['cleared', 'Cleared'], ['all', 'All']];

/** /admin/cases: the money-laundering watch's cases, newest first, by status and player. */
export default adminPage({
  title: 'Cases',
  load: (ctx) => {
    const q = ctx.url.searchParams;
    const status = q.get('status') ?? 'open';
    return adminLoad(ctx, {
      list: `/admin/cases?status=${enc(status)}&player=${enc(q.get('player') ?? '')}&page=${enc(q.get('page') ?? '1')}`,
      sanctions: '/admin/sanctions',
    });
  },
  render: (ctx) => {
    const data = (ctx.data as any).list ?? {};
    const list: Row[] = data.cases ?? [];
    const q = ctx.url.searchParams;
    const status = q.get('status') ?? 'open';
    return (
      <AdminShell ctx={ctx} title="Cases">
        <SanctionsWarning read={(ctx.data as any).sanctions} />
        {/* Status and player in one plain GET form: the filter is in the URL, and works before any script. */}
        <form method="get" className="admin-search" role="search">
          <label className="field"><span>Status</span>
            <select name="status" defaultValue={status}>{STATUSES.map(([v, label]) => <option key={v} value={v}>{label}</option>)}</select>
          </label>
          <label className="field"><span>Player (e-mail, Player ID or id)</span><input name="player" type="search" defaultValue={q.get('player') ?? ''} /></label>
          <button type="submit" className="btn btn-sm btn-primary">Show</button>
        </form>
        {!data.cases && data.message && <p className="field-error" role="alert">{data.message}</p>}
        <Table
          head={['Opened', 'Player', 'Rule', 'Severity', 'Hits', 'Last hit', 'Status']}
          empty="No case in this list."
          rows={list.map((c) => [
            when(c.openedAt), <a href={`/admin/players/${enc(c.userId)}`}>{c.email}</a>,
            <a href={`/admin/cases/${enc(c.id)}`}>{c.title}{c.holds ? ' (holds withdrawals)' : ''}</a>,
            <span className={c.severity === 'critical' || c.severity === 'high' ? 'admin-danger' : undefined}>{c.severity}</span>,
            c.hits, when(c.lastHitAt), c.status,
          ])}
        />
        <Pager ctx={ctx} pagination={data.pagination} />
      </AdminShell>
    );
  },
});
