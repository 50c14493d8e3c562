import { adminLoad, adminPage, enc } from './admin-page';
import { AdminShell, Table, when, type Row } from './ui';
import { ID_TYPES } from '../../services/identity/identity.context';

/** /admin/identity: submissions waiting for review, oldest first, and the yearly tax report. */
export default adminPage({
  title: 'Identity',
  load: (ctx) => adminLoad(ctx, { list: '/admin/identity' }),
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.submissions ?? [];
    const year = new Date().getUTCFullYear();
    return (
      <AdminShell ctx={ctx} title="Identity reviews">
        <Table
          head={['Submitted', 'Player', 'Legal name', 'State', 'ID', 'Note', '']}
          empty="No submissions waiting for review."
          rows={list.map((s) => [
            when(s.createdAt), <a href={`/admin/players/${enc(s.userId)}`}>{s.email}</a>, s.legalName, s.address?.state, ID_TYPES[s.idType]?.label ?? s.idType,
            s.reviewNote ? 'Address to check' : s.vendor ? `With ${s.vendor}` : '',
            <a className="btn btn-sm btn-primary" href={`/admin/identity/${enc(s.id)}`}>Review</a>,
          ])}
        />
        <h2 className="admin-subtitle">Tax report (1099)</h2>
        <p>Players whose completed withdrawals in a calendar year reached the threshold, with their full tax number. Every download is recorded in the audit log.</p>
        <form method="get" action="/api/v1/admin/tax-report" className="admin-inline-form">
          <input type="hidden" name="format" value="csv" />
          <label className="field"><span>Year</span><input name="year" type="number" min={2000} max={2100} defaultValue={year} required /></label>
          <button type="submit" className="btn btn-sm btn-primary">Download CSV</button>
        </form>
      </AdminShell>
    );
  },
});
