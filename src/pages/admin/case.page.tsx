import { adminLoad, adminPage, apiAction, enc } from './admin-page';
import { CaseFacts } from './case-facts';
import { ActionForm, AdminShell, money, Table, when, type Row } from './ui';

/**
 * /admin/cases/:id: a case with every hit's facts, the other players involved, the player's waiting withdrawals and
 * their cash-out; Clear (the withdrawals it held are sent) or Escalate (held, cash-out frozen), and Unfreeze.
 */
export default adminPage({
  title: 'Case',
  load: async (ctx) => {
    const data = await adminLoad(ctx, { detail: `/admin/cases/${enc(ctx.params.id ?? '')}` });
    if (!data.detail?.case) throw new Response(null, { status: 303, headers: { location: '/admin/cases' } });
    return data;
  },
  actions: {
    clear: apiAction('POST', (f) => `/admin/cases/${enc(f.id ?? '')}/clear`, (f) => ({ reason: f.reason }), { confirm: true }),
    escalate: apiAction('POST', (f) => `/admin/cases/${enc(f.id ?? '')}/escalate`, (f) => ({ reason: f.reason }), { confirm: true }),
    unfreeze: apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/unfreeze`, (f) => ({ reason: f.reason }), { confirm: true }),
  },
  render: (ctx) => {
    const c: Row = (ctx.data as any).detail.case;
    const withdrawals: Row[] = c.withdrawals;
    const held = withdrawals.filter((w) => w.held);
    return (
      <AdminShell ctx={ctx} title={`${c.title}: ${c.email}`}>
        <dl className="admin-facts">
          <div><dt>Player</dt><dd><a href={`/admin/players/${enc(c.userId)}`}>{c.email}</a> (Player ID {c.playerId})</dd></div>
          <div><dt>Rule</dt><dd>{c.title}{c.holds ? ': holds withdrawals' : ''}</dd></div>
          <div><dt>Severity</dt><dd className={c.severity === 'critical' || c.severity === 'high' ? 'admin-danger' : undefined}>{c.severity}</dd></div>
          <div><dt>Status</dt><dd>{c.status}{c.reason ? `: ${c.reason}` : ''}{c.decidedAt ? ` (${when(c.decidedAt)})` : ''}</dd></div>
          <div><dt>Opened</dt><dd>{when(c.openedAt)}</dd></div>
          <div><dt>Hits</dt><dd>{c.hits} (last {when(c.lastHitAt)})</dd></div>
          <div><dt>Cash-out</dt><dd className={c.cashOutFrozen ? 'admin-danger' : undefined}>{c.cashOutFrozen ? `Frozen ${when(c.cashOutFrozen.at)}: ${c.cashOutFrozen.reason}` : 'Open'}</dd></div>
        </dl>
        <div className="admin-actions">
          {c.status !== 'cleared' && <ActionForm action="clear" id={c.id} label="Clear" reasonLabel="Reason (kept in the audit log)"
            confirm={held.length ? `Nothing found: send the ${held.length} withdrawal${held.length === 1 ? '' : 's'} it holds, unless another case or a freeze holds them` : 'Nothing found: close the case'} />}
          {c.status === 'open' && <ActionForm action="escalate" id={c.id} label="Escalate" danger reasonLabel="Reason (kept in the audit log)" confirm="Keep the withdrawals held and freeze the player's cash-out" />}
          {c.cashOutFrozen && <ActionForm action="unfreeze" id={c.userId} label="Unfreeze cash-out" reasonLabel="Reason (kept in the audit log)" confirm="Let the player withdraw again (withdrawals no open case holds are sent)" />}
        </div>
        <h2 className="admin-subtitle">What the rule saw</h2>
        <CaseFacts facts={c.facts} />
        {c.otherPlayers.length > 0 && (
          <>
            <h2 className="admin-subtitle">Other players involved</h2>
            <ul>{(c.otherPlayers as Row[]).map((p) => <li key={p.userId}><a href={`/admin/players/${enc(p.userId)}`}>{p.email}</a> (Player ID {p.playerId})</li>)}</ul>
          </>
        )}
        <h2 className="admin-subtitle">The player's waiting withdrawals</h2>
        <Table
          head={['Asked', 'Amount', 'Tip', 'To', 'State']}
          empty="No withdrawal is waiting."
          rows={withdrawals.map((w) => [when(w.createdAt), money(w.amount), money(w.tip), <span className="admin-mono">{w.currency} {w.destination}</span>,
            `${w.held ? 'held for review' : w.status}${w.payoutState ? ` (${w.payoutState})` : ''}`])}
        />
      </AdminShell>
    );
  },
});
