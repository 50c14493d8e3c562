import type { Client } from '@libsql/client';
import { LIMIT_PERIODS, type LimitPeriod } from './periods';

/** A looser limit (raised or removed) waits this long, so a limit cannot be undone in the heat of the moment. */
export const LOOSEN_DELAY_MS = 24 * 3_600_000;

export type Limits = Record<LimitPeriod, number | null>;
export type PendingLimit = { period: LimitPeriod; amountCents: number | null; effectiveAt: number };

type Row = { amount: number | null; pendingSet: boolean; pendingAmount: number | null; pendingAt: number | null };

// A pending change whose time has come is read as the current limit: no job has to apply it.
const current = (r: Row, now: number) => (r.pendingSet && r.pendingAt !== null && r.pendingAt <= now ? r.pendingAmount : r.amount);
const pendingOf = (r: Row, now: number) => r.pendingSet && r.pendingAt !== null && r.pendingAt > now;

async function rows(client: Client, userId: string): Promise<Partial<Record<LimitPeriod, Row>>> {
  const r = await client.execute({ sql: 'SELECT period, amount_cents, pending_set, pending_amount_cents, pending_effective_at FROM deposit_limits WHERE user_id = ?', args: [userId] });
  const out: Partial<Record<LimitPeriod, Row>> = {};
  for (const x of r.rows)
    out[String(x.period) as LimitPeriod] = {
      amount: x.amount_cents == null ? null : Number(x.amount_cents),
      pendingSet: Number(x.pending_set) === 1,
      pendingAmount: x.pending_amount_cents == null ? null : Number(x.pending_amount_cents),
      pendingAt: x.pending_effective_at == null ? null : Number(x.pending_effective_at),
    };
  return out;
}

/** The limits in force at `now` and the looser ones still waiting. */
export async function readLimits(client: Client, userId: string, now = Date.now()): Promise<{ limits: Limits; pending: PendingLimit[] }> {
  const all = await rows(client, userId);
  const limits = { daily: null, weekly: null, monthly: null } as Limits;
  const pending: PendingLimit[] = [];
  for (const p of LIMIT_PERIODS) {
    const r = all[p];
    if (!r) continue;
    limits[p] = current(r, now);
    if (pendingOf(r, now)) pending.push({ period: p, amountCents: r.pendingAmount, effectiveAt: r.pendingAt! });
  }
  return { limits, pending };
}

/**
 * Applies the player's requested limits (cents, or null to remove). Setting a first limit or lowering one applies
 * at once and drops any looser change still waiting; raising or removing one waits LOOSEN_DELAY_MS. Asking for
 * the limit already in force just drops what was waiting.
 */
export async function setLimits(client: Client, userId: string, wanted: Partial<Limits>, now = Date.now()): Promise<void> {
  const all = await rows(client, userId);
  const statements = [];
  for (const p of LIMIT_PERIODS) {
    if (!(p in wanted)) continue;
    const want = wanted[p] ?? null;
    const r = all[p];
    const have = r ? current(r, now) : null;
    const tighter = want !== null && (have === null || want <= have);
    const same = want === have;
    const [amount, pendingSet, pendingAmount, pendingAt] = tighter || same ? [want, 0, null, null] : [have, 1, want, now + LOOSEN_DELAY_MS];
    statements.push({
      sql: `INSERT INTO deposit_limits (user_id, period, amount_cents, pending_set, pending_amount_cents, pending_effective_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(user_id, period) DO UPDATE SET amount_cents = excluded.amount_cents, pending_set = excluded.pending_set,
              pending_amount_cents = excluded.pending_amount_cents, pending_effective_at = excluded.pending_effective_at, updated_at = excluded.updated_at`,
      args: [userId, p, amount, pendingSet, pendingAmount, pendingAt, now],
    });
  }
  if (statements.length) await client.batch(statements, 'write');
}
