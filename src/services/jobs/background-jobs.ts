import type { Client } from '@libsql/client';
import type { Job } from './job-runner';
import { cleanUp } from './clean-up';

type Reconciler = { reconcileOnce(): Promise<unknown> };

/**
 * The jobs that must run somewhere, once: re-reading deposits and payouts whose webhook was lost, settling game
 * transfers whose answer was lost (which posts or voids their holds), ending withdrawals BTCPay never took (their
 * holds go back), and clearing rows nobody can use any more.
 */
export function backgroundJobs(o: { client: Client; deposits: Reconciler; withdrawals: Reconciler; games: { reconcile(): Promise<unknown> }; reconcileMs: number;
  /** Identity documents past DOCUMENT_RETENTION_DAYS are deleted. */
  documents?: { purgeExpiredDocuments(): Promise<unknown> };
  /** Jobs of other services that must run once (the proof of liabilities' schedule). */
  more?: Job[] }): Job[] {
  return [
    { name: 'deposits-reconcile', everyMs: o.reconcileMs, run: () => o.deposits.reconcileOnce() },
    { name: 'withdrawals-reconcile', everyMs: o.reconcileMs, run: () => o.withdrawals.reconcileOnce() },
    { name: 'games-reconcile', everyMs: o.reconcileMs, run: () => o.games.reconcile() },
    { name: 'clean-up', everyMs: 60 * 60_000, run: () => cleanUp(o.client) },
    ...(o.documents ? [{ name: 'documents-retention', everyMs: 60 * 60_000, run: () => o.documents!.purgeExpiredDocuments() }] : []),
    ...(o.more ?? []),
  ];
}
