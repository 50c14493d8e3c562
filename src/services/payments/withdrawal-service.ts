import type { Client } from '@libsql/client';
import { AppError } from '../../lib/app-error';
import { text } from '../../i18n/text';
import { m } from '../../i18n/paraglide/messages.js';
import type { Logger } from '../../lib/logger';
import { walletId, type Ledger } from '../ledger/ledger.types';
import { PaymentsError, type PaymentMethodId, type PaymentsProvider } from './payments.port';
import { checkAddress, checkLightning, type BitcoinNetwork } from './withdraw-destination';
import { heldSql } from '../compliance/held';
import type { WithdrawalScreen } from '../compliance/screen';
import { cancelHeld, heldRefusal, releaseHeld, type ReviewContext } from './withdrawal-review';
import { claimCancel, finishCancel } from './withdrawal-cancel';
import { applyPayout, APPROVING, settleTip, submitPayout, SUBMIT_STALE_MS, type WithdrawalChanges } from './withdrawal-sync';
import type { Notification } from '../wallet/notifications';
import { findWithdrawal, notCovered, recordWithdrawal, WITHDRAWAL_SQL, toWithdrawal, type CashOutLimits, type WithdrawalLimits, type WithdrawalRow } from './withdrawals';
import { assertNotInDebt } from '../protection/debt';
import { errorFields } from '../../lib/redact';

/** Refusals that send the player to the identity page: an identity to verify or tax details to add. */
const isCashOutRefusal = (e: unknown) => e instanceof AppError && (e.errorType === 'IDENTITY_REQUIRED' || e.errorType === 'TAX_DETAILS_REQUIRED');

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
  onRequested?: (w: WithdrawalRow, origin: { sessionId?: string }, note: Notification | null) => void | Promise<void>;
  /** Sandbox outside production: called for each new payout so it can complete by itself after a while. */
  autoComplete?: (payoutId: string) => void;
  /** A reconciliation pass finished (the metrics' reconciliation lag). */
  onReconciled?: () => void;
  /** Identity before cash-out: refuses a withdrawal from a restricted state, or one that needs identity or tax details first. */
  /** Gives the thresholds it checked, which the insert re-checks in the hold's transaction. */
  checkIdentity?: (userId: string, amountCents: number) => Promise<CashOutLimits | void>;
  /** The money-laundering watch and sanctions screening (services/compliance): refusals, and the rules the hold commits with. */
  screen?: WithdrawalScreen;
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
    } catch (e) {
      if (lastRate && Date.now() - lastRate.at < RATE_MAX_AGE_MS) return lastRate.rate;
      // The operator's log says which provider and why (the reason names the call, never a key).
      o.logger.error('withdrawal refused: no Bitcoin rate', { provider: o.provider.name, ...errorFields(e) });
      throw new AppError(503, text(m.api_withdrawals_unavailable), 'PAYMENTS_UNAVAILABLE');
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
    // Only an approved payout is sent: one awaiting an operator waits for the approval (which schedules it then).
    if (fresh?.payoutId && fresh.status === 'pending' && fresh.payoutState === 'AwaitingPayment') o.autoComplete?.(fresh.payoutId);
    return { changes: c, withdrawal: fresh ?? w };
  }

  const review: ReviewContext = { client: o.client, ledger: o.ledger, provider: o.provider, logger: o.logger, screen: o.screen, rateNow, report, submit };

  async function syncPayout(payoutId: string): Promise<WithdrawalChanges | null> {
    const w = await findWithdrawal(o.client, 'w.payout_id = ?', [payoutId]);
    if (!w) return null;
    const p = await o.provider.getPayout(payoutId);
    return p ? report(await applyPayout(o.client, o.ledger, w, p)) : null;
  }

  return {
    async create(r: WithdrawRequest) {
      // Open during a break, but not while the player owes from a reversed deposit.
      await assertNotInDebt(o.client, r.userId);
      const rate = await rateNow();
      const destination = r.currency === 'BTC-CHAIN' ? checkAddress(r.address, o.network) : checkLightning(r.address, o.network, r.amountCents, rate);
      // After the form's own mistakes: a player sent to verify their identity should not learn of a bad address later.
      const cashOut = (await o.checkIdentity?.(r.userId, r.amountCents).catch(async (e) => {
        // Asked for an identity or tax details over money the wallet does not hold, the player is told the balance
        // is short instead (the hold still decides; this only orders the refusals).
        if (isCashOutRefusal(e) && (await o.ledger.balance(walletId(r.userId))).availableCents < r.amountCents + r.tipCents) throw notCovered(r.tipCents);
        throw e;
      })) ?? undefined;
      await r.stepUp?.();
      // A sanctioned destination or a frozen cash-out is refused here, before anything is held.
      const key = o.screen?.keyOf(r.currency, destination.value) ?? null;
      await o.screen?.refuse({ userId: r.userId, currency: r.currency, destination: destination.value, key, amountCents: r.amountCents }, 'withdrawal request');
      const screen = o.screen && ((id: string, now: number) =>
        o.screen!.statements({ id, userId: r.userId, currency: r.currency, destination: destination.value, key, amountCents: r.amountCents, now }));
      const { row, replayed, note } = await recordWithdrawal(o.client, o.ledger, { ...r, destination, rate, provider: o.provider, limits: o.limits, cashOut, screen }).catch(async (e) => {
        // A simultaneous withdrawal took the player past a threshold after the check above: asked again now, the
        // check words the refusal from the player's status (documents under review, refused…).
        if (isCashOutRefusal(e)) await o.checkIdentity?.(r.userId, r.amountCents);
        throw e;
      });
      if (!replayed) await o.onRequested?.(row, { sessionId: r.sessionId }, note);
      // Held for review (a rule tripped in the hold's own transaction, or a case was already open): not sent.
      if (replayed || row.status !== 'creating' || row.held) return { withdrawal: row, changes: null };
      return submit(row);
    },
    /** The player's own withdrawal under review, cancelled: amount and tip back (withdrawal-review.ts). */
    cancelHeld: (userId: string, id: string) => cancelHeld(review, userId, id),
    /** The player's withdrawals no case or freeze holds any more, sent on (withdrawal-review.ts). */
    releaseHeld: (userId: string) => releaseHeld(review, userId),
    /** An on-chain address on this network, checked as a withdrawal's is (a refund of held money). */
    checkAddress: (address: string) => checkAddress(address, o.network),
    /** The provider new withdrawal rows are recorded for (reconciliation reads only its own). */
    providerName: o.provider.name,
    /**
     * A payout recorded by an operator (a refund of held money, whose hold debits the player's held account): asked
     * for at once and approved, since the operator decided. Reconciliation retries it like any withdrawal.
     */
    async submitRecorded(id: string) {
      const w = await findWithdrawal(o.client, 'w.id = ?', [id]);
      if (!w) return null;
      report(await submitPayout(o.client, o.ledger, o.provider, w, { autoApproveCents: Number.MAX_SAFE_INTEGER, retryMs: o.retryMs }));
      const fresh = await findWithdrawal(o.client, 'w.id = ?', [id]);
      if (fresh?.payoutId && fresh.status === 'pending' && fresh.attempts === 1) o.autoComplete?.(fresh.payoutId);
      return fresh;
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
      const now = Date.now();
      // Claimed first, so a reject cannot void the credits while BTCPay is being told to send them.
      const claimed = await o.client.execute({
        sql: `UPDATE withdrawals SET payout_state = ?, updated_at = ? WHERE id = ? AND status = 'pending' AND payout_id IS NOT NULL AND payout_state = 'AwaitingApproval'
              AND NOT ${heldSql('withdrawals')}`,
        args: [APPROVING, now, id],
      });
      const w = await findWithdrawal(o.client, 'w.id = ?', [id]);
      if (w && claimed.rowsAffected !== 1 && w.held && w.status === 'pending' && w.payoutState === 'AwaitingApproval') throw await heldRefusal(review, w);
      if (claimed.rowsAffected !== 1 || !w?.payoutId) throw AppError.conflict('Only a withdrawal whose payout awaits approval can be approved.', 'INVALID_STATE');
      try {
        const p = await o.provider.getPayout(w.payoutId);
        if (!p || p.state !== 'AwaitingApproval') throw AppError.conflict(`The payout is ${p?.state ?? 'missing'}, not awaiting approval.`, 'INVALID_STATE');
        await o.provider.approvePayout(p.id, p.revision);
      } finally {
        // Whatever happened, the row shows BTCPay's state again (read back below; this undoes the claim on failure).
        await o.client.execute({ sql: `UPDATE withdrawals SET payout_state = 'AwaitingApproval' WHERE id = ? AND payout_state = ?`, args: [id, APPROVING] });
      }
      await syncPayout(w.payoutId);
      o.autoComplete?.(w.payoutId);
    },
    /** Operator: cancel the payout at BTCPay and give the credits back, saying why. */
    async reject(id: string, reason: string) {
      const now = Date.now();
      const w = await claimCancel(o.client, id, reason.trim().replace(/([^.!?])$/, '$1.'), now);
      try {
        report(await finishCancel(o.client, o.ledger, o.provider, w, now));
      } catch (e) {
        // BTCPay did not answer: the operator is told so and the withdrawal is as it was, for them to try again.
        if (e instanceof PaymentsError && e.kind === 'unavailable')
          await o.client.execute({
            sql: `UPDATE withdrawals SET status = CASE WHEN payout_id IS NULL THEN 'creating' ELSE 'pending' END, reason = NULL WHERE id = ? AND status = 'cancelling'`,
            args: [id],
          });
        throw e;
      }
    },
    /** Sandbox controls: the payout of the player's own withdrawal, once approved, completes or is cancelled. */
    async sandboxPayout(userId: string, id: string): Promise<string> {
      const w = await findWithdrawal(o.client, 'w.id = ? AND w.user_id = ?', [id, userId]);
      if (!w?.payoutId) throw AppError.notFound(text(m.api_withdrawal_not_found));
      if (w.status === 'pending' && w.payoutState === 'AwaitingApproval') throw AppError.conflict(text(m.api_withdrawal_awaiting_approval), 'INVALID_STATE');
      return w.payoutId;
    },
    /** Re-reads every open withdrawal: creates payouts BTCPay could not be asked for, and acts on payouts' states. */
    async reconcileOnce(): Promise<{ checked: number; failed: number }> {
      // A cancel whose process stopped (or found BTCPay down) is finished here, once it has stood a while.
      const open = await o.client.execute({
        sql: `${WITHDRAWAL_SQL} WHERE w.provider = ? AND (w.status IN ('creating', 'pending') OR (w.status = 'cancelling' AND w.updated_at <= ?))`,
        args: [o.provider.name, Date.now() - SUBMIT_STALE_MS],
      });
      let failed = 0;
      for (const x of open.rows) {
        const w = toWithdrawal(x as Record<string, unknown>);
        try {
          if (w.status === 'creating') await submit(w);
          else if (w.status === 'cancelling') report(await finishCancel(o.client, o.ledger, o.provider, w, Date.now()));
          else if (w.payoutId) await syncPayout(w.payoutId);
        } catch (e) {
          failed++;
          o.logger.info('withdrawal reconcile failed', { withdrawalId: w.id, ...errorFields(e) });
        }
      }
      const done = await o.client.execute({ sql: `${WITHDRAWAL_SQL} WHERE w.status = 'completed' AND w.tip_cents > 0 AND w.updated_at > ?`, args: [Date.now() - 86_400_000] });
      for (const x of done.rows) await settleTip(o.ledger, toWithdrawal(x as Record<string, unknown>));
      o.onReconciled?.();
      return { checked: open.rows.length, failed };
    },
  };
}
export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
