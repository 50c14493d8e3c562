import { adminLoad, adminPage, apiAction, enc } from './admin-page';
import { ActionForm, AdminShell, Table, type Row } from './ui';
import { PageFormToken } from '../form-token-field';

/** /admin/games: turn a game on or off and set its download link. */
export default adminPage({
  title: 'Games',
  load: (ctx) => adminLoad(ctx, { list: '/admin/games' }),
  actions: {
    toggle: apiAction('PATCH', (f) => `/admin/games/${enc(f.id ?? '')}`, (f) => ({ active: f.active === 'true', reason: f.reason || undefined }), { confirmWhen: (f) => f.active === 'false' }),
    link: apiAction('PATCH', (f) => `/admin/games/${enc(f.id ?? '')}`, (f) => ({ downloadUrl: f.downloadUrl })),
  },
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.games ?? [];
    return (
      <AdminShell ctx={ctx} title="Games">
        <p className="admin-hint">An inactive game leaves the players' lists and takes no new transfers; players can still redeem what is in it.</p>
        <Table
          head={['Game', 'State', 'Download link', '']}
          rows={list.map((g) => [
            g.name, g.active ? 'Active' : 'Inactive',
            <form method="post" className="admin-row-form"><PageFormToken />
              <input type="hidden" name="_action" value="link" /><input type="hidden" name="id" value={g.id} />
              <label className="sr-only" htmlFor={`link-${g.id}`}>Download link for {g.name}</label>
              <input id={`link-${g.id}`} name="downloadUrl" type="url" required defaultValue={g.downloadUrl} className="input" />
              <button type="submit" className="btn btn-sm btn-ghost">Save</button>
            </form>,
            // Turning a game off stops every player's transfers into it: asked for a reason and a tick first.
            <ActionForm action="toggle" id={g.id} label={g.active ? 'Deactivate' : 'Activate'} danger={g.active}
              extra={<input type="hidden" name="active" value={g.active ? 'false' : 'true'} />}
              reasonRequired={g.active} reasonLabel={g.active ? 'Reason (kept in the audit log)' : 'Reason (optional)'}
              confirm={g.active ? `Stop every player's transfers into ${g.name}` : undefined} />,
          ])}
        />
      </AdminShell>
    );
  },
});
