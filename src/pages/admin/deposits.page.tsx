import { adminLoad, adminPage, apiAction, enc } from './admin-page';
import { AdminShell, Filters, money, Table, when, type Row } from './ui';
import { PageFormToken } from '../form-token-field';

const status = (ctx: { url: URL }) => ctx.url.searchParams.get('status') ?? 'all';

/** /admin/deposits: recent deposits with their invoice state; recheck re-reads the invoice now. */
export default adminPage({
  title: 'Deposits',
  load: (ctx) => adminLoad(ctx, { list: `/admin/deposits?status=${enc(status(ctx))}` }),
  actions: { recheck: apiAction('POST', (f) => `/admin/deposits/${enc(f.id ?? '')}/recheck`, () => ({})) },
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.deposits ?? [];
    return (
      <AdminShell ctx={ctx} title="Deposits">
        <Filters ctx={ctx} name="status" options={[['all', 'All'], ['pending', 'Open'], ['completed', 'Completed'], ['expired', 'Expired'], ['failed', 'Failed']]} />
        <Table
          head={['Player', 'Asked', 'Credited', 'Unconfirmed', 'Status', 'Invoice', 'Created', '']}
          empty="No deposits in this list."
          rows={list.map((x) => [
            <a href={`/admin/players/${enc(x.userId)}`}>{x.email}</a>, money(x.amount), money(x.credited), money(x.processing), x.status,
            <span className="admin-mono">{x.invoiceStatus ?? '-'} {x.invoiceId ?? ''}</span>, when(x.createdAt),
            x.invoiceId ? (
              <form method="post"><PageFormToken /><input type="hidden" name="_action" value="recheck" /><input type="hidden" name="id" value={x.id} />
                <button type="submit" className="btn btn-sm btn-ghost">Re-check</button></form>
            ) : '',
          ])}
        />
      </AdminShell>
    );
  },
});
