import { adminLoad, adminPage, enc } from './admin-page';
import { AdminShell, Pager, Table, when, type Row } from './ui';
import { formatCents } from '../../shared/money';

const FILTERS = ['actor', 'action', 'target', 'from', 'to', 'page'] as const;
const query = (url: URL) => {
  const q = new URLSearchParams();
  for (const k of FILTERS) if (url.searchParams.get(k)) q.set(k, url.searchParams.get(k)!);
  return q;
};
const words = (key: string) => key.replace(/Cents$/, '').replace(/At$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** One recorded value as an operator reads it: cents as dollars, epoch milliseconds as a UTC time, yes/no. */
function readable(key: string, v: unknown): string {
  if (typeof v === 'number' && key.endsWith('Cents')) return formatCents(v);
  if (typeof v === 'number' && /At$/.test(key) && v > 1e11) return `${new Date(v).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v == null) return '—';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Before / After: each recorded field on its own line, named in words, instead of raw JSON. */
function Details({ value }: { value: unknown }) {
  if (value == null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return <span>{readable('', value)}</span>;
  return (
    <ul className="admin-details">
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <li key={k}><span className="muted">{`${words(k)}:`}</span>{` ${readable(k, v)}`}</li>
      ))}
    </ul>
  );
}

/** A row's target; a player's (an account: type user) links to their console page. */
const Target = ({ e }: { e: Row }) => e.targetType === 'user'
  ? <a className="admin-mono" href={`/admin/players/${enc(e.targetId)}`}>{`user ${e.targetId}`}</a>
  : <span className="admin-mono">{e.targetType} {e.targetId}</span>;

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
          <label className="field"><span>Target</span><input name="target" defaultValue={v('target')} placeholder="player or withdrawal id" /></label>
          <label className="field"><span>From</span><input name="from" type="date" defaultValue={v('from')} /></label>
          <label className="field"><span>To</span><input name="to" type="date" defaultValue={v('to')} /></label>
          <button type="submit" className="btn btn-sm btn-primary">Filter</button>
          <a className="btn btn-sm btn-ghost" href={`/api/v1/admin/audit.csv?${q}`} download>CSV</a>
        </form>
        {!data.entries && <p className="alert alert-error" role="alert">{`Those filters are not valid${data.errors?.[0]?.message ? `: ${data.errors[0].message}` : '.'}`}</p>}
        <Table
          head={['When (UTC)', 'Operator', 'Action', 'Target', 'Reason', 'Before', 'After', 'IP']}
          empty="Nothing recorded for these filters."
          rows={list.map((e) => [when(e.at), e.actor, e.action, <Target e={e} />, e.reason ?? '', <Details value={e.before} />, <Details value={e.after} />, e.ip ?? 'command line'])}
        />
        <Pager ctx={ctx} pagination={data.pagination} />
      </AdminShell>
    );
  },
});
