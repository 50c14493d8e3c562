import { txPageFrom } from '../../islands/_ui/history-format';
import { PAGE_SIZE } from '../../islands/TransactionsTable';
import { Island } from './island';
import { definePage, type PageContext } from './page';

/** spec §2 Transactions. The first tab's first page is in the first HTML; the island takes over from there. */
export default definePage({
  title: 'Transaction',
  access: 'private',
  load: async (ctx) => txPageFrom('TRANSFER', 1, await ctx.api?.(`/transaction/transaction-List/TRANSFER?page=1&limit=${PAGE_SIZE}`), PAGE_SIZE),
  render: (ctx: PageContext) => (
    <section className="page-section wallet-page" aria-labelledby="transactions-title">
      <h1 id="transactions-title" className="page-title">Transaction</h1>
      <p className="page-lead">Every movement of your credits: deposits, withdrawals, game transfers, P2P and freeplay.</p>
      <div className="card wallet-card">
        <Island name="TransactionsTable" props={{ initial: (ctx.data as ReturnType<typeof txPageFrom>) ?? null, sandboxPayouts: ctx.site.sandboxPayments }} />
      </div>
    </section>
  ),
});
