import type { FieldErrors } from './fields';
import { typedAmount } from './amount-input';
import { isPositiveAmount } from './wallet';
import { m } from '../../i18n/paraglide/messages.js';

export const DEPOSIT_AMOUNT_INVALID = 'Please enter a valid amount greater than 0';

/** spec §5 Deposit amount: a number above 0, at most two decimals; sent as text (spec §7), typed or from the API. */
export function checkDeposit(input: { amount?: unknown }): FieldErrors {
  return isPositiveAmount(input.amount) ? {} : { amount: m.fields_deposit_amount() };
}

/** The deposit form's amount as typed (`$25`, `1,000.50`): the spec's message for empty or zero, the reason otherwise. */
export function checkDepositTyped(input: { amount?: unknown }): FieldErrors {
  const r = typedAmount(input.amount, { required: m.fields_deposit_amount(), notPositive: m.fields_deposit_amount() });
  return r.ok ? {} : { amount: r.message };
}
