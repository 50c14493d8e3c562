import { adminLoad, adminPage, apiAction, enc } from './admin-page';
import { ActionForm, AdminShell, Filters, money, Pager, Table, type Row } from './ui';

const status = (ctx: { url: URL }) => ctx.url.searchParams.get('status') ?? 'pending';

/**
 * A completed withdrawal's payout id and its proof of payment (the txid, or a Lightning payment's hash and preimage),
 * for an operator answering "where is my money?"; nothing when BTCPay recorded none.
 */
function Paid({ w }: { w: Row }) {
  const p = w.proof;
  const lines: [string, string][] = [];
  if (w.payoutId) lines.push(['Payout', w.payoutId]);
  if (p?.kind === 'transaction' && p.txid) lines.push(['Transaction', p.txid]);
  if (p?.kind === 'transaction' && !p.txid && p.link) lines.push(['Proof', p.link]);
  if (p?.kind === 'lightning' && p.paymentHash) lines.push(['Payment hash', p.paymentHash]);
  if (p?.kind === 'lightning' && p.preimage) lines.push(['Preimage', p.preimage]);
  return <>{lines.map(([k, v]) => <div key={k} className="admin-mono">{`${k}: ${v}`}</div>)}</>;
}

/** /admin/withdrawals: the queue, with approve and reject (reason required, confirmed). */
export default adminPage({
  title: 'Withdrawals',
  load: (ctx) => adminLoad(ctx, { list: `/admin/withdrawals?status=${enc(status(ctx))}&page=${enc(ctx.url.searchParams.get('page') ?? '1')}` }),
  actions: {
    approve: apiAction('POST', (f) => `/admin/withdrawals/${enc(f.id ?? '')}/approve`, (f) => ({ reason: f.reason }), { confirm: true }),
    reject: apiAction('POST', (f) => `/admin/withdrawals/${enc(f.id ?? '')}/reject`, (f) => ({ reason: f.reason }), { confirm: true }),
  },
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.withdrawals ?? [];
    return (
      <AdminShell ctx={ctx} title="Withdrawals">
        <Filters ctx={ctx} name="status" options={[['pending', 'Open'], ['creating', 'Not yet at BTCPay'], ['completed', 'Completed'], ['cancelled', 'Cancelled'], ['all', 'All']]} />
        <Table
          head={['Player', 'Amount', 'Tip', 'To', 'Age', 'Last 30 days', 'State', '']}
          empty="No withdrawals in this list."
          rows={list.map((w) => [
            <a href={`/admin/players/${enc(w.userId)}`}>{w.email}</a>,
            <strong>{money(w.amount)}</strong>,
            money(w.tip),
            <span className="admin-mono">{w.currency} {w.destination}</span>,
            w.ageMinutes < 120 ? `${w.ageMinutes} min` : `${Math.floor(w.ageMinutes / 60)} h`,
            `in ${money(w.last30Days.deposits)} / out ${money(w.last30Days.withdrawals)}`,
            // The API gives BTCPay's state only while the withdrawal is open; once it has ended, the status says how.
            // One element: on a phone a cell is a two-column grid (its label, then its value), where loose lines would
            // each take a column and the payout id land under the label.
            <div>
              {`${w.status}${w.payoutState ? ` (${w.payoutState})` : ''}${w.reason ? `: ${w.reason}` : ''}`}
              {w.held && <> · <a href={`/admin/cases?status=all&player=${enc(w.userId)}`}>held for review</a></>}
              {w.status === 'completed' && <Paid w={w} />}
            </div>,
            w.status === 'pending' || w.status === 'creating' ? (
              <div className="admin-actions">
                {w.payoutState === 'AwaitingApproval' && !w.held && <ActionForm action="approve" id={w.id} label="Approve" confirm={`Send ${money(w.amount)} to this destination`} />}
                <ActionForm action="reject" id={w.id} label="Reject" danger reasonLabel="Reason (the player is told)" confirm={`Return ${money(w.amount + w.tip)} to the wallet`} />
              </div>
            ) : '',
          ])}
        />
        <Pager ctx={ctx} pagination={(ctx.data as any).list?.pagination} />
      </AdminShell>
    );
  },
});
