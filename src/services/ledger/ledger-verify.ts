import type { Client, InStatement, ResultSet } from '@libsql/client';

export type Check = { name: string; ok: boolean; checked: number; violations: string[] };
export type VerifyReport = { ok: boolean; checks: Check[] };

// Each check is a count of what was looked at and a query listing what breaks the rule (at most LIMIT rows).
const LIMIT = 20;
type Spec = { name: string; checked: string; broken: string };

const SPECS: Spec[] = [
  {
    name: "every account's balance equals the sum of its entries",
    checked: 'SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM entries)',
    broken: `SELECT a.id || ': stored ' || a.balance_cents || ', entries ' || coalesce(e.total, 0)
      FROM accounts a LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM entries GROUP BY account_id) e ON e.account_id = a.id
      WHERE a.balance_cents <> coalesce(e.total, 0)
      UNION ALL
      SELECT 'entry ' || e.id || ' names unknown account ' || e.account_id FROM entries e LEFT JOIN accounts a ON a.id = e.account_id WHERE a.id IS NULL`,
  },
  {
    name: "every account's pending equals the sum of its live holds",
    checked: "SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM transfers WHERE status = 'pending')",
    broken: `SELECT a.id || ': stored pending ' || a.pending_cents || ', live holds ' || coalesce(h.total, 0)
      FROM accounts a LEFT JOIN (SELECT debit_account_id AS account_id, sum(amount_cents) AS total FROM transfers
        WHERE status = 'pending' GROUP BY debit_account_id) h ON h.account_id = a.id
      WHERE a.pending_cents <> coalesce(h.total, 0)
      UNION ALL
      SELECT 'hold ' || t.id || ' debits unknown account ' || t.debit_account_id
      FROM transfers t LEFT JOIN accounts a ON a.id = t.debit_account_id WHERE t.status = 'pending' AND a.id IS NULL`,
  },
  {
    name: 'all balances sum to zero',
    checked: 'SELECT count(*) FROM accounts',
    // A sum filtered in an outer WHERE rather than HAVING without GROUP BY, which a libSQL server's parser refuses.
    broken: `SELECT 'accounts sum to ' || total FROM (SELECT coalesce(sum(balance_cents), 0) AS total FROM accounts) WHERE total <> 0
      UNION ALL
      SELECT 'entries sum to ' || total FROM (SELECT coalesce(sum(amount_cents), 0) AS total FROM entries) WHERE total <> 0`,
  },
  {
    name: 'no player account has a negative available balance',
    checked: "SELECT count(*) FROM accounts WHERE kind <> 'system'",
    broken: `SELECT id || ': available ' || (balance_cents - pending_cents) FROM accounts
      WHERE (kind <> 'system' AND balance_cents - pending_cents < 0) OR pending_cents < 0`,
  },
  {
    // A debt account (d:<player>) only records what a player owes: paying back more than was owed would be money
    // from nowhere. Held money (h:<player>) is kept by the never-negative rule above like a wallet.
    name: 'no debt account is above zero',
    checked: "SELECT count(*) FROM accounts WHERE id LIKE 'd:%'",
    broken: `SELECT id || ': balance ' || balance_cents FROM accounts WHERE id LIKE 'd:%' AND (balance_cents > 0 OR pending_cents <> 0)`,
  },
  {
    name: 'every posted movement has exactly its two entries',
    checked: "SELECT count(*) FROM transfers WHERE kind IN ('transfer', 'post')",
    broken: `SELECT 'transfer ' || t.id || ' (' || t.kind || '): ' || coalesce(e.n, 0) || ' entries'
      FROM transfers t LEFT JOIN (SELECT transfer_id, count(*) AS n,
          sum(CASE WHEN amount_cents > 0 THEN amount_cents ELSE 0 END) AS credited, sum(amount_cents) AS net,
          max(CASE WHEN amount_cents > 0 THEN account_id END) AS credit_id, max(CASE WHEN amount_cents < 0 THEN account_id END) AS debit_id
        FROM entries GROUP BY transfer_id) e ON e.transfer_id = t.id
      WHERE (t.kind IN ('transfer', 'post') AND (coalesce(e.n, 0) <> 2 OR e.net <> 0 OR e.credited <> t.amount_cents
             OR e.credit_id IS NOT t.credit_account_id OR e.debit_id IS NOT t.debit_account_id))
         OR (t.kind IN ('hold', 'void') AND e.n IS NOT NULL)
      UNION ALL
      SELECT 'entries of unknown transfer ' || e.transfer_id FROM entries e LEFT JOIN transfers t ON t.id = e.transfer_id WHERE t.id IS NULL`,
  },
  {
    name: 'every pending hold belongs to a live transfer, and every settled hold to exactly one settlement',
    checked: "SELECT count(*) FROM transfers WHERE kind IN ('hold', 'post', 'void')",
    broken: `SELECT 'transfer ' || t.id || ' (' || t.kind || ') is pending but is not a hold' FROM transfers t
        WHERE t.status = 'pending' AND t.kind <> 'hold'
      UNION ALL
      SELECT 'hold ' || h.id || ' is ' || h.status || ' but settled by ' || coalesce(s.kind, 'nothing')
      FROM transfers h LEFT JOIN transfers s ON s.pending_id = h.id
      WHERE h.kind = 'hold' AND NOT ((h.status = 'pending' AND s.id IS NULL) OR (h.status = 'posted' AND s.kind IS 'post')
        OR (h.status = 'voided' AND s.kind IS 'void'))
      UNION ALL
      SELECT 'settlement ' || s.id || ' does not match its hold ' || s.pending_id FROM transfers s LEFT JOIN transfers h ON h.id = s.pending_id
      WHERE s.kind IN ('post', 'void') AND (h.id IS NULL OR h.kind <> 'hold' OR h.debit_account_id <> s.debit_account_id
        OR h.credit_account_id <> s.credit_account_id OR s.amount_cents > h.amount_cents OR (s.kind = 'void' AND s.amount_cents <> h.amount_cents))`,
  },
];

/**
 * Proves the ledger's invariants against the stored data. All queries run in one read transaction, so a live
 * server writing beside it cannot make a consistent database look broken.
 */
export async function verifyLedger(client: Client): Promise<VerifyReport> {
  const stmts: InStatement[] = SPECS.flatMap((s) => [s.checked, `SELECT * FROM (${s.broken}) LIMIT ${LIMIT}`]);
  const results: ResultSet[] = await client.batch(stmts, 'read');
  const checks = SPECS.map((s, i): Check => {
    const checked = Number(results[2 * i]!.rows[0]?.[0] ?? 0);
    const violations = results[2 * i + 1]!.rows.map((r) => String(r[0]));
    return { name: s.name, ok: violations.length === 0, checked, violations };
  });
  return { ok: checks.every((c) => c.ok), checks };
}

/** One line a check, then its violations indented. */
export function formatReport(report: VerifyReport): string {
  const lines: string[] = [];
  for (const c of report.checks) {
    lines.push(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} (${c.checked} checked${c.ok ? '' : `, ${c.violations.length}${c.violations.length === LIMIT ? '+' : ''} broken`})`);
    for (const v of c.violations) lines.push(`        ${v}`);
  }
  lines.push(report.ok ? 'ledger verified' : 'LEDGER VIOLATIONS FOUND');
  return lines.join('\n');
}
