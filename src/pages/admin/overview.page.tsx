import { adminLoad, adminPage } from './admin-page';
import { AdminShell, money, when } from './ui';
import { SanctionsWarning } from './sanctions-warning';

/** /admin: the day at a glance. */
export default adminPage({
  title: 'Operator console',
  load: (ctx) => adminLoad(ctx, { overview: '/admin/overview', sanctions: '/admin/sanctions' }),
  render: (ctx) => {
    const o = (ctx.data as any).overview?.data ?? {};
    const tiles: [string, string, string?][] = [
      ['Owed to players', money(o.liabilities)], ['Deposits today', money(o.depositsToday)], ['Withdrawals today', money(o.withdrawalsToday)],
      ['Held deposits', `${o.heldPayments ?? ''} (${money(o.held)})`, '/admin/deposits#held'], ['Players in debt', `${o.playersInDebt ?? ''} (${money(o.owed)})`, '/admin/deposits#debts'],
      ['Open withdrawals', `${o.openWithdrawals ?? ''} (${o.withdrawalsAwaitingApproval ?? ''} awaiting approval)`, '/admin/withdrawals'], ['Open game tasks', String(o.openGameTasks ?? ''), '/admin/game-tasks'],
      ['Identity reviews waiting', String(o.identityReviews ?? ''), '/admin/identity'],
      ['Open cases', `${o.openCases ?? ''}${o.criticalCases ? ` (${o.criticalCases} critical)` : ''}`, '/admin/cases'],
      ['Ledger', o.ledgerVerify?.ok ? `Balanced (${when(o.ledgerVerify.at)})` : 'CHECK FAILED: run ledger:verify'],
      // A production site on the sandbox (PAYMENTS_SANDBOX_IN_PRODUCTION=on) says so instead of looking healthy.
      // So does the sandbox on mainnet outside production, whose addresses are real ones nobody holds the keys to.
      ['Payments', ctx.site.paymentsDemo
        ? 'sandbox: a payments demo (PAYMENTS_SANDBOX_IN_PRODUCTION=on). No deposit can be paid and no payout is sent; set BTCPAY_* to take real payments'
        : ctx.site.sandboxMainnet
          ? 'sandbox on mainnet (BITCOIN_NETWORK=mainnet, no BTCPay): its deposit addresses are real ones nobody holds the keys to, and Bitcoin sent to them is lost; the deposit page tells players not to send any. Set BTCPAY_* to take payments, or BITCOIN_NETWORK=regtest to develop'
          : `${o.payments?.provider ?? ''} ${o.payments?.ok ? 'reachable' : 'NOT reachable'}`],
    ];
    return (
      <AdminShell ctx={ctx} title="Overview">
        <SanctionsWarning read={(ctx.data as any).sanctions} />
        <dl className="admin-tiles">
          {tiles.map(([label, value, href]) => (
            <div key={label} className="admin-tile">
              <dt>{label}</dt>
              <dd>{href ? <a href={href}>{value}</a> : value}</dd>
            </div>
          ))}
        </dl>
      </AdminShell>
    );
  },
});
