import { adminLoad, adminPage, apiAction, dollarsField, enc } from './admin-page';
import { ActionForm, AdminShell, money, Pager, Table, when, type Row } from './ui';
import { resetTwoStepAction, twoStepRead, TwoStepFact, TwoStepReset } from './player-two-step';
import { IdentityFacts } from './identity-ui';
import { PlayerAuditTrail, playerAuditRead } from './player-audit';

// A history page number as typed in the URL; anything else reads the first page rather than failing the whole screen.
const historyPageOf = (url: URL) => (/^[1-9]\d{0,4}$/.test(url.searchParams.get('historyPage') ?? '') ? url.searchParams.get('historyPage')! : '1');

/** /admin/players/:id: profile, balance, history (paged, and as CSV), sessions, audit trail; lock, unlock, adjust, tax number. */
export default adminPage({
  title: 'Player',
  load: async (ctx) => {
    const id = ctx.params.id ?? '';
    const data = await adminLoad(ctx, {
      detail: `/admin/players/${enc(id)}?historyPage=${historyPageOf(ctx.url)}`, twoStep: twoStepRead(id), held: `/admin/players/${enc(id)}/held`,
      identity: `/admin/players/${enc(id)}/identity`, audit: playerAuditRead(id),
    });
    // An id that is no player (or not an id at all: a malformed escape reaches here as none) goes back to the list.
    if (!data.detail?.player) throw new Response(null, { status: 303, headers: { location: '/admin/players' } });
    return data;
  },
  actions: {
    lock: apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/lock`, (f) => ({ reason: f.reason }), { confirm: true }),
    unlock: apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/unlock`, (f) => ({ reason: f.reason })),
    reset2fa: resetTwoStepAction,
    // Held deposit money: the form names the held payment (id) and its player.
    releaseHeld: apiAction('POST', (f) => `/admin/players/${enc(f.player ?? '')}/held/${enc(f.id ?? '')}/release`, (f) => ({ reason: f.reason }), { confirm: true }),
    refundHeld: apiAction('POST', (f) => `/admin/players/${enc(f.player ?? '')}/held/${enc(f.id ?? '')}/refund`, (f) => ({ address: f.address, reason: f.reason }), { confirm: true }),
    adjust: apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/adjust`, (f) => ({ amount: dollarsField(f.amount), reason: f.reason }), { confirm: true }),
    // The tax number (the only way once a withdrawal has counted with it on file); never shown back after a refusal.
    setTax: apiAction('POST', (f) => `/admin/players/${enc(f.id ?? '')}/tax-details`, (f) => ({ tin: f.tin, reason: f.reason }), { confirm: true }),
  },
  render: (ctx) => {
    const d = (ctx.data as any).detail;
    const p: Row = d.player;
    const history: Row[] = d.history;
    return (
      <AdminShell ctx={ctx} title={p.email}>
        <dl className="admin-facts">
          <div><dt>Player ID</dt><dd>{p.playerId}</dd></div>
          <div><dt>Name</dt><dd>{p.name ?? '-'}</dd></div>
          <div><dt>Phone</dt><dd>{p.phoneNo ?? '-'}</dd></div>
          <div><dt>Balance</dt><dd><strong>{money(p.balance)}</strong></dd></div>
          {p.held > 0 && <div><dt>Held</dt><dd>{money(p.held)} (not spendable)</dd></div>}
          {p.owed > 0 && <div><dt>Owes</dt><dd className="admin-danger">{money(p.owed)} from a reversed deposit: withdrawals and transfers out are blocked</dd></div>}
          <div><dt>Verified</dt><dd>{when(p.verifiedAt) || 'no'}</dd></div>
          <div><dt>Since</dt><dd>{when(p.createdAt)}</dd></div>
          <div><dt>Status</dt><dd>{p.locked ? `Locked ${when(p.lockedAt)}` : 'Active'}{p.role === 'ADMIN' ? ' (operator)' : ''}</dd></div>
          <div><dt>Open sessions</dt><dd>{d.sessions.length}</dd></div>
          <TwoStepFact read={(ctx.data as any).twoStep} />
          <IdentityFacts read={(ctx.data as any).identity} />
        </dl>
        <div className="admin-actions">
          {p.locked
            ? <ActionForm action="unlock" id={p.id} label="Unlock" reasonRequired={false} reasonLabel="Reason (optional)" />
            : <ActionForm action="lock" id={p.id} label="Lock account" danger confirm="Sign them out everywhere and refuse sign-in" />}
          <ActionForm action="adjust" id={p.id} label="Adjust balance" confirm="Move this amount through the house adjustment account"
            fields={[{ name: 'amount', label: 'Amount in dollars (negative takes away)', inputMode: 'decimal', required: true, pattern: '-?\\d+(\\.\\d{1,2})?', title: 'Dollars and cents, like 25 or -10.50' }]} />
          <TwoStepReset id={p.id} read={(ctx.data as any).twoStep} />
          <ActionForm action="setTax" id={p.id} label="Change tax number" confirm="They asked for this and proved who they are; they will be e-mailed"
            fields={[{ name: 'tin', label: 'SSN or ITIN (9 digits)', inputMode: 'numeric', required: true, maxLength: 11 }]} />
        </div>
        <HeldPayments player={p.id} held={((ctx.data as any).held?.held ?? []) as Row[]} />
        <h2 className="admin-subtitle" id="movements">{`Movements (${d.historyPagination.total})`}</h2>
        {d.historyPagination.total > 0 && <p><a href={`/api/v1/admin/players/${enc(p.id)}/history.csv`} download>Download all as CSV</a></p>}
        <Table
          head={['When', 'Type', 'Amount', 'Status', 'Details']}
          empty={d.historyPagination.total > 0 ? 'No movements on this page.' : 'No movements yet.'}
          rows={history.map((h) => [when(h.createdAt), h.type, `${h.direction === 'in' ? '+' : '-'}${money(h.amount)}`, h.status, [h.game, h.counterparty, h.orderId, h.note && `Reason: ${h.note}`].filter(Boolean).join(' ')])}
        />
        <Pager ctx={ctx} pagination={d.historyPagination} param="historyPage" hash="movements" />
        <PlayerAuditTrail id={p.id} read={(ctx.data as any).audit} />
      </AdminShell>
    );
  },
});

const HELD_REASONS: Record<string, string> = { limit: 'past a deposit limit', cool_off: 'during a cool-off', self_exclusion: 'during a self-exclusion' };

/** Deposits held past a limit or during a break: release to the wallet, or refund to the address the player gives. */
function HeldPayments({ player, held }: { player: string; held: Row[] }) {
  if (!held.length) return null;
  const hidden = <input type="hidden" name="player" value={player} />;
  return (
    <>
      <h2 className="admin-subtitle">Held deposits</h2>
      <Table
        head={['Arrived', 'Amount', 'Why held', 'Status', 'Action']}
        empty="Nothing held."
        rows={held.map((h) => [when(h.createdAt), money(h.amount), HELD_REASONS[h.reason] ?? h.reason,
          h.status === 'refunded' ? `refunded to ${h.refundAddress} (payout ${h.withdrawalStatus})` : h.status,
          h.status === 'held' || (h.status === 'refunded' && (h.withdrawalStatus === 'cancelled' || h.withdrawalStatus === 'failed'))
            ? <div className="admin-actions">
                <ActionForm action="releaseHeld" id={h.id} label="Release to wallet" confirm="Move this money into the player's wallet" extra={hidden} />
                <ActionForm action="refundHeld" id={h.id} label="Refund" confirm="Send this amount as a Bitcoin payout to the address above"
                  extra={hidden} fields={[{ name: 'address', label: 'Bitcoin address the player gave', required: true, maxLength: 200 }]} />
              </div>
            : '-'])}
      />
    </>
  );
}
