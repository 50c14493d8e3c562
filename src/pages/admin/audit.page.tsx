import { adminLoad, adminPage } from './admin-page';
import { AdminShell, Pager, Table, when, type Row } from './ui';

const FILTERS = ['actor', 'action', 'from', 'to', 'page'] as const;
const query = (url: URL) => {
  const q = new URLSearchParams();
  for (const k of FILTERS) if (url.searchParams.get(k)) q.set(k, url.searchParams.get(k)!);
  return q;
};
const short = (v: unknown) => (v == null ? '' : JSON.stringify(v).slice(0, 160));

/** /admin/audit: every operator action, filtered, paged and as CSV. A row without an address was made by an operator command. */
export default adminPage({
  title: 'Audit log',
  load: (ctx) => adminLoad(ctx, { list: `/admin/audit?${query(ctx.url)}` }),
  render: (ctx) => {
    const data = (ctx.data as any).list ?? {};
    const list: Row[] = data.entries ?? [];
    const q = query(ctx.url);
    q.delete('page');
    const v = (k: string) => ctx.url.searchParams.get(k) ?? '';
    return (
      <AdminShell ctx={ctx} title="Audit log">
        <form method="get" className="admin-inline-form">
          <label className="field"><span>Operator</span><input name="actor" defaultValue={v('actor')} /></label>
          <label className="field"><span>Action</span><input name="action" defaultValue={v('action')} placeholder="withdrawal.approve" /></label>
          <label className="field"><span>From</span><input name="from" type="date" defaultValue={v('from')} /></label>
          <label className="field"><span>To</span><input name="to" type="date" defaultValue={v('to')} /></label>
          <button type="submit" className="btn btn-sm btn-primary">Filter</button>
          <a className="btn btn-sm btn-ghost" href={`/api/v1/admin/audit.csv?${q}`} download>CSV</a>
        </form>
        {!data.entries && <p className="alert alert-error">Those filters are not valid.</p>}
        <Table
          head={['When', 'Operator', 'Action', 'Target', 'Reason', 'Before', 'After', 'IP']}
          empty="Nothing recorded for these filters."
          rows={list.map((e) => [when(e.at), e.actor, e.action, <span className="admin-mono">{e.targetType} {e.targetId}</span>, e.reason ?? '', short(e.before), short(e.after), e.ip ?? 'command line'])}
        />
        <Pager ctx={ctx} pagination={data.pagination} />
      </AdminShell>
    );
  },
});
