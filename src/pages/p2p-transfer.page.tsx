import { Paused } from './sections/paused';
import type { Receipt } from '../../islands/_ui/p2p-steps';
import { Island } from './island';
import { definePage, restrictionWords, type PageContext } from './page';
import { m } from '../i18n/paraglide/messages.js';
import { formKey } from './home-actions';
import { p2pActions } from './wallet-actions';

/** spec §2 P2P transfer. `?receipt=<transaction ID>` shows that sent transfer's receipt until it is dismissed. */
export default definePage({
  title: m.pages_p2p_title,
  access: 'private',
  actions: p2pActions,
  load: async (ctx) => {
    const id = ctx.url.searchParams.get('receipt');
    if (!id) return null;
    // Scoped by the API to the signed-in sender: another player's ID shows nothing.
    const r = await ctx.api?.(`/transfer/receipt/${encodeURIComponent(id)}`);
    return r?.success ? (r.receipt ?? null) : null;
  },
  render: (ctx: PageContext) => (
    <section className="page-section wallet-page p2p-page" aria-labelledby="p2p-title">
      <div className="card wallet-card p2p-card">
        <h1 id="p2p-title" className="card-title p2p-title">{m.pages_p2p_title()}</h1>
        <p className="card-subtitle">{m.pages_p2p_lead()}</p>
        <Paused reason={restrictionWords(ctx.viewer)?.reason} id="p2p-paused">
          <Island name="P2PTransferForm" props={{ walletCents: ctx.viewer!.walletCents, maxCents: ctx.site.maxAmountCents, form: ctx.form ?? null, formToken: ctx.formToken, formKey: formKey(), twoStep: ctx.viewer!.twoStep === true, receipt: (ctx.data as Receipt | null | undefined) ?? null }} />
        </Paused>
      </div>
    </section>
  ),
});
