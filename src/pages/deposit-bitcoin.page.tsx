import { EXPIRED_QR_TEXT } from '../../islands/_ui/deposit-timer';
import type { DepositAddress, DepositStatusProps } from '../../islands/DepositStatus';
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

async function load(ctx: PageContext): Promise<DepositStatusProps | null> {
  const found = depositAddresses(ctx.url);
  if (!found.length) return null;
  const addresses = await Promise.all(found.map(async (a) => ({ ...a, qrSvg: await qrSvg(a.address) })));
  // Drawn now and sent hidden, so the page can swap it in when the countdown ends without a QR library.
  const expiredQrSvg = found[0]!.method === 'lightning' ? await qrSvg(EXPIRED_QR_TEXT) : null;
  return { addresses, expiredQrSvg };
}

function HelpTip() {
  return (
    <span className="help-tip">
      <a className="help-icon" href="/support#faq" aria-describedby="deposit-help-tip">
        <span aria-hidden="true">?</span>
        <span className="sr-only">Deposit help</span>
      </a>
      <span className="help-tip-text" role="tooltip" id="deposit-help-tip">
        How to deposit with card
      </span>
    </span>
  );
}

const NEW_DEPOSIT = '/home#deposit';

function Deposit({ props }: { props: DepositStatusProps }) {
  return (
    <>
      <p className="deposit-lead">
        Send a BTC amount equal to the USD amount you want to deposit to the address shown below. Scan the QR code with
        your Cash App or Bitcoin wallet, or copy the address.
      </p>
      <Island name="DepositStatus" props={props} />
      <div className="deposit-actions">
        <a className="btn btn-ghost" href={NEW_DEPOSIT}>
          New Deposit
        </a>
      </div>
      <p className="deposit-note">
        <strong>Send crypto only to this address</strong> to avoid losing your funds. A new address is given for every
        deposit, so never reuse an old one.
      </p>
    </>
  );
}

function NoAddress() {
  return (
    <div className="empty-state deposit-empty">
      <h2>No deposit address yet</h2>
      <p>Start a deposit from your dashboard: enter the amount and you get a Bitcoin address and QR code to pay.</p>
      <a className="btn btn-primary" href={NEW_DEPOSIT}>
        Start a Deposit
      </a>
    </div>
  );
}

/** spec §2 Bitcoin deposit: shows the addresses it is given; creating the deposit happens before it. */
export default definePage({
  title: 'Bitcoin Deposit',
  access: 'private',
  load,
  render: (ctx: PageContext) => {
    const props = ctx.data as DepositStatusProps | null;
    return (
      <section className="page-section deposit-page" aria-labelledby="deposit-title">
        <div className="card deposit-card">
          <div className="deposit-head">
            <h1 id="deposit-title" className="deposit-title">
              Deposit with CashApp / Bitcoin
            </h1>
            <HelpTip />
          </div>
          {props ? <Deposit props={props} /> : <NoAddress />}
        </div>
      </section>
    );
  },
});
