import { str, type FieldErrors } from './fields';
import { typedAmount } from './amount-input';
import { readCents } from '../money';
import type { AmountOpts } from './wallet';
import { m } from '../../i18n/paraglide/messages.js';

/** spec §2/§9: the withdraw currencies, the default first, each with its minimum in dollars. */
export const WITHDRAW_CURRENCIES = [
  { id: 'BTC-CHAIN', label: 'Bitcoin (BTC)', minDollars: 100, minMessage: 'The smallest on-chain withdrawal is $100.' },
  { id: 'BTC-LN', label: 'Bitcoin (Lightning)', minDollars: 1, minMessage: 'The smallest Lightning withdrawal is $1.' },
] as const;
export type WithdrawCurrency = (typeof WITHDRAW_CURRENCIES)[number]['id'];
export const DEFAULT_WITHDRAW_CURRENCY: WithdrawCurrency = 'BTC-CHAIN';

/** spec §9: tip quick picks. */
export const TIP_PRESETS = [1, 2, 5, 10, 50, 100] as const;
/**
 * spec §5: the tip takes digits only. Checked, not filtered as typed: dropping a typed "." would make "2.50" a $250
 * tip without a word, so anything else stays in the box and the form says TIP_WHOLE.
 */
export const TIP_INPUT = /^\d*$/;

export const TIP_WHOLE = 'Tip must be a whole number of dollars';
// Size is the server's to judge (it knows the configured maximum); here only what an amount is.
const ANY_SIZE = Number.MAX_SAFE_INTEGER;

/** spec §5: Withdraw. Amount and tip arrive as numbers (API) or as typed text (form). */
export function checkWithdraw(input: { currency?: unknown; wallet_address?: unknown; amount?: unknown; tip?: unknown }, opts: AmountOpts = {}): FieldErrors {
  const text = opts.numbersOnly ? undefined : 'plain';
  const e: FieldErrors = {};
  const currency = WITHDRAW_CURRENCIES.find((c) => c.id === input.currency);
  if (!currency) e.currency = m.fields_currency_required();
  if (!str(input.wallet_address).trim()) e.wallet_address = m.fields_wallet_address_required();
  const amount = readCents(input.amount, { maxCents: ANY_SIZE, text });
  if (!amount.ok && amount.problem === 'required') e.amount = m.fields_amount_required();
  else if (!amount.ok && amount.problem !== 'tooLarge') e.amount = m.fields_amount_invalid();
  else if (amount.ok && currency && amount.cents < currency.minDollars * 100) e.amount = currency.id === 'BTC-LN' ? m.fields_min_lightning() : m.fields_min_chain();
  // Optional: absent or an empty box is no tip.
  const tip = readCents(input.tip, { maxCents: ANY_SIZE, text, zero: true, whole: true });
  if (!tip.ok && tip.problem !== 'required' && tip.problem !== 'tooLarge') e.tip = m.fields_tip_whole();
  return e;
}

/** The withdraw form as typed: the amount read the way people write it, then the same rules as the API's. */
export function checkWithdrawTyped(input: { currency?: unknown; wallet_address?: unknown; amount?: unknown; tip?: unknown }): FieldErrors {
  const r = typedAmount(input.amount, { required: m.fields_amount_required(), notPositive: m.fields_amount_invalid() });
  const e = checkWithdraw({ ...input, amount: r.ok ? r.text : '1' });
  if (!r.ok) e.amount = r.message;
  return e;
}
