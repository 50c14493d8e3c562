import type { Client, InStatement } from '@libsql/client';
import { appendRows } from '../ledger/append-rows';
import { readableId } from './readable-id';

// ADJUSTMENT: an operator's correction of the wallet, with its reason (the operator console).
export const HISTORY_TYPES = ['TRANSFER', 'REDEEM', 'DEPOSIT', 'WITHDRAW', 'P2P', 'FREEPLAY', 'ADJUSTMENT'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export type HistoryEntry = {
  userId: string;
  type: HistoryType;
  direction: 'in' | 'out';
  status: string;
  amountCents: number;
  transferId: string | null;
  counterparty?: string | null;
  gameId?: string | null;
  gameName?: string | null;
  orderId?: string | null;
  /** The readable id, when the caller must know it (a receipt); a fresh one otherwise. */
  uuid?: string;
};

/**
 * History rows, written in the same transaction as the ledger movement they describe. Several rows go in one
 * statement: each statement is prepared anew, and preparing is a large share of a transfer's cost.
 */
export function historyRows(entries: HistoryEntry[], now: number): InStatement {
  return appendRows({
    sql: `INSERT INTO transactions (id, uuid, user_id, type, direction, status, amount_cents, order_id, game_id, game_name, counterparty, transfer_id, created_at)
          VALUES ${entries.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    args: entries.flatMap((e) => [Bun.randomUUIDv7(), e.uuid ?? readableId(), e.userId, e.type, e.direction, e.status, e.amountCents,
      e.orderId ?? null, e.gameId ?? null, e.gameName ?? null, e.counterparty ?? null, e.transferId, now]),
  });
}

export const historyRow = (e: HistoryEntry, now: number): InStatement => historyRows([e], now);

export type HistoryRow = {
  id: string; uuid: string; type: HistoryType; direction: 'in' | 'out'; status: string; amountCents: number;
  orderId: string | null; gameId: string | null; gameName: string | null; counterparty: string | null; createdAt: number;
  /** For a withdrawal's row: the withdrawal it tells of. */
  withdrawalId?: string | null;
  /** For a withdrawal's row: where the money was sent (an address or a Lightning invoice) and over which network. */
  destination?: string | null;
  currency?: string | null;
  /** For a deposit's row: the deposit it tells of (its page shows where to pay while it waits). */
  depositId?: string | null;
  /** For a withdrawal's row: its payout is approved (on its way); the sandbox controls are offered only then. */
  payoutApproved?: boolean;
  /** For an operator's adjustment: the reason they gave (kept on its ledger transfer). */
  note?: string | null;
  /** For a withdrawal's row: the tip that left the wallet with it (its amount is both together). */
  tipCents?: number | null;
  /** For a game move's row: the game account it went to or came from (its user name). */
  gameAccount?: string | null;
  /** For a deposit's row: what it asked for, and whether a payment arrived after its invoice expired. */
  depositAskedCents?: number | null;
  depositLate?: boolean;
  /** For a deposit's row: a payment to it has arrived (confirmed or not), so there is nothing to pay on it. */
  depositReceived?: boolean;
};

// The total rides on every row as a scalar count over the same index: one statement, one consistent read.
// (A window `count(*) OVER ()` costs more here: SQLite materialises the rows and sorts them in a temp b-tree.)
// A withdrawal's row also names its withdrawal (the history page's sandbox controls need it).
// 'ALL' (the history's first tab) is every type at once.
// An adjustment's row also carries the operator's reason, read from its ledger transfer (one primary-key lookup).
const pageSql = (type: HistoryType | 'ALL') => {
  const of = type === 'ALL' ? 'user_id = ?1' : 'user_id = ?1 AND type = ?2';
  const withdrawal = (what: string) => type === 'WITHDRAW' ? `(SELECT ${what} FROM withdrawals w WHERE w.history_id = transactions.id)`
    : type === 'ALL' ? `CASE WHEN type = 'WITHDRAW' THEN (SELECT ${what} FROM withdrawals w WHERE w.history_id = transactions.id) END` : 'NULL';
  const deposit = type === 'DEPOSIT' ? '(SELECT d.id FROM deposits d WHERE d.history_id = transactions.id)'
    : type === 'ALL' ? "CASE WHEN type = 'DEPOSIT' THEN (SELECT d.id FROM deposits d WHERE d.history_id = transactions.id) END" : 'NULL';
  // A game move names its account; a deposit says what it asked, whether it was paid late and whether any payment
  // arrived at all (one still confirming leaves the row pending, and it must not ask to be paid again). Each is one indexed
  // lookup (the order's id, the invoice's id), on its own kind of row only.
  const account = type === 'TRANSFER' || type === 'REDEEM' || type === 'ALL'
    ? "CASE WHEN type IN ('TRANSFER', 'REDEEM') THEN (SELECT o.user_name FROM game_orders o WHERE o.id = transactions.order_id) END" : 'NULL';
  const depositFacts = type === 'DEPOSIT' || type === 'ALL'
    ? `CASE WHEN type = 'DEPOSIT' THEN (SELECT json_array(d.amount_cents, EXISTS (SELECT 1 FROM deposit_payments p WHERE p.deposit_id = d.id AND p.status != 'Invalid'
        AND d.expires_at IS NOT NULL AND p.seen_at > d.expires_at), EXISTS (SELECT 1 FROM deposit_payments p WHERE p.deposit_id = d.id AND p.status != 'Invalid'))
        FROM deposits d WHERE d.invoice_id = transactions.order_id AND d.history_id = transactions.id) END` : 'NULL';
  const note = type === 'ADJUSTMENT' || type === 'ALL'
    ? "CASE WHEN type = 'ADJUSTMENT' THEN (SELECT json_extract(t.metadata, '$.reason') FROM transfers t WHERE t.id = transactions.transfer_id) END" : 'NULL';
  return `SELECT id, uuid, type, direction, status, amount_cents, order_id, game_id, game_name, counterparty, created_at,
  (SELECT count(*) FROM transactions WHERE ${of}) AS total, ${withdrawal('w.id')} AS withdrawal_id,
  ${withdrawal("w.payout_state IN ('AwaitingPayment', 'InProgress')")} AS payout_approved, ${withdrawal('w.tip_cents')} AS tip_cents, ${note} AS note, ${deposit} AS deposit_id,
  ${withdrawal('w.destination')} AS destination, ${withdrawal('w.currency')} AS currency, ${account} AS game_account, ${depositFacts} AS deposit_facts
  FROM transactions WHERE ${of} ORDER BY created_at DESC, id DESC LIMIT ?3 OFFSET ?4`;
};

/**
 * One page of a player's history of one type, newest first, and the total count. A page is one statement;
 * only a page past the end, which has no row to carry the total, asks for the count on its own.
 */
export async function listHistory(client: Client, userId: string, type: HistoryType | 'ALL', page: number, limit: number) {
  // ?2 is the type; for ALL it is bound but unused, so the numbered parameters stay the same.
  const rows = (await client.execute({ sql: pageSql(type), args: [userId, type, limit, (page - 1) * limit] })).rows;
  const total = rows.length
    ? Number(rows[0]!.total)
    : type === 'ALL'
      ? Number((await client.execute({ sql: 'SELECT count(*) AS n FROM transactions WHERE user_id = ?', args: [userId] })).rows[0]!.n)
      : Number((await client.execute({ sql: 'SELECT count(*) AS n FROM transactions WHERE user_id = ? AND type = ?', args: [userId, type] })).rows[0]!.n);
  const items: HistoryRow[] = rows.map((r) => {
    const facts = r.deposit_facts == null ? null : (JSON.parse(String(r.deposit_facts)) as [number, number, number]);
    return {
    id: String(r.id), uuid: String(r.uuid), type: r.type as HistoryType, direction: r.direction as 'in' | 'out',
    status: String(r.status), amountCents: Number(r.amount_cents), orderId: r.order_id == null ? null : String(r.order_id),
    gameId: r.game_id == null ? null : String(r.game_id), gameName: r.game_name == null ? null : String(r.game_name),
    counterparty: r.counterparty == null ? null : String(r.counterparty), createdAt: Number(r.created_at),
    withdrawalId: r.withdrawal_id == null ? null : String(r.withdrawal_id),
    depositId: r.deposit_id == null ? null : String(r.deposit_id),
    destination: r.destination == null ? null : String(r.destination),
    currency: r.currency == null ? null : String(r.currency),
    payoutApproved: Number(r.payout_approved) === 1,
    note: r.note == null ? null : String(r.note),
    tipCents: r.tip_cents == null ? null : Number(r.tip_cents),
    gameAccount: r.game_account == null ? null : String(r.game_account),
    depositAskedCents: facts ? Number(facts[0]) : null,
    depositLate: facts ? Number(facts[1]) === 1 : false,
    depositReceived: facts ? Number(facts[2]) === 1 : false,
  };
  });
  return { total, items };
}
