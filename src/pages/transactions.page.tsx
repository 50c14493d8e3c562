import { historyPlace, txPageFrom } from '../../islands/_ui/history-format';
import { PAGE_SIZE } from '../../islands/TransactionsTable';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { m } from '../i18n/paraglide/messages.js';

/**
 * spec §2 Transactions. The tab and page the URL asks for (`?type=DEPOSIT&page=2`, All and page 1 by default) are
 * in the first HTML, so a reload or Back shows the same; the island takes over from there.
 */
export default definePage({
  title: m.pages_tx_title,
  access: 'private',
  load: async (ctx) => {
    const { type, page } = historyPlace(ctx.url.searchParams);
    return txPageFrom(type, page, await ctx.api?.(`/transaction/transaction-List/${type}?page=${page}&limit=${PAGE_SIZE}`), PAGE_SIZE);
  },
  actions: {
    /** A withdrawal under review, cancelled by its player before any script has run: the same API call. */
    async cancelWithdrawal(ctx) {
      const back = ctx.url.pathname + ctx.url.search;
      const a = await ctx.send('POST', `/withdraw/${encodeURIComponent(ctx.fields.id ?? '')}/cancel`, {});
      // Either way the history again, with the answer over it (the row has moved on, or it has not).
      return { redirect: back, flash: a.json?.success ? { kind: 'success', message: String(a.json.message) } : { kind: 'error', message: String(a.json?.message || m.pages_tx_cancel_failed()) } };
    },
  },
  render: (ctx: PageContext) => (
    <section className="page-section wallet-page" aria-labelledby="transactions-title">
      <h1 id="transactions-title" className="page-title">{m.pages_tx_title()}</h1>
      <p className="page-lead">{m.pages_tx_lead()}</p>
      <div className="card wallet-card">
        <Island name="TransactionsTable" props={{ initial: (ctx.data as ReturnType<typeof txPageFrom>) ?? null, sandboxPayouts: ctx.site.sandboxPayments && ctx.sandboxControls === true, formToken: ctx.formToken }} />
      </div>
    </section>
  ),
});
