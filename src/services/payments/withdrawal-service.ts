import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Ledger } from '../ledger/ledger.types';
import type { PaymentMethodId, PaymentsProvider } from './payments.port';
import { checkAddress, checkLightning, type BitcoinNetwork } from './withdraw-destination';
import { applyPayout, endWithdrawal, settleTip, submitPayout, SUBMITTING, type WithdrawalChanges } from './withdrawal-sync';
import { findWithdrawal, recordWithdrawal, WITHDRAWAL_SQL, toWithdrawal, type WithdrawalLimits, type WithdrawalRow } from './withdrawals';
import { errorFields } from '../../lib/redact';

export type WithdrawalServiceOptions = {
  client: Client;
  ledger: Ledger;
  provider: PaymentsProvider;
  logger: Logger;
  network: BitcoinNetwork;
  limits: WithdrawalLimits;
  /** How long a payout that BTCPay could not be asked for keeps being retried before the credits go back. */
  retryMs: number;
  onChanges: (c: WithdrawalChanges) => void;
  /** Once per new request (not a replay), after it was recorded: the security event and the player's e-mail. */
  onRequested?: (w: WithdrawalRow, origin: { sessionId?: string }) => void | Promise<void>;
  /** Sandbox outside production: called for each new payout so it can complete by itself after a while. */
  autoComplete?: (payoutId: string) => void;
};

export type WithdrawRequest = { userId: string; currency: PaymentMethodId; address: string; amountCents: number; tipCents: number; requestRef?: string;
  /** Runs once the destination is known to be good and before anything is held (the two-step code check). */
  stepUp?: () => Promise<unknown>;
  /** The session asking, so the security activity shows where the request came from. */
  sessionId?: string };

/** Withdrawals as the API, the webhook, the operator command and the reconciliation job use them. */
export function createWithdrawalService(o: WithdrawalServiceOptions) {
  // The last rate BTCPay gave, so a request made while it is briefly unreachable can still be held and retried.
  let lastRate: { rate: string; at: number } | null = null;
  const RATE_MAX_AGE_MS = 10 * 60_000;
  async function rateNow(): Promise<string> {
    try {
      const rate = await o.provider.currentRate();
      lastRate = { rate, at: Date.now() };
      return rate;
    } catch {
      if (lastRate && Date.now() - lastRate.at < RATE_MAX_AGE_MS) return lastRate.rate;
      throw new AppError(503, 'Withdrawals are unavailable right now. Please try again in a few minutes.', 'PAYMENTS_UNAVAILABLE');
    }
  }
  const submitOpts = () => ({ autoApproveCents: o.limits.autoApproveCents, retryMs: o.retryMs });
  const report = (c: WithdrawalChanges | null) => {
    if (c) o.onChanges(c);
    return c;
  };

  async function submit(w: WithdrawalRow) {
    const c = report(await submitPayout(o.client, o.ledger, o.provider, w, submitOpts()));
    const fresh = await findWithdrawal(o.client, 'w.id = ?', [w.id]);
    if (fresh?.payoutId && fresh.status === 'pending' && fresh.attempts === 1) o.autoComplete?.(fresh.payoutId);
    return { changes: c, withdrawal: fresh ?? w };
  }

  async function syncPayout(payoutId: string): Promise<WithdrawalChanges | null> {
    const w = await findWithdrawal(o.client, 'w.payout_id = ?', [payoutId]);
    if (!w) return null;
    const p = await o.provider.getPayout(payoutId);
    return p ? report(await applyPayout(o.client, o.ledger, w, p)) : null;
  }

  return {
    async create(r: WithdrawRequest) {
      const rate = await rateNow();
      const destination = r.currency === 'BTC-CHAIN' ? checkAddress(r.address, o.network) : checkLightning(r.address, o.network, r.amountCents, rate);
      await r.stepUp?.();
      const { row, replayed } = await recordWithdrawal(o.client, o.ledger, { ...r, destination, rate, provider: o.provider, limits: o.limits });
      if (!replayed) await o.onRequested?.(row, { sessionId: r.sessionId });
      if (replayed || row.status !== 'creating') return { withdrawal: row, changes: null };
      return submit(row);
    },
    /** USD per BTC for the form: BTCPay's current rate, or its last one for a few minutes while it is unreachable. */
    rate: rateNow,
    get: (userId: string, id: string) => findWithdrawal(o.client, 'w.id = ? AND w.user_id = ?', [id, userId]),
    syncPayout,
    async list(status?: string): Promise<WithdrawalRow[]> {
      const r = await o.client.execute({ sql: `${WITHDRAWAL_SQL} ${status ? 'WHERE w.status = ?' : ''} ORDER BY w.created_at DESC LIMIT 200`, args: status ? [status] : [] });
      return r.rows.map((x) => toWithdrawal(x as Record<string, unknown>));
    },
    /** Operator: approve the payout at BTCPay (it is then sent by BTCPay's payout processor). */
    async approve(id: string) {
      const w = await findWithdrawal(o.client, 'w.id = ?', [id]);
      if (!w?.payoutId || w.status !== 'pending') throw AppError.conflict('Only a withdrawal whose payout awaits approval can be approved.', 'INVALID_STATE');
      const p = await o.provider.getPayout(w.payoutId);
      if (!p || p.state !== 'AwaitingApproval') throw AppError.conflict(`The payout is ${p?.state ?? 'missing'}, not awaiting approval.`, 'INVALID_STATE');
      await o.provider.approvePayout(p.id, p.revision);
      await syncPayout(p.id);
      o.autoComplete?.(p.id);
    },
    /** Operator: cancel the payout at BTCPay and give the credits back, saying why. */
    async reject(id: string, reason: string) {
      const w = await findWithdrawal(o.client, 'w.id = ?', [id]);
      if (!w || (w.status !== 'pending' && w.status !== 'creating')) throw AppError.conflict('Only an open withdrawal can be rejected.', 'INVALID_STATE');
      // Voiding now would give the credits back while a payout for them may be on its way.
      if (w.status === 'creating' && w.payoutState === SUBMITTING) throw AppError.conflict('The payout is being created right now. Try again in a minute.', 'INVALID_STATE');
      if (w.payoutId) await o.provider.cancelPayout(w.payoutId);
      report(await endWithdrawal(o.client, o.ledger, w, 'cancelled', reason.trim().replace(/([^.!?])$/, '$1.'), null, Date.now()));
    },
    /** Re-reads every open withdrawal: creates payouts BTCPay could not be asked for, and acts on payouts' states. */
    async reconcileOnce(): Promise<{ checked: number; failed: number }> {
      const open = await o.client.execute({ sql: `${WITHDRAWAL_SQL} WHERE w.status IN ('creating', 'pending') AND w.provider = ?`, args: [o.provider.name] });
      let failed = 0;
      for (const x of open.rows) {
        const w = toWithdrawal(x as Record<string, unknown>);
        try {
          if (w.status === 'creating') await submit(w);
          else if (w.payoutId) await syncPayout(w.payoutId);
        } catch (e) {
          failed++;
          o.logger.info('withdrawal reconcile failed', { withdrawalId: w.id, ...errorFields(e) });
        }
      }
      const done = await o.client.execute({ sql: `${WITHDRAWAL_SQL} WHERE w.status = 'completed' AND w.tip_cents > 0 AND w.updated_at > ?`, args: [Date.now() - 86_400_000] });
      for (const x of done.rows) await settleTip(o.ledger, toWithdrawal(x as Record<string, unknown>));
      return { checked: open.rows.length, failed };
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
