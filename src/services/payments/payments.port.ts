/**
 * The payments port: invoices for deposits and payouts for withdrawals, in BTCPay Greenfield's own terms so the
 * real adapter is a thin mapping. Decimal amounts stay strings (as BTCPay sends them) until the deposit and
 * withdrawal services turn them into cents; times are unix milliseconds.
 */
export type PaymentMethodId = 'BTC-LN' | 'BTC-CHAIN';
export const PAYMENT_METHODS: PaymentMethodId[] = ['BTC-LN', 'BTC-CHAIN'];

export type InvoiceStatus = 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
export type InvoiceAdditionalStatus = 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';

export type Invoice = {
  id: string;
  status: InvoiceStatus;
  additionalStatus: InvoiceAdditionalStatus;
  /** Invoice amount in its currency (USD), decimal string. */
  amount: string;
  currency: string;
  /** metadata.orderId: our deposit id. */
  orderId: string | null;
  createdAt: number;
  expiresAt: number;
  /** Payments are still watched until this time (expiry + monitoring window). */
  monitoringExpiresAt: number;
};

export type PaymentStatus = 'Processing' | 'Settled' | 'Invalid';

export type InvoicePayment = {
  /** Outpoint `<txid>-<vout>` on-chain, payment hash on Lightning. */
  id: string;
  receivedAt: number;
  /** BTC, decimal strings. */
  value: string;
  fee: string;
  status: PaymentStatus;
  destination: string;
};

export type InvoicePaymentMethod = {
  paymentMethodId: PaymentMethodId;
  /** Bitcoin address or BOLT11 invoice; empty when the method is not activated. */
  destination: string;
  /** bitcoin:…?amount=… or lightning:… */
  paymentLink: string;
  /** USD per BTC, fixed for the life of the invoice. */
  rate: string;
  /** BTC, decimal strings; `due` is negative when overpaid. */
  amount: string;
  due: string;
  paymentMethodPaid: string;
  activated: boolean;
  payments: InvoicePayment[];
};

export type CreateInvoiceRequest = {
  /** Our deposit id; becomes metadata.orderId. */
  orderId: string;
  amountCents: number;
  expirationMinutes: number;
  paymentMethods: PaymentMethodId[];
  buyerEmail?: string;
};

export type PayoutState = 'AwaitingApproval' | 'AwaitingPayment' | 'InProgress' | 'Completed' | 'Cancelled';

export type Payout = {
  id: string;
  revision: number;
  destination: string;
  payoutMethodId: PaymentMethodId;
  /** As created (originalAmount/originalCurrency) and as paid once approved (payoutAmount/payoutCurrency). */
  originalAmount: string;
  originalCurrency: string;
  payoutAmount: string | null;
  payoutCurrency: string | null;
  state: PayoutState;
  /** e.g. { proofType, id, link } for a transaction id; null until paid. */
  paymentProof: Record<string, unknown> | null;
  /** metadata.withdrawalId: our withdrawal id. */
  withdrawalId: string | null;
  createdAt: number;
};

export type CreatePayoutRequest = {
  withdrawalId: string;
  destination: string;
  payoutMethodId: PaymentMethodId;
  /** BTC decimal string (store payouts without a pull payment are in the method's crypto). Optional for a BOLT11 with an amount. */
  amountBtc?: string;
  approved: boolean;
};

/** What a BTCPay answer that refused us means, in our words; `code` is BTCPay's (duplicate-destination, overdraft, …). */
export class PaymentsError extends Error {
  constructor(
    message: string,
    /** unavailable: network, timeout or 5xx — worth retrying. refused: a 4xx answer — final. */
    readonly kind: 'unavailable' | 'refused' | 'not-found',
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export type KeyCheck = { ok: boolean; missing: string[]; error?: string };

/** What the store holds, as the provider reports it: shown beside the proof of liabilities (docs/solvency.md). */
export type StoreReserves = {
  /** The store's on-chain wallet, confirmed funds only (BTC, decimal string). */
  onchainConfirmedBtc: string;
  /** What the store's Lightning node can send (its side of its channels, BTC); null where the store reports none. */
  lightningBtc: string | null;
  /** Why the Lightning balance is missing (no node, node unreachable, a permission the key lacks); null when shown. */
  lightningNote: string | null;
  /** USD per BTC used for the dollar figures (the store's current rate). */
  rateUsdPerBtc: string;
  /** When the balances were read (unix ms). */
  at: number;
};

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'btcpay';
  /** The secret BTCPay-Sig deliveries are signed with. */
  readonly webhookSecret: string;
  createInvoice(req: CreateInvoiceRequest): Promise<Invoice>;
  /** null when the provider does not know the invoice. */
  getInvoice(invoiceId: string): Promise<Invoice | null>;
  /** Every method with its payments (accounted ones: replaced or double-spent payments drop out or read Invalid). */
  getInvoicePaymentMethods(invoiceId: string): Promise<InvoicePaymentMethod[]>;
  /** Invoices carrying this metadata.orderId, newest first: how a creation whose answer was lost is found again. */
  findInvoicesByOrderId(orderId: string): Promise<Invoice[]>;
  /** The store's current BTC_USD rate (USD per BTC, decimal string). */
  currentRate(): Promise<string>;
  createPayout(req: CreatePayoutRequest): Promise<Payout>;
  getPayout(payoutId: string): Promise<Payout | null>;
  /** Store payouts carrying this metadata.withdrawalId (cancelled included). */
  findPayoutsByWithdrawalId(withdrawalId: string): Promise<Payout[]>;
  approvePayout(payoutId: string, revision: number): Promise<Payout>;
  cancelPayout(payoutId: string): Promise<void>;
  /** Start-up check: which of the permissions we need the key lacks. */
  checkKey(): Promise<KeyCheck>;
  /** The store's reserves now; throws a PaymentsError when the on-chain balance cannot be read. */
  reserves(): Promise<StoreReserves>;
}
