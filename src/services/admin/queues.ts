import type { Client } from '@libsql/client';
import { payoutProofOf } from '../payments/payout-proof';
import { WITHDRAWAL_SQL, toWithdrawal } from '../payments/withdrawals';

const DAYS_30_MS = 30 * 86_400_000;

/** Rows on one page of a console queue; the rest are on the next pages, never cut off unseen. */
export const QUEUE_PAGE_SIZE = 50;

/**
 * The withdrawal queue, newest first, a page at a time with the total, each with what its player deposited and
 * withdrew in the last 30 days, so an operator can judge it on one screen; a completed one with its proof of payment.
 */
export async function withdrawalQueue(client: Client, status: string | undefined, now = Date.now(), page = 1, limit = QUEUE_PAGE_SIZE) {
  const args = status ? [status] : [];
  const [r, count] = await client.batch([
    { sql: `SELECT q.*, p.proof FROM (${WITHDRAWAL_SQL}) q JOIN withdrawals p ON p.id = q.id ${status ? 'WHERE q.status = ?' : ''}
          ORDER BY q.created_at DESC, q.id DESC LIMIT ? OFFSET ?`, args: [...args, limit, (page - 1) * limit] },
    { sql: `SELECT count(*) AS n FROM withdrawals ${status ? 'WHERE status = ?' : ''}`, args },
  ], 'read');
  const total = Number(count!.rows[0]?.n ?? 0);
  const list = r!.rows.map((x) => ({
    ...toWithdrawal(x as Record<string, unknown>),
    proof: x.status === 'completed' ? payoutProofOf(x.proof == null ? null : String(x.proof)) : null,
  }));
  const users = [...new Set(list.map((w) => w.userId))];
  const since = now - DAYS_30_MS;
  const totals = new Map<string, { deposits: number; withdrawals: number }>();
  if (users.length) {
    const marks = users.map(() => '?').join(', ');
    const [d, w] = await client.batch([
      { sql: `SELECT user_id, coalesce(sum(credited_cents), 0) AS n FROM deposits WHERE created_at >= ? AND user_id IN (${marks}) GROUP BY user_id`, args: [since, ...users] },
      { sql: `SELECT user_id, coalesce(sum(amount_cents), 0) AS n FROM withdrawals WHERE created_at >= ? AND status NOT IN ('cancelled', 'failed') AND user_id IN (${marks}) GROUP BY user_id`, args: [since, ...users] },
    ], 'read');
    for (const u of users) totals.set(u, { deposits: 0, withdrawals: 0 });
    for (const x of d!.rows) totals.get(String(x.user_id))!.deposits = Number(x.n);
    for (const x of w!.rows) totals.get(String(x.user_id))!.withdrawals = Number(x.n);
  }
  return { total, page, limit, rows: list.map((w) => ({ ...w, ageMs: now - w.createdAt, last30: totals.get(w.userId) ?? { deposits: 0, withdrawals: 0 } })) };
}

export type DepositListRow = {
  id: string; userId: string; email: string; amountCents: number; creditedCents: number; processingCents: number; status: string;
  provider: string; invoiceId: string | null; invoiceStatus: string | null; createdAt: number; closedAt: number | null;
};

export const DEPOSIT_STATUSES = ['creating', 'pending', 'completed', 'expired', 'failed'] as const;

/** Deposits, newest first, a page at a time with the total. */
export async function depositList(client: Client, status: string | undefined, page = 1, limit = QUEUE_PAGE_SIZE): Promise<{ total: number; page: number; limit: number; rows: DepositListRow[] }> {
  const args = status ? [status] : [];
  const [r, count] = await client.batch([
    { sql: `SELECT d.id, d.user_id, u.email, d.amount_cents, d.credited_cents, d.processing_cents, d.status, d.provider, d.invoice_id, d.invoice_status, d.created_at, d.closed_at
          FROM deposits d JOIN users u ON u.id = d.user_id ${status ? 'WHERE d.status = ?' : ''} ORDER BY d.created_at DESC, d.id DESC LIMIT ? OFFSET ?`, args: [...args, limit, (page - 1) * limit] },
    { sql: `SELECT count(*) AS n FROM deposits ${status ? 'WHERE status = ?' : ''}`, args },
  ], 'read');
  return { total: Number(count!.rows[0]?.n ?? 0), page, limit, rows: r!.rows.map((x) => ({
    id: String(x.id), userId: String(x.user_id), email: String(x.email), amountCents: Number(x.amount_cents), creditedCents: Number(x.credited_cents),
    processingCents: Number(x.processing_cents), status: String(x.status), provider: String(x.provider), invoiceId: x.invoice_id == null ? null : String(x.invoice_id),
    invoiceStatus: x.invoice_status == null ? null : String(x.invoice_status), createdAt: Number(x.created_at), closedAt: x.closed_at == null ? null : Number(x.closed_at),
  })) };
}

export async function depositById(client: Client, id: string) {
  const r = await client.execute({ sql: 'SELECT id, invoice_id, status, credited_cents FROM deposits WHERE id = ?', args: [id] });
  const x = r.rows[0];
  return x ? { id: String(x.id), invoiceId: x.invoice_id == null ? null : String(x.invoice_id), status: String(x.status), creditedCents: Number(x.credited_cents) } : null;
}
