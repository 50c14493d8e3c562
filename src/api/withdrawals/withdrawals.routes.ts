import { Elysia } from 'elysia';
import type { Config } from '../../config';
import type { IdempotencyPlugin } from '../../http/idempotency';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { sandboxGate } from '../../http/loopback';
import { amountField, validate } from '../../lib/validate';
import { dollarsFromCents, formatCents } from '../../shared/money';
import { checkWithdraw, TIP_WHOLE, WITHDRAW_CURRENCIES, type WithdrawCurrency } from '../../shared/schemas/withdraw';
import type { SandboxSimulator } from '../../services/payments/sandbox/sandbox-simulator';
import type { WithdrawalService } from '../../services/payments/withdrawal-service';
import { isOpenWithdrawal, type WithdrawalRow } from '../../services/payments/withdrawals';
import { UNDER_REVIEW } from '../../services/compliance/held';
import type { TwoStep } from '../../services/auth/two-step';
import { walletId, type Ledger } from '../../services/ledger/ledger.types';
import { withdrawalTiming } from '../../services/payments/withdrawal-timing';
import { withdrawalTimeText } from '../../shared/withdrawal-time';

type WithdrawDeps = { config: Config; twoStep: TwoStep; ledger: Ledger; withdrawals: WithdrawalService; paymentsIdle: () => Promise<void>; idempotency: IdempotencyPlugin; simulator: SandboxSimulator | null };

// Held for review, the player sees "under review" and nothing of why (never the rule, nor that there is a case).
const shownStatus = (w: WithdrawalRow) => (w.held && isOpenWithdrawal(w.status) && w.status !== 'cancelling' ? UNDER_REVIEW : w.status);

const toData = (w: WithdrawalRow) => ({
  withdrawalId: w.id, status: shownStatus(w), currency: w.currency, wallet_address: w.destination, amount: dollarsFromCents(w.amountCents),
  tip: dollarsFromCents(w.tipCents), rate: Number(w.rate), btcAmount: w.btcAmount, payoutId: w.payoutId, reason: w.reason,
});

/** Withdrawals to Bitcoin (spec §7), the rate the form shows, and outside production the sandbox's Complete / Cancel. */
export const withdrawalsRoutes = (d: WithdrawDeps, session: Session) =>
  new Elysia({ name: 'withdrawals-routes' })
    .use(session)
    .use(d.idempotency)
    .get('/btc/rate', async () => {
      const rate = await d.withdrawals.rate();
      return { success: true, rate: Number(rate), currencyPair: 'BTC_USD' };
    }, { auth: true })
    .post('/withdraw/withdraw-request', async ({ player, body, idempotency }) => {
      const input = validate((b) => checkWithdraw(b, { numbersOnly: true }), body);
      // DESIGN §2: amounts are JSON numbers under the configured maximum; the tip whole dollars (0 when absent, spec §3).
      const maxCents = Math.round(d.config.MAX_AMOUNT_DOLLARS * 100);
      const amountCents = amountField(input.amount, 'amount', { maxCents }, { required: 'Amount is required', invalid: 'Enter a valid amount' });
      const tipCents = input.tip === undefined || input.tip === null ? 0 : amountField(input.tip, 'tip', { maxCents, zero: true, whole: true }, { required: TIP_WHOLE, invalid: TIP_WHOLE });
      const currency = WITHDRAW_CURRENCIES.find((c) => c.id === input.currency)!.id as WithdrawCurrency;
      const r = await d.withdrawals.create({
        userId: player.userId, currency, address: String(input.wallet_address), amountCents, tipCents, requestRef: idempotency?.ref, sessionId: player.sessionId,
        // Once the destination is known good and before anything is held: a refused code leaves everything as it was.
        stepUp: () => d.twoStep.check(player.userId, (input as { totp?: unknown }).totp),
      });
      const w = r.withdrawal;
      if (w.status === 'failed') throw new AppError(409, `${w.reason ?? 'The withdrawal was refused.'} Your credits are back in your wallet.`, 'WITHDRAWAL_REFUSED');
      // With a tip, what left the wallet is more than what is sent: the sentence says both.
      const what = tipCents > 0
        ? `Withdrawal of ${formatCents(amountCents)} requested, with a ${formatCents(tipCents)} tip: ${formatCents(amountCents + tipCents)} left your wallet.`
        : `Withdrawal of ${formatCents(amountCents)} requested.`;
      const message = w.held
        ? `${what} It is under review and will be sent once the review is done. You can cancel it from your history meanwhile.`
        : w.status === 'creating'
        ? `${what} It will be sent as soon as the payment server answers.`
        : `${what} ${withdrawalTimeText(withdrawalTiming(d.config, !!d.simulator), amountCents)}`;
      const walletCents = (await d.ledger.balance(walletId(player.userId))).availableCents;
      return { success: true, message, walletAmount: dollarsFromCents(walletCents), data: toData(w) };
    }, { auth: true, idempotent: true })
    .get('/withdraw/:id', async ({ player, params }) => {
      const w = await d.withdrawals.get(player.userId, params.id);
      if (!w) throw AppError.notFound('Withdrawal not found');
      return { success: true, data: toData(w) };
    }, { auth: true })
    // The player's own withdrawal under review, cancelled: amount and tip back in the wallet, nothing sent.
    .post('/withdraw/:id/cancel', async ({ player, params }) => {
      const r = await d.withdrawals.cancelHeld(player.userId, params.id);
      const walletCents = (await d.ledger.balance(walletId(player.userId))).availableCents;
      const back = formatCents(r.withdrawal.amountCents + r.withdrawal.tipCents);
      const message = r.finished ? `Withdrawal cancelled: ${back} is back in your wallet.` : `Withdrawal cancelled: ${back} comes back to your wallet within a few minutes.`;
      return { success: true, message, walletAmount: dollarsFromCents(walletCents), data: toData(r.withdrawal) };
    }, { auth: true, idempotent: true })
    .post('/sandbox/withdrawals/:id/:to', async ({ player, params, request }) => {
      // Anyone else gets what an unknown path gets: nothing says the control exists.
      if (!d.simulator || !sandboxGate(d.config)(request)) throw AppError.notFound();
      const to = params.to === 'complete' ? 'Completed' : params.to === 'cancel' ? 'Cancelled' : null;
      if (!to) throw AppError.notFound('Withdrawal not found');
      // As at BTCPay, only an approved payout is sent: one awaiting an operator's approval cannot be ended from here.
      const payoutId = await d.withdrawals.sandboxPayout(player.userId, params.id);
      if (!(await d.simulator.payout(payoutId, to))) throw AppError.conflict('This withdrawal has already ended.', 'INVALID_STATE');
      // The webhook re-reads it too; reading it here as well means the answer comes after the history changed.
      await d.withdrawals.syncPayout(payoutId);
      await d.paymentsIdle();
      return { success: true, message: to === 'Completed' ? 'Payout completed.' : 'Payout cancelled.' };
    }, { auth: true });
