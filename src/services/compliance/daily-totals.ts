import type { Client } from '@libsql/client';
import { csvDollars, csvLine } from '../wallet/history-export';

export type DailyTotal = {
  userId: string; playerId: number; email: string; legalName: string | null;
  depositsCents: number; deposits: number; withdrawalsCents: number; withdrawals: number;
};

const DAY_MS = 86_400_000;

/** A UTC day written as YYYY-MM-DD, as its first millisecond; null when it is no such day. */
export function utcDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text ? ms : null;
}

/**
 * The players whose deposits or withdrawals on one UTC day reach `thresholdCents`, with their legal name when their
 * identity is verified. Deposits count what arrived that day (each credited payment, wallet and held parts, from the
 * ledger); withdrawals what was asked that day, not counting one cancelled or refused.
 */
export async function dailyTotals(client: Client, dayStart: number, thresholdCents: number): Promise<DailyTotal[]> {
  const end = dayStart + DAY_MS;
  const r = await client.execute({
    // A deposit split between the wallet, held money and a debt is several transfers naming one deposit: counted once.
    sql: `WITH d AS (SELECT substr(credit_account_id, 3) AS user_id, amount_cents, coalesce(json_extract(metadata, '$.depositId'), id) AS deposit
                     FROM transfers WHERE kind = 'transfer' AND code IN ('DEPOSIT', 'DEPOSIT_HELD', 'DEBT_REPAID') AND created_at >= ?1 AND created_at < ?2),
               dd AS (SELECT user_id, sum(amount_cents) AS cents, count(DISTINCT deposit) AS n FROM d GROUP BY user_id),
               w AS (SELECT user_id, sum(amount_cents) AS cents, count(*) AS n FROM withdrawals
                     WHERE created_at >= ?1 AND created_at < ?2 AND status NOT IN ('cancelled', 'failed') GROUP BY user_id),
               who AS (SELECT user_id FROM dd WHERE cents >= ?3 UNION SELECT user_id FROM w WHERE cents >= ?3)
          SELECT u.id, u.player_id, u.email, coalesce(dd.cents, 0) AS dc, coalesce(dd.n, 0) AS dn, coalesce(w.cents, 0) AS wc, coalesce(w.n, 0) AS wn,
            (SELECT CASE WHEN s.status = 'verified' THEN s.legal_name END FROM identity_submissions s WHERE s.user_id = u.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1) AS legal_name
          FROM who JOIN users u ON u.id = who.user_id LEFT JOIN dd ON dd.user_id = u.id LEFT JOIN w ON w.user_id = u.id
          ORDER BY max(coalesce(dd.cents, 0), coalesce(w.cents, 0)) DESC, u.player_id`,
    args: [dayStart, end, thresholdCents],
  });
  return r.rows.map((x) => ({
    userId: String(x.id), playerId: Number(x.player_id), email: String(x.email), legalName: x.legal_name == null ? null : String(x.legal_name),
    depositsCents: Number(x.dc), deposits: Number(x.dn), withdrawalsCents: Number(x.wc), withdrawals: Number(x.wn),
  }));
}

export const DAILY_TOTALS_HEADER = ['Date (UTC)', 'Player ID', 'Player', 'E-mail', 'Legal name', 'Deposits (USD)', 'Deposits', 'Withdrawals (USD)', 'Withdrawals'];

/** The report as CSV: dollars with two decimals, every cell safe to open in a spreadsheet (history-export.ts). */
export function dailyTotalsCsv(day: string, rows: DailyTotal[]): string {
  return csvLine(DAILY_TOTALS_HEADER) + rows.map((x) => csvLine([
    day, String(x.playerId), x.userId, x.email, x.legalName ?? '', csvDollars(x.depositsCents), String(x.deposits), csvDollars(x.withdrawalsCents), String(x.withdrawals),
  ])).join('');
}
