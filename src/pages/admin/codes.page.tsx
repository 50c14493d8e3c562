import { adminLoad, adminPage, apiAction, dollarsField, enc } from './admin-page';
import { ActionForm, AdminShell, FieldInput, money, RefusedMessage, Table, when, type Row } from './ui';
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
    const refused = ctx.form?.action === 'create' ? ctx.form : undefined;
    return (
      <AdminShell ctx={ctx} title="Freeplay codes">
        <form method="post" className="admin-inline-form" aria-label="Issue a code"><PageFormToken />
          <input type="hidden" name="_action" value="create" />
          <input type="hidden" name="_key" value={crypto.randomUUID()} />
          <RefusedMessage form={refused} id="create-error" />
          <FieldInput f={{ name: 'code', label: 'Code (empty: random)', maxLength: 32, pattern: '[A-Za-z0-9\\-]{4,32}', title: '4 to 32 letters, digits or hyphens' }} refused={refused} errorId="create-error" />
          <FieldInput f={{ name: 'amount', label: 'Amount ($)', inputMode: 'decimal', required: true }} refused={refused} errorId="create-error" />
          <FieldInput f={{ name: 'cap', label: 'Redemption cap', inputMode: 'numeric', required: true, initial: '1' }} refused={refused} errorId="create-error" />
          <label className="field"><span>Expires (at the end of that day, UTC)</span><input name="expiresAt" type="date" required defaultValue={refused?.values.expiresAt ?? inMonth} /></label>
          <button type="submit" className="btn btn-sm btn-primary">Issue code</button>
        </form>
        <Table
          head={['Code', 'Amount', 'Redeemed', 'Recent', 'Expires', 'State', '']}
          empty="No codes yet."
          rows={list.map((c) => [
            <span className="admin-mono">{c.code}</span>, money(c.amount), `${c.redemptions.toLocaleString('en-US')} / ${c.cap.toLocaleString('en-US')}`, c.recentRedeemers.join(', '), when(c.expiresAt),
            c.disabled ? 'Disabled' : Date.parse(c.expiresAt) < Date.now() ? 'Expired' : 'Live',
            c.disabled ? '' : <ActionForm action="disable" id={c.code} label="Disable" danger reasonRequired={false} reasonLabel="Reason (optional)" />,
          ])}
        />
      </AdminShell>
    );
  },
});
