import type { DepositAddress, DepositStatusProps, DepositSummary } from '../../islands/DepositStatus';
import { arrivedState, depositPhase, payable, walletUri, type ArrivedState } from '../../islands/_ui/deposit-phase';
import { depositPageUrl } from '../shared/paths';
import type { DepositData } from '../api/deposits/deposits.model';
import { dollarsToCents } from '../shared/money';
import { depositActions, NewDepositForm } from './deposit-form';
import { Island } from './island';
import { definePage, restrictionWords, type PageContext } from './page';
import { qrSvg } from './qr';
import { Paused } from './sections/paused';
import { FlashHere } from './flash-here';
import { m } from '../i18n/paraglide/messages.js';
import { Rich } from '../i18n/rich';

type Loaded = { kind: 'deposit'; island: DepositStatusProps; arrived: ArrivedState } | { kind: 'form' } | { kind: 'not-found' };

/** The player's own deposit named by `?deposit=`, as the API reads it (scoped to them); null when not theirs. */
async function ownDeposit(ctx: PageContext, id: string): Promise<DepositData | null> {
  if (id.length > 64 || !ctx.api) return null;
  const r = await ctx.api(`/btc/deposit/${encodeURIComponent(id)}`);
  return (r?.data as DepositData | undefined) ?? null;
}

const summaryOf = (d: DepositData): DepositSummary => ({
  id: d.depositId, invoiceId: d.invoiceId, amountCents: dollarsToCents(d.amount) ?? 0, btcAmount: d.btcAmount, status: d.status,
  invoiceStatus: d.invoiceStatus, creditedCents: dollarsToCents(d.credited) ?? 0, processingCents: dollarsToCents(d.processing) ?? 0, expiresAt: d.expiresAt,
});

/**
 * Payment destinations come only from the signed-in player's own deposit, found by its id: an address in the
 * query string is never shown (a link on our own domain must not be able to collect a player's payment).
 */
async function load(ctx: PageContext): Promise<Loaded> {
  const id = ctx.url.searchParams.get('deposit');
  if (!id) return { kind: 'form' };
  const deposit = await ownDeposit(ctx, id);
  if (!deposit) return { kind: 'not-found' };
  const summary = summaryOf(deposit);
  const now = Date.now();
  const figures = { ...summary, invoiceStatus: summary.invoiceStatus ?? null, expiresAtMs: deposit.expiresAt ? Date.parse(deposit.expiresAt) : null };
  const phase = depositPhase(figures, now);
  // Nothing to pay any more (paid, seen, expired): its destinations are not even sent to the page.
  const open = (phase === 'pending' || phase === 'partial') && payable(figures, now);
  const found = (open ? deposit.payment_methods : []).map((m) => ({
    method: m.paymentMethodId === 'BTC-LN' ? ('lightning' as const) : ('onchain' as const), address: m.destination, amountBtc: deposit.btcAmount,
  }));
  // QR codes carry what Open in wallet opens: BOLT11 as lightning:, an address as BIP21 with the amount, so a
  // wallet fills it in; Copy still copies the bare destination.
  const addresses: DepositAddress[] = await Promise.all(found.map(async (a) => ({ ...a, qrSvg: await qrSvg(walletUri(a.method, a.address, a.amountBtc)) })));
  const arrived = arrivedState({ ...summary, heldCents: dollarsToCents(deposit.held) ?? 0 });
  return { kind: 'deposit', island: { addresses, deposit: summary, renderedAtMs: now, ...(noRealDeposits(ctx) && { demo: true }) }, arrived };
}

/**
 * Deposits here are a sandbox's that nobody may pay for real: production's payments demo, and the sandbox on mainnet
 * outside production, whose addresses are real ones nobody holds the keys to. The page says so, and so do its QR codes.
 */
const noRealDeposits = (ctx: PageContext) => !!(ctx.site.paymentsDemo || ctx.site.sandboxMainnet);

function HelpTip() {
  return (
    <span className="help-tip">
      <a className="help-icon" href="/support#how-to-deposit" aria-describedby="deposit-help-tip">
        <span aria-hidden="true">?</span>
        <span className="sr-only">{m.pages_deposit_help()}</span>
      </a>
      <span className="help-tip-text" role="tooltip" id="deposit-help-tip">
        {m.pages_deposit_help_tip()}
      </span>
    </span>
  );
}

const NEW_DEPOSIT = '/deposit-bitcoin';

function Deposit({ island, arrived, ctx }: { island: DepositStatusProps; arrived: ArrivedState; ctx: PageContext }) {
  return (
    <>
      <Island name="DepositStatus" props={island} />
      <div className="deposit-actions">
        <a className="btn btn-ghost" href={NEW_DEPOSIT} data-deposit-open="">
          {m.pages_deposit_new()}
        </a>
      </div>
      <p className="deposit-help-link">
        <Rich text={m.pages_deposit_nothing_arrived()} links={[(w) => <a href="/support#how-to-deposit">{w}</a>]} />
      </p>
      {ctx.site.sandboxPayments && ctx.sandboxControls && (
        <>
          <Island name="DepositSimulator" props={{ depositId: island.deposit.id, action: depositPageUrl({ depositId: island.deposit.id }), formToken: ctx.formToken, arrived }} />
          {/* A hand-made payment's answer stays with its buttons: the top of the page is for the deposit's own state. */}
          <FlashHere flash={ctx.flash} at="simulate" />
        </>
      )}
    </>
  );
}

function NotFound() {
  return (
    <>
      <p className="alert alert-error" role="alert">{m.pages_deposit_not_found()}</p>
      <div className="deposit-actions">
        <a className="btn btn-primary" href={NEW_DEPOSIT} data-deposit-open="">
          {m.pages_deposit_new()}
        </a>
      </div>
    </>
  );
}

/**
 * spec §2 Bitcoin deposit: the deposit's addresses, QR codes and live state; with no deposit to show, the deposit
 * form (what every Deposit link reaches before its modal's script has run).
 */
export default definePage({
  title: m.pages_deposit_title,
  access: 'private',
  load,
  actions: depositActions,
  // Another player's deposit (or none) at that id is a 404, not an empty page with a 200.
  status: (ctx) => ((ctx.data as Loaded | undefined)?.kind === 'not-found' ? 404 : undefined),
  render: (ctx: PageContext) => {
    const data = ctx.data as Loaded;
    return (
      <section className="page-section deposit-page" aria-labelledby="deposit-title">
        <div className="card deposit-card">
          <div className="deposit-head">
            <h1 id="deposit-title" className="deposit-title">
              {m.pages_deposit_heading()}
            </h1>
            <HelpTip />
          </div>
          {noRealDeposits(ctx) && (
            <p className="alert alert-error deposit-demo" role="note">
              <Rich text={m.pages_deposit_demo()} />
            </p>
          )}
          {data.kind === 'deposit' ? <Deposit island={data.island} arrived={data.arrived} ctx={ctx} /> : data.kind === 'not-found' ? <NotFound /> : (
            <Paused reason={restrictionWords(ctx.viewer)?.reason} id="deposit-paused">
              <NewDepositForm ctx={ctx} />
            </Paused>
          )}
        </div>
      </section>
    );
  },
});
