import { adminLoad, adminPage, apiAction, dollarsField, enc } from './admin-page';
import { ActionForm, AdminShell, Filters, money, Table, when, type Row } from './ui';

const status = (ctx: { url: URL }) => ctx.url.searchParams.get('status') ?? 'open';
// What marking a task done does to the money, said where the operator ticks it.
const MOVES: Record<string, (amount: string) => string> = {
  load: (a) => `The player's held ${a} goes to the game for good`,
  redeem: (a) => `Credit the player's wallet with ${a} (or the amount confirmed)`,
};
const KINDS: Record<string, string> = { create_account: 'Create account', load: 'Load credits', redeem: 'Redeem credits', set_password: 'Reset password' };

// A redeem the back office confirmed for less than asked: the wallet got the confirmed sum, so the list says both.
const amountOf = (t: Row) => (typeof t.confirmed === 'number' && t.confirmed !== t.amount ? `${money(t.confirmed)} of ${money(t.amount)} asked` : money(t.amount));

/** /admin/game-tasks: the manual provider's queue. */
export default adminPage({
  title: 'Game tasks',
  load: (ctx) => adminLoad(ctx, { list: `/admin/game-tasks?status=${enc(status(ctx))}`, games: '/admin/games' }),
  actions: {
    // A load or redeem marked done moves money (held credits to the game, or the redeem into the wallet): ticked
    // first. Like every tick it guards against a slip; the API, for scripts, does not ask for it.
    complete: apiAction('POST', (f) => `/admin/game-tasks/${enc(f.id ?? '')}/complete`, (f) => ({ reference: f.reference, ...(f.amount?.trim() && { amount: dollarsField(f.amount) }) }),
      { confirmWhen: (f) => f.moves === 'yes' }),
    fail: apiAction('POST', (f) => `/admin/game-tasks/${enc(f.id ?? '')}/fail`, (f) => ({ reason: f.reason }), { confirm: true }),
  },
  render: (ctx) => {
    const list: Row[] = (ctx.data as any).list?.tasks ?? [];
    const names = new Map<string, string>((((ctx.data as any).games?.games ?? []) as Row[]).map((g) => [g.id, g.name]));
    return (
      <AdminShell ctx={ctx} title="Game tasks">
        <p className="admin-hint">Do each task in the game's back office, then mark it here. The password to set for account and reset tasks: <code>coinreel games tasks --show ID</code> (or <code>npm run games:tasks -- --show ID</code> in a checkout).</p>
        <Filters ctx={ctx} name="status" options={[['open', 'Open'], ['done', 'Done'], ['failed', 'Failed'], ['all', 'All']]} />
        <Table
          head={['Task', 'Game', 'User name', 'Amount', 'Created', 'State', '']}
          empty="No tasks in this list."
          rows={list.map((t) => [
            <span>{KINDS[t.kind] ?? t.kind}<br /><small className="admin-mono">{t.id}</small></span>,
            names.get(t.gameId) ?? t.gameId, <span className="admin-mono">{t.userName}</span>, amountOf(t), when(t.createdAt),
            `${t.status}${t.note ? `: ${t.note}` : ''}`,
            t.status === 'open' ? (
              <div className="admin-actions">
                <ActionForm action="complete" id={t.id} label="Done" field="reference" reasonLabel="Back-office reference"
                  fields={t.kind === 'redeem' ? [{ name: 'amount', label: `Amount confirmed, if less than ${money(t.amount)}`, inputMode: 'decimal' }] : undefined}
                  extra={MOVES[t.kind] && <input type="hidden" name="moves" value="yes" />} confirm={MOVES[t.kind]?.(money(t.amount))} />
                <ActionForm action="fail" id={t.id} label="Fail" danger reasonLabel="Reason (the player is told)" confirm={t.amount ? `Return ${money(t.amount)} to the player` : 'Fail this task'} />
              </div>
            ) : '',
          ])}
        />
      </AdminShell>
    );
  },
});
