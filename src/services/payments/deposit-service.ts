import type { Client } from '@libsql/client';
import type { Logger } from '../../lib/logger';
import type { Ledger } from '../ledger/ledger.types';
import { syncDeposit, type DepositChanges } from './deposit-sync';
import { createDeposit, getDeposit } from './deposits';
import type { PaymentsProvider } from './payments.port';
import { errorFields } from '../../lib/redact';

export type DepositServiceOptions = {
  client: Client;
  ledger: Ledger;
  provider: PaymentsProvider;
  logger: Logger;
  /** After commit: pushes, notifications and mail for what a read of an invoice changed. */
  onChanges: (c: DepositChanges) => void;
  /** A reconciliation pass finished (the metrics' reconciliation lag). */
  onReconciled?: () => void;
  /** Refuses a deposit before anything is recorded (a player in a restricted state). */
  beforeCreate?: (userId: string) => Promise<void>;
  /** Deposits a player may have waiting for payment at once (DEPOSITS_WAITING_MAX). */
  waitingMax?: number;
};

// A creation that has not finished in this long died with its process; no player ever saw its invoice.
const CREATING_TIMEOUT_MS = 10 * 60_000;

/** Deposits as the API, the webhook and the reconciliation job use them. */
export function createDepositService(o: DepositServiceOptions) {
  const inflight = new Set<Promise<unknown>>();
  const syncing = new Map<string, Promise<unknown>>();

  /**
   * Reads of one invoice run one after another: each reads the invoice afresh when it starts, so the last to finish
   * records what BTCPay said last. Run side by side, a read begun before an event (say, expiry) could finish after
   * the read that saw it and write the older status over the newer one.
   */
  function sync(invoiceId: string): Promise<DepositChanges | null> {
    const run = (syncing.get(invoiceId) ?? Promise.resolve()).then(() => syncOnce(invoiceId), () => syncOnce(invoiceId));
    syncing.set(invoiceId, run);
    const forget = () => void (syncing.get(invoiceId) === run && syncing.delete(invoiceId));
    run.then(forget, forget);
    return run;
  }

  async function syncOnce(invoiceId: string): Promise<DepositChanges | null> {
    const c = await syncDeposit(o.client, o.ledger, o.provider, invoiceId);
    if (c) o.onChanges(c);
    return c;
  }

  /** Runs `fn` off the caller's path, logged if it fails; `idle()` waits for all of them. */
  function later(what: string, fn: () => Promise<unknown>): void {
    const p = fn()
      .catch((e: unknown) => o.logger.error('deposit work failed', { what, ...errorFields(e) }))
      .finally(() => inflight.delete(p));
    inflight.add(p);
  }

  /**
   * Re-reads every deposit whose invoice can still receive payments, through the same crediting code as the
   * webhook, so a lost webhook never loses a payment. One failing invoice does not stop the others.
   */
  async function reconcileOnce(now = Date.now()): Promise<{ checked: number; failed: number }> {
    await o.client.execute({ sql: `UPDATE deposits SET status = 'failed', updated_at = ? WHERE status = 'creating' AND created_at < ?`, args: [now, now - CREATING_TIMEOUT_MS] });
    const open = await o.client.execute({ sql: `SELECT invoice_id FROM deposits WHERE closed_at IS NULL AND invoice_id IS NOT NULL AND provider = ?`, args: [o.provider.name] });
    let failed = 0;
    for (const r of open.rows)
      try {
        await sync(String(r.invoice_id));
      } catch (e) {
        failed++;
        o.logger.info('deposit reconcile failed', { invoiceId: String(r.invoice_id), ...errorFields(e) });
      }
    o.onReconciled?.();
    return { checked: open.rows.length, failed };
  }

  return {
    create: async (p: Parameters<typeof createDeposit>[3]) => {
      await o.beforeCreate?.(p.userId);
      return createDeposit(o.client, o.provider, o.logger, { waitingMax: o.waitingMax, ...p });
    },
    get: (userId: string, depositId: string) => getDeposit(o.client, userId, depositId),
    sync,
    syncLater: (invoiceId: string, then?: () => Promise<unknown>) => later('sync', async () => {
      await sync(invoiceId);
      await then?.();
    }),
    reconcileOnce,
    /** Other payment work (payout re-reads) tracked the same way, so `idle()` covers it. */
    later: (fn: () => Promise<unknown>) => later('work', fn),
    idle: async () => {
      while (inflight.size) await Promise.all([...inflight]);
    },
  };
}
export type DepositService = ReturnType<typeof createDepositService>;
