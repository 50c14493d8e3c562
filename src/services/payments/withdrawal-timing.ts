import type { Config } from '../../config';
import type { WithdrawalTiming } from '../../shared/withdrawal-time';

type TimingConfig = Pick<Config, 'WITHDRAWAL_AUTO_APPROVE_DOLLARS' | 'WITHDRAWAL_DAILY_MAX_DOLLARS' | 'MAX_AMOUNT_DOLLARS' | 'WITHDRAWAL_TIME_TEXT'>;

/**
 * The largest withdrawal approved without an operator. The sandbox approves everything unless
 * WITHDRAWAL_AUTO_APPROVE_DOLLARS is set: then larger ones wait for an operator, as with BTCPay.
 */
export function autoApproveCents(c: TimingConfig, sandboxPayouts: boolean): number {
  return sandboxPayouts && !c.WITHDRAWAL_AUTO_APPROVE_DOLLARS ? Number.MAX_SAFE_INTEGER : Math.round(c.WITHDRAWAL_AUTO_APPROVE_DOLLARS * 100);
}

/** What the screens may say about withdrawal times under these settings (src/shared/withdrawal-time.ts words it). */
export function withdrawalTiming(c: TimingConfig, sandboxPayouts: boolean): WithdrawalTiming {
  const approved = autoApproveCents(c, sandboxPayouts);
  // No single withdrawal can be larger than the daily limit or the largest amount: at or above that, every one is approved.
  const largest = Math.round(Math.min(c.WITHDRAWAL_DAILY_MAX_DOLLARS, c.MAX_AMOUNT_DOLLARS) * 100);
  return { autoApproveCents: approved >= largest ? Infinity : approved, reviewText: c.WITHDRAWAL_TIME_TEXT };
}
