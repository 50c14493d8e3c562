import type { CaseDetail, CaseRow } from '../../services/compliance/cases';
import type { DailyTotal } from '../../services/compliance/daily-totals';
import { dollars, iso } from '../admin/admin.model';

// Fact names that are times (ms) in the stored facts; the API gives them as ISO dates, as every other time.
const TIMES = new Set(['at', 'from', 'to', 'since', 'requestedAt']);

/** A hit's facts as the API speaks: `…Cents` as dollars without the suffix, times as ISO dates, the rest as stored. */
export function factsView(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(factsView);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => {
    if (k.endsWith('Cents') && typeof x === 'number') return [k.slice(0, -5), dollars(x)];
    if (TIMES.has(k) && typeof x === 'number') return [k, iso(x)];
    return [k, factsView(x)];
  }));
}

export const caseView = (c: CaseRow) => ({
  id: c.id, userId: c.userId, email: c.email, playerId: c.playerId, rule: c.rule, title: c.title, severity: c.severity, holds: c.holds, status: c.status,
  hits: c.hits, openedAt: iso(c.openedAt), lastHitAt: iso(c.lastHitAt), decidedAt: iso(c.decidedAt), decidedBy: c.decidedBy, reason: c.reason,
});

export const caseDetailView = (d: CaseDetail) => ({
  ...caseView(d.case),
  facts: d.hits.map((h) => ({ id: h.id, at: iso(h.at), ref: h.ref, ...(factsView(h.facts) as Record<string, unknown>) })),
  otherPlayers: d.otherPlayers,
  withdrawals: d.withdrawals.map((w) => ({ id: w.id, status: w.status, payoutState: w.payoutState, currency: w.currency, destination: w.destination,
    amount: dollars(w.amountCents), tip: dollars(w.tipCents), createdAt: iso(w.createdAt), held: w.held })),
  cashOutFrozen: d.frozen ? { reason: d.frozen.reason, by: d.frozen.by, at: iso(d.frozen.at), caseId: d.frozen.caseId } : null,
});

export const dailyTotalView = (x: DailyTotal) => ({
  userId: x.userId, playerId: x.playerId, email: x.email, legalName: x.legalName,
  deposits: dollars(x.depositsCents), depositCount: x.deposits, withdrawals: dollars(x.withdrawalsCents), withdrawalCount: x.withdrawals,
});
