import { adminLoad, adminPage, enc } from './admin-page';
import { AdminShell, money, Pager, Table, when, type Row } from './ui';

/** /admin/players: the players (never operators' own accounts), searched by e-mail, name, Player ID or id. */
export default adminPage({
  title: 'Players',
  load: (ctx) => adminLoad(ctx, { list: `/admin/players?q=${enc(ctx.url.searchParams.get('q') ?? '')}&page=${enc(ctx.url.searchParams.get('page') ?? '1')}` }),
  render: (ctx) => {
    const data = (ctx.data as any).list ?? {};
    const list: Row[] = data.players ?? [];
    return (
      <AdminShell ctx={ctx} title="Players">
        <form method="get" className="admin-search" role="search">
          <label className="field"><span>E-mail, name or Player ID</span><input name="q" type="search" defaultValue={ctx.url.searchParams.get('q') ?? ''} /></label>
          <button type="submit" className="btn btn-sm btn-primary">Search</button>
        </form>
        <Table
          head={['Player ID', 'E-mail', 'Name', 'Balance', 'Since', 'Status']}
          empty="No player matches."
          rows={list.map((p) => [
            p.playerId, <a href={`/admin/players/${enc(p.id)}`}>{p.email}</a>, p.name ?? '', money(p.balance), when(p.createdAt),
            // Locked first (an operator's decision, whatever the e-mail); an account whose e-mail is unverified cannot sign in yet.
            p.locked ? 'Locked' : p.emailVerified ? 'Active' : 'Unverified',
          ])}
        />
        <Pager ctx={ctx} pagination={data.pagination} />
      </AdminShell>
    );
  },
});
