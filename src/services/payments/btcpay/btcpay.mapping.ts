import type { Invoice, InvoicePayment, InvoicePaymentMethod, PaymentMethodId, Payout } from '../payments.port';

// BTCPay's wire shapes (the parts we read) and their mapping to the port: unix seconds → ms, absent → null.

export type InvoiceWire = {
  id: string;
  status: Invoice['status'];
  additionalStatus: Invoice['additionalStatus'];
  amount: string;
  currency: string;
  metadata?: Record<string, unknown> | null;
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
};

export type PaymentWire = { id: string; receivedDate: number; value: string; fee?: string | null; status: InvoicePayment['status']; destination?: string | null };

export type PaymentMethodWire = {
  paymentMethodId: string;
  destination?: string | null;
  paymentLink?: string | null;
  rate: string;
  amount: string;
  due: string;
  paymentMethodPaid: string;
  activated?: boolean;
  payments?: PaymentWire[] | null;
};

export type PayoutWire = {
  id: string;
  revision: number;
  date: number | string;
  destination: string;
  payoutMethodId: string;
  originalAmount: string;
  originalCurrency: string;
  payoutAmount?: string | null;
  payoutCurrency?: string | null;
  state: Payout['state'];
  paymentProof?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
};

const ms = (seconds: number) => Math.round(seconds * 1000);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function toInvoice(w: InvoiceWire): Invoice {
  return {
    id: w.id,
    status: w.status,
    additionalStatus: w.additionalStatus,
    amount: w.amount,
    currency: w.currency,
    orderId: str(w.metadata?.orderId),
    createdAt: ms(w.createdTime),
    expiresAt: ms(w.expirationTime),
    monitoringExpiresAt: ms(w.monitoringExpiration),
  };
}

const toPayment = (p: PaymentWire): InvoicePayment => ({
  id: p.id,
  receivedAt: ms(p.receivedDate),
  value: p.value,
  fee: p.fee ?? '0',
  status: p.status,
  destination: p.destination ?? '',
});

/** Methods we do not take (BTC-LNURL, altcoins) are left out: the port speaks BTC-LN and BTC-CHAIN only. */
export function toPaymentMethods(list: PaymentMethodWire[]): InvoicePaymentMethod[] {
  return list
    .filter((m): m is PaymentMethodWire & { paymentMethodId: PaymentMethodId } => m.paymentMethodId === 'BTC-LN' || m.paymentMethodId === 'BTC-CHAIN')
    .map((m) => ({
      paymentMethodId: m.paymentMethodId,
      destination: m.destination ?? '',
      paymentLink: m.paymentLink ?? '',
      rate: m.rate,
      amount: m.amount,
      due: m.due,
      paymentMethodPaid: m.paymentMethodPaid,
      activated: m.activated ?? true,
      payments: (m.payments ?? []).map(toPayment),
    }));
}

/** `date` is a unix-seconds number from the server's code, a string per the contract: both are read. */
export function dateMs(date: number | string): number {
  if (typeof date === 'number') return ms(date);
  if (/^\d+(\.\d+)?$/.test(date.trim())) return ms(Number(date));
  const parsed = Date.parse(date);
  return Number.isNaN(parsed) ? 0 : parsed;
}

export function toPayout(w: PayoutWire): Payout {
  return {
    id: w.id,
    revision: w.revision,
    destination: w.destination,
    payoutMethodId: w.payoutMethodId === 'BTC-LN' ? 'BTC-LN' : 'BTC-CHAIN',
    originalAmount: w.originalAmount,
    originalCurrency: w.originalCurrency,
    payoutAmount: w.payoutAmount ?? null,
    payoutCurrency: w.payoutCurrency ?? null,
    state: w.state,
    paymentProof: w.paymentProof ?? null,
    withdrawalId: str(w.metadata?.withdrawalId),
    createdAt: dateMs(w.date),
  };
}

/** 1250 → "12.50": BTCPay takes amounts as decimal strings. */
export function centsToDecimal(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('an invoice amount must be a positive whole number of cents');
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}
