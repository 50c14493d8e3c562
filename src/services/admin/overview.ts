import type { Client } from '@libsql/client';
import { verifyLedger } from '../ledger/ledger-verify';

export type Overview = {
  liabilitiesCents: number; depositsTodayCents: number; withdrawalsTodayCents: number; openWithdrawals: number; openGameTasks: number;
  /** Open withdrawals whose payout waits for an operator's approval (openWithdrawals counts approved ones too). */
  withdrawalsAwaitingApproval: number;
  /** Held deposits waiting for an operator, and players owing from a reversed deposit. */
  heldPayments: number; heldCents: number; playersInDebt: number; owedCents: number;
  /** Identity submissions waiting for an operator's review (the menu counts them too). */
  identityReviews: number;
  ledgerVerify: { ok: boolean; at: number }; payments: { provider: string; ok: boolean };
  /** Open compliance cases, and of them those of the highest severity (a sanctioned destination). */
  openCases: number; criticalCases: number;
};

export type OpenCounts = { openWithdrawals: number; withdrawalsAwaitingApproval: number; openGameTasks: number; openIdentity: number; openCases: number };

const OPEN_WITHDRAWALS = "SELECT count(*) AS n FROM withdrawals WHERE status IN ('creating', 'pending', 'cancelling')";
// What the withdrawal page's Approve button is offered for: once approved, BTCPay sends it and no operator need act.
const AWAITING_APPROVAL = "SELECT count(*) AS n FROM withdrawals WHERE status = 'pending' AND payout_state = 'AwaitingApproval'";
const OPEN_GAME_TASKS = "SELECT count(*) AS n FROM game_tasks WHERE status = 'open'";
const OPEN_IDENTITY = "SELECT count(*) AS n FROM identity_submissions WHERE status = 'submitted'";
const OPEN_CASES = "SELECT count(*) AS n FROM compliance_cases WHERE status = 'open'";

/**
 * The queues the console's menu counts, and nothing else: an open console tab asks for them every 15 s, so
 * they must not cost the ledger proof or a call to the payment provider the full overview makes.
 */
export async function openCounts(client: Client): Promise<OpenCounts> {
  const [w, a, t, i, c] = await client.batch([OPEN_WITHDRAWALS, AWAITING_APPROVAL, OPEN_GAME_TASKS, OPEN_IDENTITY, OPEN_CASES], 'read');
  const n = (r: typeof w) => Number(r!.rows[0]?.n ?? 0);
  return { openWithdrawals: n(w), withdrawalsAwaitingApproval: n(a), openGameTasks: n(t), openIdentity: n(i), openCases: n(c) };
}

const startOfUtcDay = (now: number) => now - (now % 86_400_000);

/**
 * The console's front page. The ledger proof reads every entry, so its result is kept for `verifyEveryMs`; the
 * payment provider's health is one rate read, kept for a minute.
 */
export function createOverview(client: Client, payments: { name: string; currentRate(): Promise<string> }, verifyEveryMs = 5 * 60_000) {
  let verified: { ok: boolean; at: number } | null = null;
  let health: { ok: boolean; at: number } | null = null;

  async function ledgerState(now: number) {
    if (!verified || now - verified.at > verifyEveryMs) verified = { ok: (await verifyLedger(client)).ok, at: now };
    return verified;
  }

  async function paymentsOk(now: number) {
    if (!health || now - health.at > 60_000) {
      const ok = await Promise.race([payments.currentRate().then(() => true, () => false), Bun.sleep(3000).then(() => false)]);
      health = { ok, at: now };
    }
    return health.ok;
  }

  return async function overview(now = Date.now()): Promise<Overview> {
    const day = startOfUtcDay(now);
    const [sums, ledger, ok] = await Promise.all([
      client.batch([
        "SELECT coalesce(sum(balance_cents), 0) AS n FROM accounts WHERE kind = 'wallet'",
        { sql: "SELECT coalesce(sum(amount_cents), 0) AS n FROM transfers WHERE code = 'DEPOSIT' AND kind = 'transfer' AND created_at >= ?", args: [day] },
        { sql: "SELECT coalesce(sum(amount_cents), 0) AS n FROM withdrawals WHERE created_at >= ? AND status NOT IN ('cancelled', 'failed')", args: [day] },
        OPEN_WITHDRAWALS,
        OPEN_GAME_TASKS,
        "SELECT count(*) AS n FROM held_funds WHERE status = 'held'",
        "SELECT coalesce(sum(balance_cents), 0) AS n FROM accounts WHERE id LIKE 'h:%'",
        "SELECT count(*) AS n FROM accounts WHERE id LIKE 'd:%' AND balance_cents < 0",
        "SELECT coalesce(-sum(balance_cents), 0) AS n FROM accounts WHERE id LIKE 'd:%'",
        AWAITING_APPROVAL,
        OPEN_CASES,
        "SELECT count(*) AS n FROM compliance_cases WHERE status = 'open' AND severity = 4",
        OPEN_IDENTITY,
      ], 'read'),
      ledgerState(now),
      paymentsOk(now),
    ]);
    const n = (i: number) => Number(sums[i]!.rows[0]?.n ?? 0);
    return {
      liabilitiesCents: n(0), depositsTodayCents: n(1), withdrawalsTodayCents: n(2), openWithdrawals: n(3), openGameTasks: n(4), withdrawalsAwaitingApproval: n(9),
      heldPayments: n(5), heldCents: n(6), playersInDebt: n(7), owedCents: n(8),
      ledgerVerify: ledger, payments: { provider: payments.name, ok }, openCases: n(10), criticalCases: n(11), identityReviews: n(12),
    };
  };
}
