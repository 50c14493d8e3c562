import { adminLoad, adminPage, apiAction, enc } from './admin-page';
import { AdminShell, Filters, money, Pager, Table, when, type Row } from './ui';
import { PageFormToken } from '../form-token-field';

const status = (ctx: { url: URL }) => ctx.url.searchParams.get('status') ?? 'all';

/** /admin/deposits: recent deposits with their invoice state; recheck re-reads the invoice now. */
export default adminPage({
  title: 'Deposits',
  load: (ctx) => adminLoad(ctx, { list: `/admin/deposits?status=${enc(status(ctx))}&page=${enc(ctx.url.searchParams.get('page') ?? '1')}`, held: '/admin/held' }),
  actions: { recheck: apiAction('POST', (f) => `/admin/deposits/${enc(f.id ?? '')}/recheck`, () => ({})) },
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.deposits ?? [];
    const held: Row[] = (ctx.data as any).held?.held ?? [];
    const debts: Row[] = (ctx.data as any).held?.debts ?? [];
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
        <Pager ctx={ctx} pagination={(ctx.data as any).list?.pagination} />
        <h2 className="admin-subtitle" id="held">Held deposits</h2>
        <p>Money that arrived past a player's deposit limit or during a break. Release or refund it on the player's page.</p>
        <Table
          head={['Player', 'Amount', 'Why held', 'Arrived']}
          empty="Nothing is held."
          rows={held.map((h) => [<a href={`/admin/players/${enc(h.userId)}`}>{h.email}</a>, money(h.amount), h.reason, when(h.createdAt)])}
        />
        <h2 className="admin-subtitle" id="debts">Players in debt</h2>
        <p>A credited payment BTCPay later reported Invalid, more than the wallet still held. Their next deposits pay it back.</p>
        <Table
          head={['Player', 'Owes']}
          empty="Nobody owes anything."
          rows={debts.map((x) => [<a href={`/admin/players/${enc(x.userId)}`}>{x.email}</a>, money(x.owed)])}
        />
      </AdminShell>
    );
  },
});
