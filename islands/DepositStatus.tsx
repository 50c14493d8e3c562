import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getLocale } from '../src/i18n/paraglide/runtime.js';
import { INTL_LOCALE, type Lang } from '../src/i18n/lang';
import { dollarsToCents, formatCents } from '../src/shared/money';
import { api } from './_client/api';
import { navigation } from './_client/navigate';
import { realtime, startRealtime, subscribePush } from './_client/socket';
import { clock, WARNING_SECONDS, type Milestones } from './_ui/deposit-timer';
import { depositPhase, payable, secondsUntil, stillDueCents, type DepositFigures, type DepositPhase } from './_ui/deposit-phase';
import { AddressPanel, type DepositAddress, type DepositMethod } from './_ui/deposit-pay';
import { useDeadline } from './_ui/use-deadline';

export type { DepositAddress, DepositMethod } from './_ui/deposit-pay';
/** The deposit behind the destinations: what to pay and what has arrived. */
export type DepositSummary = {
  id: string;
  invoiceId: string | null;
  amountCents: number;
  btcAmount: string | null;
  status: string;
  invoiceStatus?: string | null;
  creditedCents: number;
  processingCents: number;
  /** When the invoice stops taking payments (ISO); null when unknown. */
  expiresAt?: string | null;
};
export type DepositStatusProps = {
  /** The deposit's own destinations, Lightning first (spec §2: it is the default tab). */
  addresses: DepositAddress[];
  deposit: DepositSummary;
  /** The server's clock when it rendered the page: the first render works the state out from it, as the server did. */
  renderedAtMs: number;
  /** Nobody may pay these for real (a payments demo, the sandbox on mainnet): each QR code says so. */
  demo?: boolean;
};

// While no socket can be held, the deposit is read this often so a paid deposit never shows as waiting.
export const DEPOSIT_POLL_MS = 10_000;

type Live = Omit<DepositFigures, 'expiresAtMs'> & { lightning: string | null };
type DepositAnswer = { data: { credited: number; processing: number; status: string; invoiceStatus: string | null; payment_methods: { paymentMethodId: string; destination: string }[] } };

const msOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/** The deposit's state: from the server at first, then re-read on every push, on reconnect and by polling. */
function useDepositState(deposit: DepositSummary, lightning: string | null): [Live, () => void] {
  const [live, setLive] = useState<Live>({
    status: deposit.status, invoiceStatus: deposit.invoiceStatus ?? null, amountCents: deposit.amountCents,
    creditedCents: deposit.creditedCents, processingCents: deposit.processingCents, lightning,
  });
  const reread = useRef<() => void>(() => undefined);
  useEffect(() => {
    let stopped = false;
    reread.current = async () => {
      try {
        const r = await api<DepositAnswer>(`/btc/deposit/${encodeURIComponent(deposit.id)}`, { quiet: true });
        if (stopped || !r.success || !r.data) return;
        const d = r.data;
        setLive({
          status: d.status, invoiceStatus: d.invoiceStatus ?? null, amountCents: deposit.amountCents,
          creditedCents: dollarsToCents(d.credited) ?? 0, processingCents: dollarsToCents(d.processing) ?? 0,
          lightning: d.payment_methods?.find((m) => m.paymentMethodId === 'BTC-LN')?.destination ?? null,
        });
      } catch {
        // Offline: the next poll or reconnect tries again.
      }
    };
    const again = () => void reread.current();
    const mine = (data: unknown) => (data as { depositId?: unknown } | null)?.depositId === deposit.id;
    const offs = [
      subscribePush('ready', again),
      subscribePush('InvoiceReceivedPayment', (d) => mine(d) && again()),
      subscribePush('InvoicePaymentSettled', (d) => mine(d) && again()),
    ];
    const poll = setInterval(() => {
      if (!realtime().connected && document.visibilityState !== 'hidden') again();
    }, DEPOSIT_POLL_MS);
    return () => {
      stopped = true;
      offs.forEach((off) => off());
      clearInterval(poll);
    };
  }, [deposit.id]);
  return [live, () => void reread.current()];
}

const TAB_LABEL: Record<DepositMethod, () => string> = { lightning: m.islands_deposit_tab_lightning, onchain: m.islands_deposit_tab_onchain };
/** What a screen reader hears at the countdown's milestones, in the page's language. */
const milestones = (): Milestones => ({ expired: m.islands_deposit_said_expired(), oneMinute: m.islands_deposit_said_one_minute(), fiveMinutes: m.islands_deposit_said_five_minutes() });
// Fixed ids, not useId: the server renders the island inside the whole page and the browser hydrates it as its
// own root, so useId would differ between the two (one deposit island per page, so fixed ids are unique).
const tabId = (m: DepositMethod) => `deposit-tab-${m}`;
const panelId = (m: DepositMethod) => `deposit-panel-${m}`;

/** The moment an invoice expires, for the page without script (which cannot count down): UTC, said so. */
export const deadlineText = (ms: number, lang: Lang = getLocale() as Lang) =>
  new Intl.DateTimeFormat(INTL_LOCALE[lang] ?? INTL_LOCALE.en, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(new Date(ms)) + ' UTC';

/**
 * spec §2 Bitcoin deposit, told by what happened to the money: while it is due, the tabs, QR codes, countdown and
 * destinations; once paid, partly paid, seen or expired, that news at the top in place of anything to pay.
 */
export default function DepositStatus({ addresses, deposit, renderedAtMs, demo = false }: DepositStatusProps) {
  const expiresAtMs = msOf(deposit.expiresAt);
  const [live, reread] = useDepositState(deposit, addresses.find((a) => a.method === 'lightning')?.address ?? null);
  const [now, setNow] = useState(renderedAtMs);
  const figures: DepositFigures = { ...live, expiresAtMs };
  const phase = depositPhase(figures, now);
  // The server sends destinations only while the invoice can be paid; without them there is nothing to pay here.
  const canPay = addresses.length > 0 && (phase === 'pending' || phase === 'partial') && payable(figures, now);
  const renderedLeft = expiresAtMs === null ? 0 : secondsUntil(expiresAtMs, renderedAtMs);
  const marks = milestones();
  const { left, said } = useDeadline(expiresAtMs, renderedLeft, canPay, marks);

  useEffect(() => {
    // The page opens at the top (spec §2) by the page's boot script (src/client/live/deposit-live.ts), at load: the
    // island wakes on the first tap, and scrolling then would take the player away from what they tapped.
    // Payment events for this deposit arrive over the page's socket (spec §4).
    startRealtime();
    setNow(Date.now());
  }, []);
  useEffect(() => {
    if (expiresAtMs === null || !canPay || left > 0) return;
    // The countdown ran out: the page shows the expiry, and asks the server whether a payment beat it.
    setNow(Date.now());
    reread();
  }, [left === 0]);
  // When the pay area goes (paid, expired) with focus in it, focus would fall to the page: it goes to the news instead,
  // so a keyboard or screen-reader player goes on from what happened to the money.
  const news = useRef<HTMLDivElement>(null);
  const couldPay = useRef(canPay);
  useEffect(() => {
    if (couldPay.current && !canPay && (document.activeElement === document.body || document.activeElement === null)) news.current?.focus();
    couldPay.current = canPay;
  }, [canPay]);
  useEffect(() => {
    // After a part payment the provider may issue a new Lightning invoice for the rest: its QR is drawn on the server.
    const shown = addresses.find((a) => a.method === 'lightning')?.address ?? null;
    if (canPay && live.lightning && shown && live.lightning !== shown) navigation.reload();
  }, [live.lightning]);

  return (
    // The milestones ride on the root for the boot script, which counts down before this island wakes (deposit-live.ts).
    <div className="deposit-status" data-said-expired={marks.expired} data-said-one-minute={marks.oneMinute} data-said-five-minutes={marks.fiveMinutes}>
      <div className="deposit-state" role="status" ref={news} tabIndex={-1}>
        <DepositNews phase={phase} figures={figures} canPay={canPay} />
      </div>
      {canPay && <PayArea addresses={addresses} left={expiresAtMs === null ? null : left} deadline={expiresAtMs} demo={demo} />}
      <p className="sr-only" aria-live="polite">
        {canPay ? said : ''}
      </p>
      <DepositFacts deposit={deposit} />
    </div>
  );
}

/** What happened to the money, first thing on the page. Nothing while the deposit simply waits for its payment. */
function DepositNews({ phase, figures, canPay }: { phase: DepositPhase; figures: DepositFigures; canPay: boolean }) {
  const { amountCents, creditedCents, processingCents } = figures;
  if (phase === 'paid')
    return (
      <div className="deposit-done">
        <p className="deposit-done-title">{m.islands_deposit_paid_title({ amount: formatCents(creditedCents) })}</p>
        {creditedCents > amountCents && <p>{m.islands_deposit_overpaid({ paid: formatCents(creditedCents), asked: formatCents(amountCents) })}</p>}
        <p className="deposit-done-links">
          <a className="btn btn-primary" href="/home#transfer">{m.islands_deposit_play_now()}</a>
          <a className="btn btn-ghost" href="/transactions?type=DEPOSIT">{m.islands_deposit_see_history()}</a>
        </p>
      </div>
    );
  if (phase === 'processing')
    return (
      <p className="deposit-processing">
        <span className="spinner" aria-hidden="true" />
        {m.islands_deposit_processing({ amount: formatCents(processingCents) })}
      </p>
    );
  if (phase === 'partial')
    return (
      <div className="deposit-partial">
        <p className="deposit-partial-title">{m.islands_deposit_still_due({ amount: formatCents(stillDueCents(figures)) })}</p>
        <p>{m.islands_deposit_part_arrived({ credited: formatCents(creditedCents), asked: formatCents(amountCents) })}</p>
        {!canPay && (
          <>
            <p>{m.islands_deposit_part_expired()}</p>
            <NewDepositButton />
          </>
        )}
      </div>
    );
  if (phase === 'expired')
    return (
      <div className="deposit-expired">
        <p className="deposit-expired-title">{m.islands_deposit_expired_title()}</p>
        <p>{m.islands_deposit_expired_text()}</p>
        <NewDepositButton />
      </div>
    );
  return null;
}

const NewDepositButton = () => (
  <p className="deposit-done-links">
    <a className="btn btn-primary" href="/deposit-bitcoin" data-deposit-open="">{m.islands_deposit_new()}</a>
  </p>
);

/** The tabs, countdown and destinations: only while the invoice can still be paid. */
function PayArea({ addresses, left, deadline, demo }: { addresses: DepositAddress[]; left: number | null; deadline: number | null; demo: boolean }) {
  const tabs = useRef<Partial<Record<DepositMethod, HTMLButtonElement | null>>>({});
  const [selected, setSelected] = useState<DepositMethod>(addresses[0]?.method ?? 'lightning');

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
    <>
      {left !== null && (
        <p className={`deposit-timer${left <= WARNING_SECONDS ? ' is-warning' : ''}`}>
          {`${m.islands_deposit_expires_in()} `}
          <span role="timer" className="deposit-clock">
            {clock(left)}
          </span>
        </p>
      )}
      {deadline !== null && <p className="deposit-deadline">{m.islands_deposit_pay_before({ deadline: deadlineText(deadline) })}</p>}
      <div className="tabs deposit-tabs" role="tablist" aria-label={m.islands_deposit_method()} onKeyDown={onTabKey}>
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
            {TAB_LABEL[a.method]()}
          </button>
        ))}
      </div>
      {addresses.map((a) => (
        <div key={a.method} id={panelId(a.method)} role="tabpanel" aria-labelledby={tabId(a.method)} className="deposit-panel" hidden={a.method !== selected}>
          <AddressPanel entry={a} demo={demo} />
        </div>
      ))}
    </>
  );
}

/** What to quote to support: the amount asked and the invoice id (also shown in history). */
function DepositFacts({ deposit }: { deposit: DepositSummary }) {
  return (
    <dl className="deposit-facts">
      <div>
        <dt>{m.islands_deposit_fact_deposit()}</dt>
        <dd>{formatCents(deposit.amountCents)}</dd>
      </div>
      {deposit.invoiceId && (
        <div>
          <dt>{m.islands_deposit_fact_invoice()}</dt>
          <dd><code>{deposit.invoiceId}</code></dd>
        </div>
      )}
    </dl>
  );
}
