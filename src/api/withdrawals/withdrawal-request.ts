import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { text } from '../../i18n/text';
import { reasonText } from '../../services/notices/reasons';
import { amountField, validate } from '../../lib/validate';
import { dollarsFromCents, formatCents } from '../../shared/money';
import { checkWithdraw, WITHDRAW_CURRENCIES, type WithdrawCurrency } from '../../shared/schemas/withdraw';
import { withdrawalTimeText } from '../../shared/withdrawal-time';
import type { TwoStep } from '../../services/auth/two-step';
import { walletId, type Ledger } from '../../services/ledger/ledger.types';
import type { WithdrawalService } from '../../services/payments/withdrawal-service';
import { isOpenWithdrawal, type WithdrawalRow } from '../../services/payments/withdrawals';
import { UNDER_REVIEW } from '../../services/compliance/held';
import { withdrawalTiming } from '../../services/payments/withdrawal-timing';

export type RequestDeps = { config: Config; twoStep: TwoStep; ledger: Ledger; withdrawals: WithdrawalService; sandboxPayouts: boolean };
export type WithdrawInput = { currency: WithdrawCurrency; address: string; amountCents: number; tipCents: number; totp: unknown };

// Held for review, the player sees "under review" and nothing of why (never the rule, nor that there is a case).
const shownStatus = (w: WithdrawalRow) => (w.held && isOpenWithdrawal(w.status) && w.status !== 'cancelling' ? UNDER_REVIEW : w.status);

export const toData = (w: WithdrawalRow) => ({
  withdrawalId: w.id, status: shownStatus(w), currency: w.currency, wallet_address: w.destination, amount: dollarsFromCents(w.amountCents),
  tip: dollarsFromCents(w.tipCents), rate: Number(w.rate), btcAmount: w.btcAmount, payoutId: w.payoutId, reason: w.reason,
});

/** The body of a withdrawal (request, review or confirmation): spec §5's rules, amounts to cents at this edge. */
export function readWithdrawBody(body: unknown, config: Pick<Config, 'MAX_AMOUNT_DOLLARS'>): WithdrawInput {
  const input = validate((b) => checkWithdraw(b, { numbersOnly: true }), body);
  // DESIGN §2: amounts are JSON numbers under the configured maximum; the tip whole dollars (0 when absent, spec §3).
  const maxCents = Math.round(config.MAX_AMOUNT_DOLLARS * 100);
  const amountCents = amountField(input.amount, 'amount', { maxCents }, { required: m.fields_amount_required(), invalid: m.fields_amount_invalid() });
  const tipCents = input.tip === undefined || input.tip === null ? 0 : amountField(input.tip, 'tip', { maxCents, zero: true, whole: true }, { required: m.fields_tip_whole(), invalid: m.fields_tip_whole() });
  const currency = WITHDRAW_CURRENCIES.find((c) => c.id === input.currency)!.id as WithdrawCurrency;
  return { currency, address: String(input.wallet_address), amountCents, tipCents, totp: (input as { totp?: unknown }).totp };
}

/** What the site says of withdrawal times for this amount under the operator's settings. */
export const timeTextFor = (d: Pick<RequestDeps, 'config' | 'sandboxPayouts'>, amountCents: number) => withdrawalTimeText(withdrawalTiming(d.config, d.sandboxPayouts), amountCents);

/** Holds and asks for the withdrawal; the answer says what left the wallet and what happens next. */
export async function requestWithdrawal(d: RequestDeps, player: { userId: string; sessionId?: string }, input: WithdrawInput, requestRef?: string) {
  const { amountCents, tipCents } = input;
  const r = await d.withdrawals.create({
    userId: player.userId, currency: input.currency, address: input.address, amountCents, tipCents, requestRef, sessionId: player.sessionId,
    // Once the destination is known good and before anything is held: a refused code leaves everything as it was.
    stepUp: () => d.twoStep.check(player.userId, input.totp),
  });
  const w = r.withdrawal;
  if (w.status === 'failed')
    throw new AppError(409, text(m.api_withdrawal_refused, { reason: w.reason ? reasonText(w.reason) : text(m.api_withdrawal_refused_plain) }), 'WITHDRAWAL_REFUSED');
  // With a tip, what left the wallet is more than what is sent: the sentence says both.
  const what = tipCents > 0
    ? m.api_withdrawal_requested_tip({ amount: formatCents(amountCents), tip: formatCents(tipCents), total: formatCents(amountCents + tipCents) })
    : m.api_withdrawal_requested({ amount: formatCents(amountCents) });
  const next = w.held ? m.api_withdrawal_next_review() : w.status === 'creating' ? m.api_withdrawal_next_server() : timeTextFor(d, amountCents);
  const message = `${what} ${next}`;
  const walletCents = (await d.ledger.balance(walletId(player.userId))).availableCents;
  return { success: true, message, walletAmount: dollarsFromCents(walletCents), data: toData(w) };
}
