import { m } from '../src/i18n/paraglide/messages.js';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { api } from './_client/api';
import { subscribePush } from './_client/socket';
import { useHydrated } from './_client/use-hydrated';
import { historyHref, historyPlace, TX_TABS, TX_TYPES, txPageFrom, UNDER_REVIEW, type Tx, type TxPage, type TxType } from './_ui/history-format';
import { CsvDownload } from './_ui/csv-download';
import { Pagination } from './_ui/pagination';
import { TransactionRows } from './_ui/transaction-rows';
import { FormToken } from './_ui/form-token';

/** The English of a failed load with no word from the server; the table says it in its page's language. */
export const LOAD_FAILED = 'Failed to load transactions';
export const PAGE_SIZE = 10;
/** Pushes that arrive together (the balance, the notification, the withdrawal) are read as one. */
export const LIVE_READ_DELAY_MS = 150;

export type TransactionsTableProps = {
  initial: TxPage | null;
  /** Sandbox payments outside production: pending withdrawals whose payout is approved offer Complete and Cancel, to try both endings. */
  sandboxPayouts?: boolean;
  /** The per-session token of the plain form that cancels a withdrawal under review. */
  formToken?: string;
};
type View = { status: 'loading' } | { status: 'ready'; data: TxPage } | { status: 'failed'; message: string };

/**
 * spec §2 Transactions: All and a tab per type, the history table, and its pagination. Tabs and pages are links to
 * `?type=…&page=…` (they work without script); with it they load in place and push the URL, and Back and Forward
 * bring the tab and page back.
 */
export default function TransactionsTable({ initial, sandboxPayouts = false, formToken }: TransactionsTableProps) {
  const [type, setType] = useState<TxType>(initial?.type ?? 'ALL');
  const [view, setView] = useState<View>(initial ? { status: 'ready', data: initial } : { status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A page button disappears while its page loads; focus then goes to the new rows, not to the top of the page.
  const focusRows = useRef(false);
  const local = useHydrated();
  const ids = useId();

  useEffect(() => {
    if (view.status !== 'loading' && focusRows.current) {
      focusRows.current = false;
      const el = panel.current;
      el?.focus({ preventScroll: true });
      // A page chosen at the foot of a long table starts at its first row, not part-way down (the header's height is
      // the page's scroll padding).
      if (el && el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
    }
  }, [view]);

  async function load(t: TxType, page: number) {
    // A newer choice cancels the older request, so a slow answer can never overwrite the tab now shown.
    inFlight.current?.abort();
    const ctl = new AbortController();
    inFlight.current = ctl;
    setView({ status: 'loading' });
    try {
      const r = await api(`/transaction/transaction-List/${t}?page=${page}&limit=${PAGE_SIZE}`, { signal: ctl.signal, quiet: true });
      if (ctl.signal.aborted) return;
      const data = r.success ? txPageFrom(t, page, r, PAGE_SIZE) : null;
      // spec §8: a failure shows the server's message (or ours) and leaves no rows behind.
      setView(data ? { status: 'ready', data } : { status: 'failed', message: r.message || m.islands_tx_failed() });
    } catch {
      if (!ctl.signal.aborted) setView({ status: 'failed', message: m.islands_tx_failed() });
    }
  }

  useEffect(() => {
    if (!initial) void load(type, historyPlace(location.search).page);
    // Back and Forward: the URL says which tab and page to show again.
    const onPop = () => {
      const at = historyPlace(location.search);
      setType(at.type);
      void load(at.type, at.page);
    };
    addEventListener('popstate', onPop);
    return () => {
      inFlight.current?.abort();
      removeEventListener('popstate', onPop);
    };
  }, []);

  /** Shows a tab's page and records it in the URL, so reload and Back keep it. */
  function go(t: TxType, page: number) {
    const href = historyHref(t, page);
    if (location.pathname + location.search !== href) history.pushState({ type: t, page }, '', href);
    void load(t, page);
  }

  // Whatever moves the player's money while the page is open (a withdrawal ending, a deposit arriving, a friend's
  // transfer, an operator's adjustment: each pushes the new balance) is re-read into the tab and page shown, on
  // every tab. In place: the rows stay until the new ones arrive, and pushes that come together read once.
  const shown = useRef({ type, page: initial?.page ?? 1 });
  shown.current = { type, page: view.status === 'ready' ? view.data.page : shown.current.page };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(shown.current.type, shown.current.page), LIVE_READ_DELAY_MS);
    };
    const offs = ['withdrawal', 'amount', 'InvoiceReceivedPayment', 'InvoicePaymentSettled', 'notification'].map((e) => subscribePush(e, soon));
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, []);

  /** Re-reads the shown page without the loading state; a tab or page chosen meanwhile wins. */
  async function refresh(t: TxType, page: number) {
    try {
      const r = await api(`/transaction/transaction-List/${t}?page=${page}&limit=${PAGE_SIZE}`, { quiet: true });
      const data = r.success ? txPageFrom(t, page, r, PAGE_SIZE) : null;
      if (data && shown.current.type === t && shown.current.page === page) setView({ status: 'ready', data });
    } catch {
      // Offline: the next push reads again.
    }
  }

  async function endPayout(tx: Tx, to: 'complete' | 'cancel') {
    try {
      await api(`/sandbox/withdrawals/${encodeURIComponent(tx.withdrawalId!)}/${to}`, { method: 'POST' });
    } catch {
      // The API client has already said the network failed.
    }
    await refresh(shown.current.type, shown.current.page);
  }
  /** A withdrawal under review may be cancelled by its player: a plain form to the page, enhanced into an API call. */
  async function cancelWithdrawal(e: FormEvent<HTMLFormElement>, tx: Tx) {
    e.preventDefault();
    try {
      await api(`/withdraw/${encodeURIComponent(tx.withdrawalId!)}/cancel`, { method: 'POST' });
    } catch {
      // The API client has already said what went wrong.
    }
    await refresh(shown.current.type, shown.current.page);
  }
  const rowControls = (tx: Tx) => (tx.withdrawalId && tx.transactionStatus === UNDER_REVIEW ? (
    <form method="post" action={historyHref(shown.current.type, shown.current.page)} className="tx-action" onSubmit={(e) => void cancelWithdrawal(e, tx)}>
      <FormToken value={formToken} />
      <input type="hidden" name="_action" value="cancelWithdrawal" />
      <input type="hidden" name="id" value={tx.withdrawalId} />
      <button type="submit" className="btn btn-ghost btn-sm">{m.islands_tx_cancel_withdrawal()}</button>
    </form>
  ) : sandboxControls(tx));
  const sandboxControls = (tx: Tx) =>
    // One awaiting an operator's approval is not sent yet: nothing to complete or cancel as its wallet would.
    sandboxPayouts && tx.withdrawalId && tx.payoutApproved && tx.transactionStatus === 'pending' ? (
      <span className="tx-sandbox">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void endPayout(tx, 'complete')}>{m.islands_tx_sandbox_complete()}</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void endPayout(tx, 'cancel')}>{m.islands_tx_sandbox_cancel()}</button>
      </span>
    ) : null;

  function choose(t: TxType) {
    setType(t);
    go(t, 1);
  }

  function onTabKey(e: KeyboardEvent) {
    const at = TX_TYPES.indexOf(type);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TX_TYPES.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const t = TX_TYPES[(next + TX_TYPES.length) % TX_TYPES.length]!;
    choose(t);
    document.getElementById(`${ids}-tab-${t}`)?.focus();
  }

  return (
    <div className="tx-history">
      <div className="tabs" role="tablist" aria-label={m.islands_tx_types()} onKeyDown={onTabKey}>
        {TX_TYPES.map((t) => (
          <a
            key={t}
            id={`${ids}-tab-${t}`}
            href={historyHref(t, 1)}
            role="tab"
            className="tab"
            aria-selected={t === type}
            aria-controls={`${ids}-panel`}
            // One tab stop with arrow keys between them once the script runs; before that (or without it) each tab
            // is a plain link that Tab reaches, since the arrow keys would do nothing.
            tabIndex={local ? (t === type ? 0 : -1) : undefined}
            onClick={(e) => {
              e.preventDefault();
              if (t !== type) choose(t);
            }}
          >
            {TX_TABS[t].label()}
          </a>
        ))}
      </div>
      <CsvDownload type={type} />
      <div ref={panel} id={`${ids}-panel`} role="tabpanel" tabIndex={-1} aria-labelledby={`${ids}-tab-${type}`} aria-busy={view.status === 'loading'}>
        <Panel view={view} type={type} local={local} extra={rowControls} onPage={(p) => ((focusRows.current = true), go(type, p))} />
      </div>
    </div>
  );
}

function Panel({ view, type, local, onPage, extra }: { view: View; type: TxType; local: boolean; onPage: (p: number) => void; extra: (tx: Tx) => ReactNode }) {
  if (view.status === 'loading')
    return (
      <div className="tx-state" role="status">
        <span className="spinner spinner-lg" aria-hidden="true" />
        <p>{m.islands_tx_loading()}</p>
      </div>
    );
  if (view.status === 'failed')
    return (
      <div className="tx-state">
        <p className="alert alert-error" role="alert">{view.message}</p>
      </div>
    );
  const { data } = view;
  // A page past the end (an old link, a history that shrank) is not an empty history: say so and offer the last page.
  if (!data.items.length && data.total > 0)
    return (
      <div className="empty-state tx-empty">
        <h2 className="tx-empty-title">{m.islands_tx_none_on_page()}</h2>
        <p>{m.islands_tx_past_end({ page: data.page, count: data.totalPages })}</p>
        <p>
          <a href={historyHref(type, data.totalPages)} onClick={(e) => (e.preventDefault(), onPage(data.totalPages))}>{m.islands_tx_go_to_page({ page: data.totalPages })}</a>
        </p>
      </div>
    );
  if (!data.items.length)
    return (
      <div className="empty-state tx-empty">
        <h2 className="tx-empty-title">{m.islands_tx_none_title()}</h2>
        <p>{m.islands_tx_none_hint()}</p>
        <p>{TX_TABS[type].none()}</p>
      </div>
    );
  return (
    <>
      <TransactionRows items={data.items} local={local} extra={extra} />
      <Pagination page={data.page} totalPages={data.totalPages} total={data.total} limit={data.limit} onPage={onPage} href={(p) => historyHref(type, p)} />
    </>
  );
}
