import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { dollarsToCents, formatCents } from '../src/shared/money';
import { api } from './_client/api';
import { copyText } from './_client/clipboard';
import { paymentProcessingCents, paymentSettledCents } from './_client/signals';
import { realtime, startRealtime, subscribePush } from './_client/socket';
import { toast } from './_client/toast';
import { useSignalValue } from './_client/use-signal';
import { clock, shortAddress, WARNING_SECONDS } from './_ui/deposit-timer';
import { useCountdown } from './_ui/use-countdown';

export type DepositMethod = 'lightning' | 'onchain';
/** One address the player may pay, with its QR code already drawn as SVG by the server. */
export type DepositAddress = { method: DepositMethod; address: string; qrSvg: string; amountBtc?: string | null };
/** The deposit behind the addresses, when the page knows it: what to pay and what has arrived. */
export type DepositSummary = {
  id: string;
  invoiceId: string | null;
  amountCents: number;
  btcAmount: string | null;
  status: string;
  creditedCents: number;
  processingCents: number;
};
export type DepositStatusProps = {
  /** Lightning first when present (spec §2: it is the default tab). */
  addresses: DepositAddress[];
  /** The QR that replaces the Lightning one once its countdown ends; null without a Lightning address. */
  expiredQrSvg: string | null;
  deposit?: DepositSummary | null;
};

// While no socket can be held, the deposit is read this often so a paid deposit never shows as waiting.
export const DEPOSIT_POLL_MS = 10_000;

type Live = { creditedCents: number; processingCents: number; status: string };
type DepositAnswer = { data: { credited: number; processing: number; status: string } };

/** The deposit's state: from the server at first, then re-read on every push, on reconnect and by polling. */
function useDepositState(deposit: DepositSummary | null | undefined): Live | null {
  const [live, setLive] = useState<Live | null>(deposit ? { creditedCents: deposit.creditedCents, processingCents: deposit.processingCents, status: deposit.status } : null);
  useEffect(() => {
    if (!deposit) return;
    let stopped = false;
    const reread = async () => {
      try {
        const r = await api<DepositAnswer>(`/btc/deposit/${encodeURIComponent(deposit.id)}`, { quiet: true });
        if (!stopped && r.success && r.data)
          setLive({ creditedCents: dollarsToCents(r.data.credited) ?? 0, processingCents: dollarsToCents(r.data.processing) ?? 0, status: r.data.status });
      } catch {
        // Offline: the next poll or reconnect tries again.
      }
    };
    const mine = (data: unknown) => (data as { depositId?: unknown } | null)?.depositId === deposit.id;
    const offs = [
      subscribePush('ready', () => void reread()),
      subscribePush('InvoiceReceivedPayment', (d) => mine(d) && void reread()),
      subscribePush('InvoicePaymentSettled', (d) => mine(d) && void reread()),
    ];
    const poll = setInterval(() => {
      if (!realtime().connected && document.visibilityState !== 'hidden') void reread();
    }, DEPOSIT_POLL_MS);
    return () => {
      stopped = true;
      offs.forEach((off) => off());
      clearInterval(poll);
    };
  }, [deposit?.id]);
  return live;
}

const TAB_LABEL: Record<DepositMethod, string> = { lightning: 'BTC Lightning', onchain: 'BTC OnChain' };
// Fixed ids, not useId: the server renders the island inside the whole page and the browser hydrates it as its
// own root, so useId would differ between the two (one deposit island per page, so fixed ids are unique).
const tabId = (m: DepositMethod) => `deposit-tab-${m}`;
const panelId = (m: DepositMethod) => `deposit-panel-${m}`;
const addressName = (a: DepositAddress) =>
  a.method === 'onchain' ? 'Bitcoin address' : a.address.includes('@') ? 'Lightning address' : 'Lightning invoice';

/** spec §2 Bitcoin deposit: the address tabs, QR codes, Lightning countdown and live payment status. */
export default function DepositStatus({ addresses, expiredQrSvg, deposit }: DepositStatusProps) {
  const live = useDepositState(deposit);
  const tabs = useRef<Partial<Record<DepositMethod, HTMLButtonElement | null>>>({});
  const [selected, setSelected] = useState<DepositMethod>(addresses[0]?.method ?? 'lightning');
  const hasLightning = addresses.some((a) => a.method === 'lightning');
  const { left, said } = useCountdown(hasLightning ? addresses.map((a) => `${a.method}:${a.address}`).join('\n') : null);

  useEffect(() => {
    // spec §2: the page opens at the top (the player usually arrives from further down /home).
    window.scrollTo(0, 0);
    // Payment events for this deposit arrive over the page's socket (spec §4).
    startRealtime();
  }, []);

  function onTabKey(e: KeyboardEvent) {
    const at = addresses.findIndex((a) => a.method === selected);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: addresses.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const m = addresses[(next + addresses.length) % addresses.length]!.method;
    setSelected(m);
    tabs.current[m]?.focus();
  }

  return (
    <div className="deposit-status">
      <div className="tabs deposit-tabs" role="tablist" aria-label="Deposit method" onKeyDown={onTabKey}>
        {addresses.map((a) => (
          <button
            key={a.method}
            id={tabId(a.method)}
            ref={(el) => void (tabs.current[a.method] = el)}
            type="button"
            role="tab"
            className="tab"
            aria-selected={a.method === selected}
            aria-controls={panelId(a.method)}
            tabIndex={a.method === selected ? 0 : -1}
            onClick={() => setSelected(a.method)}
          >
            {TAB_LABEL[a.method]}
          </button>
        ))}
      </div>
      {addresses.map((a) => (
        <div
          key={a.method}
          id={panelId(a.method)}
          role="tabpanel"
          aria-labelledby={tabId(a.method)}
          className="deposit-panel"
          hidden={a.method !== selected}
        >
          <AddressPanel entry={a} left={a.method === 'lightning' ? left : null} expiredQrSvg={expiredQrSvg} />
        </div>
      ))}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
      <PaymentState live={live} />
      {deposit && <DepositFacts deposit={deposit} />}
    </div>
  );
}

type PanelProps = { entry: DepositAddress; left: number | null; expiredQrSvg: string | null };

/** One tab's content; `left` is the Lightning countdown (null for on-chain, which does not expire here). */
function AddressPanel({ entry, left, expiredQrSvg }: PanelProps) {
  const expired = left === 0;
  const name = addressName(entry);

  async function copy() {
    if (await copyText(entry.address)) toast.success('Link Copied', { id: 'deposit-copy' });
    else toast.error('Could not copy. Please scan the QR code instead.', { id: 'deposit-copy' });
  }

  return (
    <div className="deposit-pay">
      {left !== null && (
        <p className={`deposit-timer${left <= WARNING_SECONDS ? ' is-warning' : ''}`}>
          {expired ? (
            <strong>Expired</strong>
          ) : (
            <>
              {'Invoice expires in '}
              <span role="timer" className="deposit-clock">
                {clock(left)}
              </span>
            </>
          )}
        </p>
      )}
      <div className="deposit-qr" role="img" aria-label={`QR code of the ${name}`} hidden={expired} dangerouslySetInnerHTML={{ __html: entry.qrSvg }} />
      {expiredQrSvg !== null && left !== null && (
        <div className="deposit-qr is-expired" role="img" aria-label="Expired QR code" hidden={!expired} dangerouslySetInnerHTML={{ __html: expiredQrSvg }} />
      )}
      {entry.amountBtc && (
        <p className="deposit-amount">
          Send exactly <strong>{entry.amountBtc} BTC</strong>
        </p>
      )}
      <div className="deposit-address-row">
        <p className="deposit-address-label">
          {name}
        </p>
        <code className="deposit-address">
          {shortAddress(entry.address)}
        </code>
        <button type="button" className="btn btn-primary btn-sm deposit-copy" onClick={copy} disabled={expired}>
          Copy<span className="sr-only">{` the ${name}`}</span>
        </button>
      </div>
      {expired && <p className="alert alert-error deposit-expired">This invoice has expired. Start a New Deposit to get a new one.</p>}
    </div>
  );
}

const set = (c: number | null): c is number => c !== null && c > 0;

/**
 * spec §2 and §4: a payment seen but not yet confirmed, then settled. The push signals answer at once; the
 * deposit's re-read state (when the page knows its deposit) is the truth that a missed push cannot leave stale.
 */
function PaymentState({ live }: { live: Live | null }) {
  const pushedProcessing = useSignalValue(paymentProcessingCents, null);
  const pushedSettled = useSignalValue(paymentSettledCents, null);
  const processing = live ? (live.processingCents || null) : pushedProcessing;
  const settled = live ? (live.creditedCents || null) : pushedSettled;
  return (
    <div className="deposit-payment" role="status">
      {set(processing) ? (
        <p className="deposit-processing">
          <span className="spinner" aria-hidden="true" />
          {`Payment ${formatCents(processing)} received, waiting for confirmation.`}
        </p>
      ) : set(settled) ? (
        <p className="deposit-settled">{`Payment Settled: ${formatCents(settled)}`}</p>
      ) : live?.status === 'expired' ? (
        <p className="alert alert-error">This deposit expired before any payment arrived. Start a New Deposit to get a new invoice.</p>
      ) : null}
    </div>
  );
}

/** What to quote to support: the amount asked and the invoice id (also shown in history). */
function DepositFacts({ deposit }: { deposit: DepositSummary }) {
  return (
    <dl className="deposit-facts">
      <div>
        <dt>Deposit</dt>
        <dd>{formatCents(deposit.amountCents)}{deposit.btcAmount ? ` (${deposit.btcAmount} BTC)` : ''}</dd>
      </div>
      {deposit.invoiceId && (
        <div>
          <dt>Invoice ID</dt>
          <dd><code>{deposit.invoiceId}</code></dd>
        </div>
      )}
    </dl>
  );
}
