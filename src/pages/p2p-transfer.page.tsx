import { Island } from './island';
import { definePage, type PageContext } from './page';
import { formKey } from './home-actions';
import { p2pActions } from './wallet-actions';

/** spec §2 P2P transfer. */
export default definePage({
  title: "Transfer Credits To Fellow's Account",
  access: 'private',
  actions: p2pActions,
  render: (ctx: PageContext) => (
    <section className="page-section wallet-page p2p-page" aria-labelledby="p2p-title">
      <div className="card wallet-card p2p-card">
        <h1 id="p2p-title" className="card-title p2p-title">Transfer Credits To Fellow's Account</h1>
        <p className="card-subtitle">Send credits from your wallet to another player by their e-mail address. It arrives at once.</p>
        <Island name="P2PTransferForm" props={{ walletCents: ctx.viewer!.walletCents, form: ctx.form ?? null, formToken: ctx.formToken, formKey: formKey(), twoStep: ctx.viewer!.twoStep === true }} />
      </div>
    </section>
  ),
});
