import { adminLoad, adminPage, apiAction, dollarsField, enc } from './admin-page';
import { ActionForm, AdminShell, money, Table, when, type Row } from './ui';
import { PageFormToken } from '../form-token-field';

/** /admin/codes: freeplay codes with their redemptions; issue and disable. */
export default adminPage({
  title: 'Freeplay codes',
  load: (ctx) => adminLoad(ctx, { list: '/admin/freeplay-codes' }),
  actions: {
    create: apiAction('POST', () => '/admin/freeplay-codes', (f) => ({
      ...(f.code?.trim() && { code: f.code.trim() }), amount: dollarsField(f.amount), cap: /^\d+$/.test(f.cap ?? '') ? Number(f.cap) : f.cap, expiresAt: f.expiresAt,
    })),
    disable: apiAction('POST', (f) => `/admin/freeplay-codes/${enc(f.id ?? '')}/disable`, (f) => ({ reason: f.reason })),
  },
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.codes ?? [];
    const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    return (
      <AdminShell ctx={ctx} title="Freeplay codes">
        <form method="post" className="admin-inline-form"><PageFormToken />
          <input type="hidden" name="_action" value="create" />
          <input type="hidden" name="_key" value={crypto.randomUUID()} />
          <label className="field"><span>Code (empty: random)</span><input name="code" maxLength={32} pattern="[A-Za-z0-9\-]{4,32}" autoComplete="off" /></label>
          <label className="field"><span>Amount ($)</span><input name="amount" inputMode="decimal" required /></label>
          <label className="field"><span>Redemption cap</span><input name="cap" inputMode="numeric" required defaultValue="1" /></label>
          <label className="field"><span>Expires</span><input name="expiresAt" type="date" required defaultValue={inMonth} /></label>
          <button type="submit" className="btn btn-sm btn-primary">Issue code</button>
        </form>
        <Table
          head={['Code', 'Amount', 'Redeemed', 'Recent', 'Expires', 'State', '']}
          empty="No codes yet."
          rows={list.map((c) => [
            <span className="admin-mono">{c.code}</span>, money(c.amount), `${c.redemptions} / ${c.cap}`, c.recentRedeemers.join(', '), when(c.expiresAt),
            c.disabled ? 'Disabled' : Date.parse(c.expiresAt) < Date.now() ? 'Expired' : 'Live',
            c.disabled ? '' : <ActionForm action="disable" id={c.code} label="Disable" danger reasonRequired={false} reasonLabel="Reason (optional)" />,
          ])}
        />
      </AdminShell>
    );
  },
});
