import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { currentLang } from '../../i18n/request-lang';
import type { Lang } from '../../i18n/lang';
import { renderStored } from '../../services/notices/stored-text';
import { counterpartyIn } from '../../services/wallet/p2p';
import { amountField } from '../../lib/validate';
import { dollarsFromCents, type Cents } from '../../shared/money';
import { HISTORY_TYPES, type HistoryRow, type HistoryType } from '../../services/wallet/history';
import type { Notification } from '../../services/wallet/notifications';
import type { SignedIn } from '../../services/auth/viewer';

/** GET /user/wallet-balance's answer (also served by http/fast-reads.ts). */
export const walletBalanceBody = (p: SignedIn) => ({
  success: true,
  walletAmount: dollarsFromCents(p.walletCents),
  user: { _id: p.userId, playerId: p.playerId, email: p.email, name: p.name },
});

/** Dollars from the wire (a JSON number, DESIGN §2: text such as "5" is for forms, which convert it) → cents by the shared rule. */
export function amountCents(value: unknown, maxDollars: number, field = 'amount', invalidMessage = m.fields_positive_number()): Cents {
  return amountField(value, field, { maxCents: Math.round(maxDollars * 100) }, { required: invalidMessage, invalid: invalidMessage });
}

/** page/limit from the query string: whole numbers, page ≥ 1, limit 1..100 (default 10). */
export function paging(q: Record<string, string | undefined>): { page: number; limit: number } {
  const int = (v: string | undefined, d: number, field: string, min: number, max: number) => {
    if (v === undefined || v === '') return d;
    if (!/^\d{1,6}$/.test(v) || Number(v) < min || Number(v) > max)
      throw AppError.invalid([{ field, message: m.api_whole_number({ field, min, max }) }]);
    return Number(v);
  };
  return { page: int(q.page, 1, 'page', 1, 100000), limit: int(q.limit, 10, 'limit', 1, 100) };
}

/** A history type, or ALL for every type at once (the history's first tab). */
export function historyType(v: string): HistoryType | 'ALL' {
  const t = v.toUpperCase() as HistoryType | 'ALL';
  if (t !== 'ALL' && !HISTORY_TYPES.includes(t)) throw AppError.invalid([{ field: 'type', message: m.api_history_type({ types: HISTORY_TYPES.join(', ') }) }]);
  return t;
}

/** The spec's Transaction shape (§3), plus direction so P2P rows can show their sign. */
export const toTransaction = (r: HistoryRow, lang: Lang = 'en') => ({
  _id: r.id,
  transactionUuid: r.uuid,
  ...(r.orderId && { orderId: r.orderId }),
  ...(r.withdrawalId && { withdrawalId: r.withdrawalId }),
  ...(r.depositId && { depositId: r.depositId }),
  ...(r.destination && { destination: r.destination, currency: r.currency }),
  ...(r.payoutApproved && { payoutApproved: true }),
  // An operator's adjustment says why (the reason they gave in the console).
  ...(r.note && { reason: r.note }),
  // A withdrawal's amount is what left the wallet; with a tip, the tip is named so the row can say what was sent.
  ...(r.tipCents && { tip: dollarsFromCents(r.tipCents) }),
  // A game move's account, and a deposit's asked amount and lateness: the row's details in words, not ids.
  ...(r.gameAccount && { gameAccount: r.gameAccount }),
  ...(r.depositAskedCents != null && { depositAmount: dollarsFromCents(r.depositAskedCents) }),
  ...(r.depositLate && { late: true }),
  // A payment has arrived (it may still be confirming): the row no longer asks to be paid.
  ...(r.depositReceived && { paymentReceived: true }),
  type: r.type,
  direction: r.direction,
  amount: dollarsFromCents(r.amountCents),
  gameId: r.gameId ? { _id: r.gameId, gameName: r.gameName } : null,
  counterparty: counterpartyIn(r.counterparty, lang),
  createdAt: new Date(r.createdAt).toISOString(),
  transactionStatus: r.status,
});

/** A notification in the reader's language (its stored words said now; one written before them as it was written). */
export const toNotification = (n: Notification, lang: Lang = currentLang()) => ({
  _id: n.id,
  notificationType: n.type,
  notificationContent: n.message ? renderStored(n.message, lang) : n.content,
  ...(n.link && { link: n.link }),
  createdAt: new Date(n.createdAt).toISOString(),
});

export const totalPages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));
