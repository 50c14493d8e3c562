import { EXPIRED_QR_TEXT } from '../../islands/_ui/deposit-timer';
import type { DepositAddress, DepositStatusProps, DepositSummary } from '../../islands/DepositStatus';
import type { DepositData } from '../api/deposits/deposits.model';
import { dollarsToCents } from '../shared/money';
import { depositActions, NewDepositForm } from './deposit-form';
import { Island } from './island';
import { definePage, type PageContext } from './page';
import { qrSvg } from './qr';

/** Longer than any BOLT11 invoice a wallet can scan from one QR code; anything longer is not an address. */
export const MAX_ADDRESS_CHARS = 2000;

// Only what the destinations can hold: BOLT11 invoices, LNURLs and bitcoin addresses (bech32 or base58) are
// letters and digits, optionally behind their URI scheme; a lightning address looks like an e-mail address.
const LIGHTNING = [/^(?:lightning:)?[a-z0-9]+$/i, /^[a-z0-9._+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/i];
const ONCHAIN = [/^(?:bitcoin:)?[a-z0-9]+$/i];

function accept(value: string | null, rules: RegExp[]): string | null {
  if (!value || value.length > MAX_ADDRESS_CHARS) return null;
  return rules.some((r) => r.test(value)) ? value : null;
}

/** The addresses of the query string (spec §2), Lightning first; a bad one is ignored as if absent. */
export function depositAddresses(url: URL): Omit<DepositAddress, 'qrSvg'>[] {
  const lightning = accept(url.searchParams.get('lightningAddress'), LIGHTNING);
  const onchain = accept(url.searchParams.get('onchainAddress'), ONCHAIN);
  return [
    ...(lightning ? [{ method: 'lightning' as const, address: lightning }] : []),
    ...(onchain ? [{ method: 'onchain' as const, address: onchain }] : []),
  ];
}

type Loaded = DepositStatusProps & { depositId: string | null };

/** The player's own deposit named by `?deposit=`, as the API reads it (scoped to them); null when absent or not theirs. */
async function ownDeposit(ctx: PageContext): Promise<DepositData | null> {
  const id = ctx.url.searchParams.get('deposit');
  if (!id || id.length > 64 || !ctx.api) return null;
  const r = await ctx.api(`/btc/deposit/${encodeURIComponent(id)}`);
  return (r?.data as DepositData | undefined) ?? null;
}

const summaryOf = (d: DepositData): DepositSummary => ({
  id: d.depositId, invoiceId: d.invoiceId, amountCents: dollarsToCents(d.amount) ?? 0, btcAmount: d.btcAmount, status: d.status,
  creditedCents: dollarsToCents(d.credited) ?? 0, processingCents: dollarsToCents(d.processing) ?? 0,
});

async function load(ctx: PageContext): Promise<Loaded | null> {
  const deposit = await ownDeposit(ctx);
  // A known deposit shows its own destinations (the query's may be stale after a partial Lightning payment).
  const found: Omit<DepositAddress, 'qrSvg'>[] = deposit
    ? deposit.payment_methods.map((m) => ({ method: m.paymentMethodId === 'BTC-LN' ? 'lightning' : 'onchain', address: m.destination, amountBtc: deposit.btcAmount }))
    : depositAddresses(ctx.url);
  if (!found.length) return null;
  // On-chain QR codes carry the amount as a BIP21 URI, so a wallet fills it in; Copy still copies the bare address.
  const uri = (a: Omit<DepositAddress, 'qrSvg'>) => (a.method === 'onchain' && a.amountBtc ? `bitcoin:${a.address}?amount=${a.amountBtc}` : a.address);
  const addresses = await Promise.all(found.map(async (a) => ({ ...a, qrSvg: await qrSvg(uri(a)) })));
  // Drawn now and sent hidden, so the page can swap it in when the countdown ends without a QR library.
  const expiredQrSvg = found[0]!.method === 'lightning' ? await qrSvg(EXPIRED_QR_TEXT) : null;
  return { addresses, expiredQrSvg, deposit: deposit ? summaryOf(deposit) : null, depositId: deposit?.depositId ?? null };
}

function HelpTip() {
  return (
    <span className="help-tip">
      <a className="help-icon" href="/support#how-to-deposit" aria-describedby="deposit-help-tip">
        <span aria-hidden="true">?</span>
        <span className="sr-only">Deposit help</span>
      </a>
      <span className="help-tip-text" role="tooltip" id="deposit-help-tip">
        How to deposit with Bitcoin or Cash App
      </span>
    </span>
  );
}

const NEW_DEPOSIT = '/deposit-bitcoin';

function Deposit({ props, ctx }: { props: Loaded; ctx: PageContext }) {
  const { depositId, ...island } = props;
  return (
    <>
      <p className="deposit-lead">
        Send a BTC amount equal to the USD amount you want to deposit to the address shown below. Scan the QR code with
        your Cash App or Bitcoin wallet, or copy the address.
      </p>
      <Island name="DepositStatus" props={island} />
      <div className="deposit-actions">
        <a className="btn btn-ghost" href={NEW_DEPOSIT} data-deposit-open="">
          New Deposit
        </a>
      </div>
      <p className="deposit-note">
        <strong>Send crypto only to this address</strong> to avoid losing your funds. A new address is given for every
        deposit, so never reuse an old one.
      </p>
      <p className="deposit-help-link">
        Paid but nothing arrived? See <a href="/support#how-to-deposit">how to deposit</a> and what to send support.
      </p>
      {depositId && ctx.site.sandboxPayments && ctx.sandboxControls && (
        <Island name="DepositSimulator" props={{ depositId, action: ctx.url.pathname + ctx.url.search, formToken: ctx.formToken }} />
      )}
    </>
  );
}

/**
 * spec §2 Bitcoin deposit: the deposit's addresses, QR codes and live state; with no deposit to show, the deposit
 * form (what every Deposit link reaches before its modal's script has run).
 */
export default definePage({
  title: 'Bitcoin Deposit',
  access: 'private',
  load,
  actions: depositActions,
  render: (ctx: PageContext) => {
    const props = ctx.data as Loaded | null;
    return (
      <section className="page-section deposit-page" aria-labelledby="deposit-title">
        <div className="card deposit-card">
          <div className="deposit-head">
            <h1 id="deposit-title" className="deposit-title">
              Deposit with CashApp / Bitcoin
            </h1>
            <HelpTip />
          </div>
          {props ? <Deposit props={props} ctx={ctx} /> : <NewDepositForm ctx={ctx} />}
        </div>
      </section>
    );
  },
});
