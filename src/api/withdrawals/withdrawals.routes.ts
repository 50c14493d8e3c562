import { Elysia } from 'elysia';
import type { Config } from '../../config';
import type { IdempotencyPlugin } from '../../http/idempotency';
import type { Session } from '../../http/session';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import { sandboxGate } from '../../http/loopback';
import type { SandboxSimulator } from '../../services/payments/sandbox/sandbox-simulator';
import type { WithdrawalService } from '../../services/payments/withdrawal-service';
import type { TwoStep } from '../../services/auth/two-step';
import { walletId, type Ledger } from '../../services/ledger/ledger.types';
import { dollarsFromCents, formatCents } from '../../shared/money';
import { readWithdrawBody, requestWithdrawal, toData } from './withdrawal-request';

type WithdrawDeps = { config: Config; twoStep: TwoStep; ledger: Ledger; withdrawals: WithdrawalService; paymentsIdle: () => Promise<void>; idempotency: IdempotencyPlugin; simulator: SandboxSimulator | null };

/** Withdrawals to Bitcoin (spec §7), the rate the form shows, and outside production the sandbox's Complete / Cancel. */
export const withdrawalsRoutes = (d: WithdrawDeps, session: Session) => {
  const asking = { ...d, sandboxPayouts: !!d.simulator };
  return new Elysia({ name: 'withdrawals-routes' })
    .use(session)
    .use(d.idempotency)
    .get('/btc/rate', async () => {
      const rate = await d.withdrawals.rate();
      return { success: true, rate: Number(rate), currencyPair: 'BTC_USD' };
    }, { auth: true })
    .post('/withdraw/withdraw-request', ({ player, body, idempotency }) => requestWithdrawal(asking, player, readWithdrawBody(body, d.config), idempotency?.ref), { auth: true, idempotent: true })
    .get('/withdraw/:id', async ({ player, params }) => {
      const w = await d.withdrawals.get(player.userId, params.id);
      if (!w) throw AppError.notFound(text(m.api_withdrawal_not_found));
      return { success: true, data: toData(w) };
    }, { auth: true })
    // The player's own withdrawal under review, cancelled: amount and tip back in the wallet, nothing sent.
    .post('/withdraw/:id/cancel', async ({ player, params }) => {
      const r = await d.withdrawals.cancelHeld(player.userId, params.id);
      const walletCents = (await d.ledger.balance(walletId(player.userId))).availableCents;
      const back = formatCents(r.withdrawal.amountCents + r.withdrawal.tipCents);
      const message = r.finished ? m.api_withdrawal_cancelled({ amount: back }) : m.api_withdrawal_cancelled_soon({ amount: back });
      return { success: true, message, walletAmount: dollarsFromCents(walletCents), data: toData(r.withdrawal) };
    }, { auth: true, idempotent: true })
    .post('/sandbox/withdrawals/:id/:to', async ({ player, params, request }) => {
      // Anyone else gets what an unknown path gets: nothing says the control exists.
      if (!d.simulator || !sandboxGate(d.config)(request)) throw AppError.notFound();
      const to = params.to === 'complete' ? 'Completed' : params.to === 'cancel' ? 'Cancelled' : null;
      if (!to) throw AppError.notFound(text(m.api_withdrawal_not_found));
      // As at BTCPay, only an approved payout is sent: one awaiting an operator's approval cannot be ended from here.
      const payoutId = await d.withdrawals.sandboxPayout(player.userId, params.id);
      if (!(await d.simulator.payout(payoutId, to))) throw AppError.conflict(text(m.api_withdrawal_ended), 'INVALID_STATE');
      // The webhook re-reads it too; reading it here as well means the answer comes after the history changed.
      await d.withdrawals.syncPayout(payoutId);
      await d.paymentsIdle();
      return { success: true, message: to === 'Completed' ? m.api_payout_completed() : m.api_payout_cancelled() };
    }, { auth: true });
};
