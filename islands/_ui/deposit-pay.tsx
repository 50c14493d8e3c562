import { copyText } from '../_client/clipboard';
import { toast } from '../_client/toast';
import { walletUri } from './deposit-phase';

export type DepositMethod = 'lightning' | 'onchain';
/** One destination the player may pay, with its QR code already drawn as SVG by the server. */
export type DepositAddress = { method: DepositMethod; address: string; qrSvg: string; amountBtc?: string | null };

export const addressName = (a: Pick<DepositAddress, 'method' | 'address'>) =>
  a.method === 'onchain' ? 'Bitcoin address' : a.address.includes('@') ? 'Lightning address' : 'Lightning invoice';

/** The toast after Copy names what is now on the clipboard. */
export const copiedText = (a: Pick<DepositAddress, 'method' | 'address'>) =>
  a.method === 'onchain' ? 'Address copied' : a.address.includes('@') ? 'Lightning address copied' : 'Invoice copied';

/**
 * One tab's content: the QR code, the amount to send, the whole destination (selectable, wrapped: nothing is
 * hidden behind the Copy button) and a link that opens a wallet app on this same phone.
 */
export function AddressPanel({ entry }: { entry: DepositAddress }) {
  const name = addressName(entry);
  const fieldId = `deposit-address-${entry.method}`;

  async function copy() {
    if (await copyText(entry.address)) toast.success(copiedText(entry), { id: 'deposit-copy' });
    else toast.error('Could not copy. Please scan the QR code instead.', { id: 'deposit-copy' });
  }

  const invoice = entry.method === 'lightning';
  return (
    <div className="deposit-pay">
      {/* Each tab in its own words: a Lightning invoice is paid, once; an on-chain address is sent to. */}
      <p className="deposit-lead">
        {invoice
          ? 'Pay the Lightning invoice below with your Cash App or Bitcoin wallet: scan the QR code, or copy the invoice. It asks for the BTC amount of your deposit.'
          : 'Send a BTC amount equal to the USD amount you want to deposit to the address below. Scan the QR code with your Cash App or Bitcoin wallet, or copy the address.'}
      </p>
      <div className="deposit-qr" role="img" aria-label={`QR code of the ${name}`} dangerouslySetInnerHTML={{ __html: entry.qrSvg }} />
      {entry.amountBtc && (
        <p className="deposit-amount">
          Send exactly <strong>{entry.amountBtc} BTC</strong>
        </p>
      )}
      <div className="deposit-address-row">
        <p className="deposit-address-label">
          {name}
        </p>
        <code className="deposit-address" id={fieldId}>
          {entry.address}
        </code>
        <div className="deposit-address-actions">
          <a className="btn btn-primary btn-sm deposit-open" href={walletUri(entry.method, entry.address, entry.amountBtc)}>
            Open in wallet<span className="sr-only">{` (${name})`}</span>
          </a>
          <button type="button" className="btn btn-ghost btn-sm deposit-copy" onClick={copy}>
            Copy<span className="sr-only">{` the ${name}`}</span>
          </button>
        </div>
      </div>
      <p className="deposit-note">
        {invoice ? (
          <><strong>Pay only this invoice</strong>, and only once. Every deposit gets a new invoice, so never pay an old one.</>
        ) : (
          <><strong>Send crypto only to this address</strong> to avoid losing your funds. A new address is given for every deposit, so never reuse an old one.</>
        )}
      </p>
    </div>
  );
}
