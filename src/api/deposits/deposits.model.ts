import { AppError } from '../../lib/app-error';
import { m } from '../../i18n/paraglide/messages.js';
import { amountField } from '../../lib/validate';
import { dollarsFromCents, formatCents, type Cents } from '../../shared/money';
import type { DepositView } from '../../services/payments/deposits';

/** The deposit amount in cents within the configured bounds; each refusal is a 400 on the amount field. */
export function depositCents(value: unknown, minDollars: number, maxDollars: number): Cents {
  const min = Math.round(minDollars * 100);
  const max = Math.round(maxDollars * 100);
  // spec §7 sends the amount as text; a JSON number is taken too.
  const words = { required: m.fields_deposit_amount(), invalid: m.fields_deposit_amount() };
  const c = amountField(value, 'amount', { maxCents: max, text: 'plain' }, words, m.api_deposit_max({ amount: formatCents(max) }));
  if (c < min) throw AppError.invalid([{ field: 'amount', message: m.api_deposit_min({ amount: formatCents(min) }) }]);
  return c;
}

/** The deposit on the wire: spec §3's `payment_methods` plus what the deposit page shows. */
export const toDepositData = (d: DepositView) => ({
  depositId: d.id,
  invoiceId: d.invoiceId,
  status: d.status,
  invoiceStatus: d.invoiceStatus,
  amount: dollarsFromCents(d.amountCents),
  credited: dollarsFromCents(d.creditedCents),
  held: dollarsFromCents(d.heldCents),
  processing: dollarsFromCents(d.processingCents),
  btcAmount: d.btcDue,
  rate: d.rate === null ? null : Number(d.rate),
  expiresAt: d.expiresAt === null ? null : new Date(d.expiresAt).toISOString(),
  createdAt: new Date(d.createdAt).toISOString(),
  payment_methods: [
    ...(d.lightning ? [{ paymentMethodId: 'BTC-LN', destination: d.lightning }] : []),
    ...(d.onchain ? [{ paymentMethodId: 'BTC-CHAIN', destination: d.onchain }] : []),
  ],
});
export type DepositData = ReturnType<typeof toDepositData>;
