import { m } from '../../src/i18n/paraglide/messages.js';
import { Rich } from '../../src/i18n/rich';
import { copyText } from '../_client/clipboard';
import { toast } from '../_client/toast';
import { walletUri } from './deposit-phase';

export type DepositMethod = 'lightning' | 'onchain';
/** One destination the player may pay, with its QR code already drawn as SVG by the server. */
export type DepositAddress = { method: DepositMethod; address: string; qrSvg: string; amountBtc?: string | null };

type Kind = 'onchain' | 'lnAddress' | 'invoice';
const kindOf = (a: Pick<DepositAddress, 'method' | 'address'>): Kind => (a.method === 'onchain' ? 'onchain' : a.address.includes('@') ? 'lnAddress' : 'invoice');

/** What the destination is called, as a label. */
export const addressName = (a: Pick<DepositAddress, 'method' | 'address'>) =>
  ({ onchain: m.islands_deposit_name_onchain, lnAddress: m.islands_deposit_name_ln_address, invoice: m.islands_deposit_name_invoice })[kindOf(a)]();
/** …and inside a sentence ("the Bitcoin address"). */
const addressNoun = (a: Pick<DepositAddress, 'method' | 'address'>) =>
  ({ onchain: m.islands_deposit_noun_onchain, lnAddress: m.islands_deposit_noun_ln_address, invoice: m.islands_deposit_noun_invoice })[kindOf(a)]();

/** The toast after Copy names what is now on the clipboard. */
export const copiedText = (a: Pick<DepositAddress, 'method' | 'address'>) =>
  ({ onchain: m.islands_deposit_copied_onchain, lnAddress: m.islands_deposit_copied_ln_address, invoice: m.islands_deposit_copied_invoice })[kindOf(a)]();

/**
 * One tab's content: the QR code, the amount to send, the whole destination (selectable, wrapped: nothing is
 * hidden behind the Copy button) and a link that opens a wallet app on this same phone.
 */
export function AddressPanel({ entry, demo = false }: { entry: DepositAddress; demo?: boolean }) {
  const name = addressName(entry);
  const noun = addressNoun(entry);
  const fieldId = `deposit-address-${entry.method}`;

  async function copy() {
    if (await copyText(entry.address)) toast.success(copiedText(entry), { id: 'deposit-copy' });
    else toast.error(m.islands_deposit_copy_failed(), { id: 'deposit-copy' });
  }

  const invoice = entry.method === 'lightning';
  return (
    <div className="deposit-pay">
      {/* Each tab in its own words: a Lightning invoice is paid, once; an on-chain address is sent to. */}
      <p className="deposit-lead">
        {invoice ? m.islands_deposit_lead_invoice() : m.islands_deposit_lead_onchain()}
      </p>
      {demo ? (
        // Nobody may pay it for real: the words lie across the code itself, where a phone is pointed.
        <div className="deposit-qr deposit-qr-demo" role="img" aria-label={m.islands_deposit_qr_demo_label({ name: noun })}>
          <div dangerouslySetInnerHTML={{ __html: entry.qrSvg }} />
          <p className="deposit-qr-stamp" aria-hidden="true">{m.islands_deposit_qr_demo()}</p>
        </div>
      ) : (
        <div className="deposit-qr" role="img" aria-label={m.islands_deposit_qr_label({ name: noun })} dangerouslySetInnerHTML={{ __html: entry.qrSvg }} />
      )}
      {entry.amountBtc && (
        <p className="deposit-amount">
          {`${m.islands_deposit_send_exactly()} `}<strong>{entry.amountBtc} BTC</strong>
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
          {/* A wallet on this phone, ready to send real coins where nobody may: not offered in a demo. */}
          {!demo && (
            <a className="btn btn-primary btn-sm deposit-open" href={walletUri(entry.method, entry.address, entry.amountBtc)}>
              {m.islands_deposit_open_wallet()}<span className="sr-only">{` (${noun})`}</span>
            </a>
          )}
          <button type="button" className="btn btn-ghost btn-sm deposit-copy" onClick={copy}>
            {m.islands_deposit_copy()}<span className="sr-only">{` ${m.islands_deposit_copy_sr({ name: noun })}`}</span>
          </button>
        </div>
      </div>
      <p className="deposit-note">
        <Rich text={invoice ? m.islands_deposit_note_invoice() : m.islands_deposit_note_onchain()} />
      </p>
    </div>
  );
}
