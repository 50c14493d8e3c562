// Display rules for history and notifications (spec §2, §4, §9), shared by the islands and their pages. Words in the
// current language: the request's on the server, the page's in an island.
import { m } from '../../src/i18n/paraglide/messages.js';
import { dollarsToCents, formatCents } from '../../src/shared/money';
import { UNDER_REVIEW } from '../../src/shared/under-review';

export { UNDER_REVIEW };

// ALL comes first and is where the history opens (docs/decisions/history-all-tab.md).
export const TX_TYPES = ['ALL', 'TRANSFER', 'REDEEM', 'DEPOSIT', 'WITHDRAW', 'P2P', 'FREEPLAY'] as const;
export type TxType = (typeof TX_TYPES)[number];

/** Tab label and what the empty state says, per type (All, the four of spec §2, P2P and Freeplay, DESIGN §8). */
export const TX_TABS: Record<TxType, { label: () => string; none: () => string }> = {
  ALL: { label: m.islands_tx_tab_all, none: m.islands_tx_none_all },
  TRANSFER: { label: m.islands_tx_tab_transfer, none: m.islands_tx_none_transfer },
  REDEEM: { label: m.islands_tx_tab_redeem, none: m.islands_tx_none_redeem },
  DEPOSIT: { label: m.islands_tx_tab_deposit, none: m.islands_tx_none_deposit },
  WITHDRAW: { label: m.islands_tx_tab_withdraw, none: m.islands_tx_none_withdraw },
  P2P: { label: m.islands_tx_tab_p2p, none: m.islands_tx_none_p2p },
  FREEPLAY: { label: m.islands_tx_tab_freeplay, none: m.islands_tx_none_freeplay },
};

// A row's type and status as the pills say them; anything not listed is shown as it came.
const TYPE_WORDS: Record<string, () => string> = {
  transfer: m.islands_tx_type_transfer, redeem: m.islands_tx_type_redeem, deposit: m.islands_tx_type_deposit, withdraw: m.islands_tx_type_withdraw,
  p2p: m.islands_tx_type_p2p, freeplay: m.islands_tx_type_freeplay, adjustment: m.islands_tx_type_adjustment,
};
const STATUS_WORDS: Record<string, () => string> = {
  completed: m.islands_tx_status_completed, success: m.islands_tx_status_success, pending: m.islands_tx_status_pending, held: m.islands_tx_status_held,
  processing: m.islands_tx_status_processing, expired: m.islands_tx_status_expired, cancelled: m.islands_tx_status_cancelled, canceled: m.islands_tx_status_canceled,
  failed: m.islands_tx_status_failed, released: m.islands_tx_status_released, reversed: m.islands_tx_status_reversed, refunded: m.islands_tx_status_refunded,
  'under review': m.islands_tx_status_under_review,
};
/** A row's type, lowercased, in words ("deposit"). */
export const typeWords = (type: string) => {
  const t = type.toLowerCase();
  return Object.hasOwn(TYPE_WORDS, t) ? TYPE_WORDS[t]!() : t;
};
/** A status, lowercased, in words ("pending"); "unknown" when there is none. */
export const statusWords = (status: string) => {
  const s = status.toLowerCase();
  return !s ? m.islands_tx_status_unknown() : Object.hasOwn(STATUS_WORDS, s) ? STATUS_WORDS[s]!() : s;
};

/** One row of GET /transaction/transaction-List/{type}. */
export type Tx = {
  _id: string;
  transactionUuid?: string;
  orderId?: string;
  type: string;
  direction?: 'in' | 'out';
  amount: number;
  gameId?: { _id: string; gameName: string | null } | null;
  counterparty?: string | null;
  createdAt: string;
  transactionStatus: string;
  withdrawalId?: string;
  /** A withdrawal's row: where it was sent (an address or a Lightning invoice) and its network (BTC-CHAIN, BTC-LN). */
  destination?: string;
  currency?: string;
  /** A deposit's row: its deposit, whose page shows where to pay while it waits. */
  depositId?: string;
  /** A withdrawal whose payout is approved (the sandbox may complete or cancel it). */
  payoutApproved?: boolean;
  /** An operator's adjustment: the reason they gave. */
  reason?: string;
  /** A withdrawal's tip, part of its amount. */
  tip?: number;
  /** A game move's account (its user name in the game). */
  gameAccount?: string;
  /** A deposit's row: what the deposit asked for, and whether a payment arrived after its invoice expired. */
  depositAmount?: number;
  late?: boolean;
  /** A deposit's row: a payment to it has arrived, confirmed or not (nothing to pay on it any more). */
  paymentReceived?: boolean;
};

/** A deposit that still waits for its payment (its page shows where to pay): pending, and nothing has arrived. */
export const awaitsPayment = (tx: Pick<Tx, 'transactionStatus' | 'depositId' | 'paymentReceived'>): boolean =>
  !!tx.depositId && String(tx.transactionStatus ?? '').toLowerCase() === 'pending' && !tx.paymentReceived;

// Movements into the wallet. Signs follow the wallet (DESIGN §8): a transfer to a game is −, a redeem from one +.
const CREDITS: readonly string[] = ['DEPOSIT', 'REDEEM', 'FREEPLAY'];

// An API amount in dollars as whole cents (a float the parser refuses is rounded).
const centsOf = (dollars: number) => dollarsToCents(dollars) ?? Math.round(dollars * 100);

// Rows whose credits never moved (or came back): their amount is shown struck through, neither gained nor lost.
const VOID_STATUSES: readonly string[] = ['expired', 'cancelled', 'failed'];
// Credits on their way in but not in the wallet yet (an unpaid or unconfirmed deposit, a held one, a redeem the game
// has not confirmed): no +, and not the green of money that arrived. Credits on their way out have left (held): −.
const WAITING_STATUSES: readonly string[] = ['pending', 'held', 'processing'];

/**
 * Green with + for credits that reached the wallet, red with − for credits leaving it; the row's direction decides
 * when given. A row that moved nothing (an expired deposit, a cancelled or failed withdrawal) is `void`; credits not
 * in the wallet yet are `waiting`, without a sign.
 */
export function amountView(tx: Pick<Tx, 'type' | 'amount' | 'direction'> & Partial<Pick<Tx, 'transactionStatus'>>): { text: string; tone: 'in' | 'out' | 'void' | 'waiting' } {
  const type = tx.type.toUpperCase();
  const way = tx.direction ? tx.direction : CREDITS.includes(type) ? 'in' : 'out';
  const c = centsOf(Math.abs(tx.amount));
  const status = String(tx.transactionStatus ?? '').toLowerCase();
  if (VOID_STATUSES.includes(status)) return { text: `${way === 'in' ? '+' : '-'}${formatCents(c)}`, tone: 'void' };
  if (way === 'in' && WAITING_STATUSES.includes(status)) return { text: formatCents(c), tone: 'waiting' };
  return { text: `${way === 'in' ? '+' : '-'}${formatCents(c)}`, tone: way };
}

/** A withdrawal's sub-lines: where it went, and its Bitcoin transaction (a 64-hex id) or payout, named as such. */
export function withdrawalLines(tx: Pick<Tx, 'type' | 'destination' | 'currency' | 'orderId'>): { to: string | null; ref: string | null } | null {
  if (tx.type.toUpperCase() !== 'WITHDRAW') return null;
  const d = tx.destination;
  // A Lightning invoice runs to hundreds of characters: its start and end are enough to recognise it.
  const to = !d ? null : tx.currency === 'BTC-LN' ? m.islands_tx_to_invoice({ invoice: `${d.slice(0, 12)}…${d.slice(-6)}` }) : m.islands_tx_to_address({ address: d });
  const ref = !tx.orderId ? null : /^[0-9a-f]{64}$/i.test(tx.orderId) ? m.islands_tx_bitcoin_tx({ id: tx.orderId }) : m.islands_tx_payout({ id: tx.orderId });
  return { to, ref };
}

/**
 * A row's details in words, under its Transaction ID: what it was, where the money went or came from, and a deposit
 * that arrived in part or late. An id is shown only under its name (an invoice, a payout), never bare.
 */
export function detailLines(tx: Tx): { text: string; flag?: boolean; reason?: boolean }[] {
  const type = tx.type.toUpperCase();
  const out: { text: string; flag?: boolean; reason?: boolean }[] = [];
  const game = tx.gameId?.gameName;
  if ((type === 'TRANSFER' || type === 'REDEEM') && game) {
    const account = tx.gameAccount;
    const text = type === 'TRANSFER'
      ? (account ? m.islands_tx_to_game_account({ game, account }) : m.islands_tx_to_game({ game }))
      : (account ? m.islands_tx_from_game_account({ game, account }) : m.islands_tx_from_game({ game }));
    out.push({ text });
  } else if (type === 'WITHDRAW') {
    const sent = withdrawalLines(tx);
    if (sent?.ref) out.push({ text: sent.ref });
    if (sent?.to) out.push({ text: sent.to });
  } else if (type === 'DEPOSIT') {
    if (tx.orderId) out.push({ text: m.islands_tx_invoice({ id: tx.orderId }) });
    const asked = tx.depositAmount === undefined ? null : centsOf(tx.depositAmount);
    const got = centsOf(Math.abs(tx.amount));
    const status = tx.transactionStatus.toLowerCase();
    if (asked !== null && status === 'completed' && got < asked) out.push({ text: m.islands_tx_partial({ got: formatCents(got), asked: formatCents(asked) }), flag: true });
    if (tx.late) out.push({ text: m.islands_tx_late(), flag: true });
    // Still pending with a payment in: it is confirming, not waiting to be paid.
    if (status === 'pending' && tx.paymentReceived) out.push({ text: m.islands_tx_confirming() });
  } else if (type === 'FREEPLAY' && tx.orderId) out.push({ text: m.islands_tx_code({ code: tx.orderId }) });
  else if (tx.orderId) out.push({ text: m.islands_tx_reference({ id: tx.orderId }) });
  if (tx.counterparty) out.push({ text: (tx.direction === 'in' ? m.islands_tx_from_who : m.islands_tx_to_who)({ who: tx.counterparty }) });
  if (tx.reason) out.push({ text: m.islands_tx_reason({ reason: tx.reason }), reason: true });
  return out;
}

/** A withdrawal with a tip: what was sent and the tip, which together are its amount; null otherwise. */
export function tipSplit(tx: Pick<Tx, 'type' | 'amount' | 'tip'>): string | null {
  if (tx.type.toUpperCase() !== 'WITHDRAW' || !tx.tip || tx.tip <= 0) return null;
  const total = centsOf(Math.abs(tx.amount));
  const tip = centsOf(tx.tip);
  return m.islands_tx_tip_split({ sent: formatCents(total - tip), tip: formatCents(tip) });
}

/** spec §4 status colours; the pill shows the status lowercased. */
export function statusTone(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  const s = status.toLowerCase();
  if (s === 'completed' || s === 'success' || s === 'released') return 'green';
  // Held: a deposit past a limit or during a break, not in the wallet until support releases or refunds it.
  if (s === 'pending' || s === 'held' || s === UNDER_REVIEW) return 'yellow';
  if (s === 'failed' || s === 'cancelled' || s === 'canceled' || s === 'reversed') return 'red';
  return 'grey';
}

export { formatTime } from './format-time';

export type PageItem = number | 'gap-before' | 'gap-after';

/** Numbered pages: always the first and last, two either side of the current one, an ellipsis for each gap. */
export function pageWindow(current: number, total: number, span = 2): PageItem[] {
  if (total <= 1) return [1];
  const from = Math.max(2, current - span);
  const to = Math.min(total - 1, current + span);
  const out: PageItem[] = [1];
  if (from > 2) out.push('gap-before');
  for (let p = from; p <= to; p++) out.push(p);
  if (to < total - 1) out.push('gap-after');
  out.push(total);
  return out;
}

/** 'Showing X to Y of Z transactions'. */
export function showingText(page: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  return m.islands_tx_showing({ from, to: Math.min(page * limit, total), total });
}

/** One loaded page of history, as the page's server render and the island both build it from the API answer. */
export type TxPage = { type: TxType; page: number; items: Tx[]; totalPages: number; total: number; limit: number };

export function txPageFrom(type: TxType, page: number, a: Record<string, unknown> | null | undefined, limit = 10): TxPage | null {
  const list = a?.TransactionList;
  if (!a || a.success === false || !Array.isArray(list)) return null;
  const p = (a.pagination ?? {}) as { totalPages?: number; totalUsers?: number; limit?: number };
  return { type, page, items: list as Tx[], totalPages: p.totalPages ?? 1, total: p.totalUsers ?? list.length, limit: p.limit ?? limit };
}

export type Note = { _id: string; notificationType?: string; notificationContent?: string; createdAt: string;
  /** A page of this site the notice points to (a proof of liabilities to check). */
  link?: string };

/** A notice's link, when it is a path on this site (nothing else is followed). */
export const noteLink = (link: unknown): string | null => (typeof link === 'string' && /^\/(?![/\\])/.test(link) ? link : null);
export type NotePage = { page: number; items: Note[]; totalPages: number; total: number };

export function notePageFrom(page: number, a: Record<string, unknown> | null | undefined): NotePage | null {
  const list = a?.getlist;
  if (!a || a.success === false || !Array.isArray(list)) return null;
  const p = (a.pagination ?? {}) as { totalPages?: number; totalUsers?: number };
  return { page, items: list as Note[], total: p.totalUsers ?? list.length, totalPages: p.totalPages ?? 1 };
}

/** The tab and page a history URL asks for (`?type=DEPOSIT&page=2`); anything unreadable is the first page of All. */
export function historyPlace(search: string | URLSearchParams): { type: TxType; page: number } {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const asked = (q.get('type') ?? '').toUpperCase();
  const type = (TX_TYPES as readonly string[]).includes(asked) ? (asked as TxType) : 'ALL';
  const n = Number(q.get('page'));
  return { type, page: Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1 };
}

/** The URL of a history tab and page: the defaults (All, page 1) are left out. */
export function historyHref(type: TxType, page: number): string {
  const q = new URLSearchParams();
  if (type !== 'ALL') q.set('type', type);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/transactions?${s}` : '/transactions';
}
