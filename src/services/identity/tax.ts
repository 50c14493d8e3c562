import { auditStatement, csvCell, type Actor } from '../admin/audit';
import type { IdentityContext } from './identity.context';
import type { TinType } from './tin';
import { tinContext } from './tax-changes';

export async function taxDetails(ctx: IdentityContext, userId: string): Promise<{ type: TinType; last4: string } | null> {
  const r = await ctx.client.execute({ sql: 'SELECT tin_type, tin_last4 FROM tax_details WHERE user_id = ?', args: [userId] });
  const x = r.rows[0];
  return x ? { type: String(x.tin_type) as TinType, last4: String(x.tin_last4) } : null;
}

/** The calendar year (UTC) that `now` falls in, as [start, end) in ms. */
export function yearWindow(year: number): [number, number] {
  return [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
}

export type TaxReportRow = {
  userId: string; email: string; legalName: string | null; address: string | null; state: string | null; tinType: string | null; tin: string | null;
  withdrawnCents: number; withdrawals: number;
};

/**
 * Each player whose completed withdrawals in `year` reached the threshold, with what the 1099 needs. The full TIN
 * appears here and nowhere else; reading this report is audited.
 */
export async function taxReport(ctx: IdentityContext, actor: Actor, year: number): Promise<TaxReportRow[]> {
  const [from, to] = yearWindow(year);
  const r = await ctx.client.execute({
    sql: `SELECT w.user_id, u.email, sum(w.amount_cents) AS cents, count(*) AS n, t.tin_type, t.tin_sealed,
            (SELECT json_object('name', s.legal_name, 'line1', s.address_line1, 'line2', s.address_line2, 'city', s.city, 'state', s.state, 'zip', s.postal_code)
               FROM identity_submissions s WHERE s.user_id = w.user_id AND s.status = 'verified' ORDER BY s.decided_at DESC LIMIT 1) AS who
          FROM withdrawals w JOIN users u ON u.id = w.user_id LEFT JOIN tax_details t ON t.user_id = w.user_id
          WHERE w.status = 'completed' AND w.created_at >= ? AND w.created_at < ?
          GROUP BY w.user_id HAVING sum(w.amount_cents) >= ? ORDER BY u.email`,
    args: [from, to, ctx.taxThresholdCents],
  });
  const rows = r.rows.map((x) => {
    const who = x.who ? (JSON.parse(String(x.who)) as Record<string, string | null>) : null;
    return {
      userId: String(x.user_id), email: String(x.email), legalName: who?.name ?? null,
      address: who ? [who.line1, who.line2, `${who.city}, ${who.state} ${who.zip}`].filter(Boolean).join(', ') : null, state: who?.state ?? null,
      tinType: x.tin_type == null ? null : String(x.tin_type), tin: x.tin_sealed == null ? null : ctx.cipher.open(String(x.tin_sealed), tinContext(String(x.user_id))),
      withdrawnCents: Number(x.cents), withdrawals: Number(x.n),
    };
  });
  await ctx.client.execute(auditStatement(actor, { action: 'tax.report', targetType: 'tax_year', targetId: String(year), after: { players: rows.length } }, ctx.now()));
  return rows;
}

const COLUMNS = ['player id', 'email', 'legal name', 'address', 'state', 'tin type', 'tin', 'withdrawn (USD)', 'withdrawals'];

export function taxReportCsv(rows: TaxReportRow[]): string {
  const lines = rows.map((x) => [x.userId, x.email, x.legalName, x.address, x.state, x.tinType, x.tin, (x.withdrawnCents / 100).toFixed(2), x.withdrawals].map(csvCell).join(','));
  return [COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
