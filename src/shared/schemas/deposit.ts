import type { FieldErrors } from './fields';
import { isPositiveAmount } from './wallet';

export const DEPOSIT_AMOUNT_INVALID = 'Please enter a valid amount greater than 0';

/** spec §5 Deposit amount: a number above 0, at most two decimals; sent as text (spec §7), typed or from the API. */
export function checkDeposit(input: { amount?: unknown }): FieldErrors {
  return isPositiveAmount(input.amount) ? {} : { amount: DEPOSIT_AMOUNT_INVALID };
}
