import { base58Id, bolt11, formatBtc, hex, nowSeconds, parseBtc, regtestAddress } from './ids';

/**
 * Invoices, their payment methods and payments, with the status machine of BTCPay's InvoiceWatcher (contract
 * README section 3 and pitfalls 5–14). Amounts are kept in satoshis; the rate is fixed at creation.
 */
export type MethodId = 'BTC-CHAIN' | 'BTC-LN';
export type Payment = { id: string; method: MethodId; receivedDate: number; sats: number; status: 'Processing' | 'Settled' | 'Invalid'; destination: string };
type Method = { id: MethodId; destination: string; payments: Payment[] };
export type StoredInvoice = {
  id: string;
  storeId: string;
  amount: string;
  amountSats: number;
  currency: string;
  rate: string;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
  status: 'New' | 'Processing' | 'Expired' | 'Invalid' | 'Settled';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  methods: Method[];
};
export type Emit = (type: string, invoice: StoredInvoice, extra?: Record<string, unknown>) => void;
export type Answer = { status: number; json?: unknown };

const KNOWN_METHODS: Record<string, MethodId | 'BTC-LNURL'> = { 'BTC-CHAIN': 'BTC-CHAIN', BTC: 'BTC-CHAIN', 'BTC-LN': 'BTC-LN', 'BTC-LightningNetwork': 'BTC-LN', 'BTC-LNURL': 'BTC-LNURL' };
export const NO_METHOD_MESSAGE = 'Error retrieving a matching payment method or rate.';

export class InvoiceBook {
  readonly invoices = new Map<string, StoredInvoice>();
  rate = '50000';
  dropNextMethod: MethodId | null = null;
  refuseNext = false;

  constructor(
    private readonly storeId: string,
    private readonly storeMethods: MethodId[],
    private readonly emit: Emit,
  ) {}

  create(body: any): Answer {
    const checkout = body.checkout ?? {};
    const errors: { path: string; message: string }[] = [];
    const requested: string[] = checkout.paymentMethods ?? this.storeMethods;
    requested.forEach((m, i) => KNOWN_METHODS[m] || errors.push({ path: `checkout.paymentMethods[${i}]`, message: 'Invalid payment method' }));
    const expirationMinutes = checkout.expirationMinutes ?? 15;
    if (expirationMinutes * 60 < 30) errors.push({ path: 'checkout.expirationMinutes', message: 'expirationMinutes must be at least 30 seconds' });
    if (body.amount === undefined || body.amount === null) return { status: 501, json: { code: 'not-modelled', message: 'The BTCPay double does not model top-up invoices' } };
    if (Number(body.amount) < 0) errors.push({ path: 'amount', message: 'amount should be greater than 0' });
    if (errors.length) return { status: 422, json: errors };
    if (this.refuseNext) {
      this.refuseNext = false;
      return { status: 400, json: { code: 'generic-error', message: NO_METHOD_MESSAGE } };
    }
    let methods = [...new Set(requested.map((m) => KNOWN_METHODS[m]!))].filter((m): m is MethodId => m !== 'BTC-LNURL' && this.storeMethods.includes(m as MethodId));
    if (this.dropNextMethod) methods = methods.filter((m) => m !== this.dropNextMethod);
    this.dropNextMethod = null;
    if (!methods.length && Number(body.amount) > 0) return { status: 400, json: { code: 'generic-error', message: `${NO_METHOD_MESSAGE} (no payment method available)` } };
    const created = nowSeconds();
    const amountSats = Math.ceil(Math.round((Number(body.amount) * 1e8 * 1e6) / Number(this.rate)) / 1e6);
    const monitoringMinutes = checkout.monitoringMinutes ?? 1440;
    const inv: StoredInvoice = {
      id: base58Id(),
      storeId: this.storeId,
      amount: String(body.amount),
      amountSats,
      currency: body.currency ?? 'USD',
      rate: this.rate,
      metadata: body.metadata ?? {},
      checkout: {
        speedPolicy: checkout.speedPolicy ?? 'MediumSpeed',
        paymentMethods: methods,
        defaultPaymentMethod: checkout.defaultPaymentMethod ?? null,
        lazyPaymentMethods: false,
        expirationMinutes,
        monitoringMinutes,
        paymentTolerance: checkout.paymentTolerance ?? 0,
        redirectURL: checkout.redirectURL ?? null,
        redirectAutomatically: checkout.redirectAutomatically ?? false,
        defaultLanguage: checkout.defaultLanguage ?? null,
      },
      createdTime: created,
      expirationTime: created + Math.round(expirationMinutes * 60),
      monitoringExpiration: created + Math.round(expirationMinutes * 60) + monitoringMinutes * 60,
      status: amountSats === 0 ? 'Settled' : 'New',
      additionalStatus: 'None',
      methods: amountSats === 0 ? [] : methods.map((id) => ({ id, destination: id === 'BTC-LN' ? bolt11(amountSats) : regtestAddress(), payments: [] })),
    };
    this.invoices.set(inv.id, inv);
    this.emit('InvoiceCreated', inv);
    return { status: 200, json: invoiceWire(inv) };
  }

  find(id: string): StoredInvoice {
    const inv = this.invoices.get(id);
    if (!inv) throw new Error(`no invoice ${id}`);
    return inv;
  }

  payLightning(invoiceId: string, btc?: string): string {
    const inv = this.find(invoiceId);
    const method = inv.methods.find((m) => m.id === 'BTC-LN');
    if (!method) throw new Error(`invoice ${invoiceId} has no BTC-LN method`);
    // A BOLT11 stops being payable at the invoice's expiry (v2.4.1 does not watch Lightning after it: pitfall 13).
    if (inv.status !== 'New') throw new Error(`invoice ${invoiceId} is ${inv.status}: its BOLT11 can no longer be paid`);
    const payment = this.record(inv, method, btc, 'Settled', hex(32));
    // Lightning payments are recorded already settled, so PaymentSettled goes out before ReceivedPayment.
    this.emitPayment('InvoicePaymentSettled', inv, payment);
    this.emitPayment('InvoiceReceivedPayment', inv, payment);
    this.update(inv);
    return payment.id;
  }

  payOnchain(invoiceId: string, btc?: string): string {
    const inv = this.find(invoiceId);
    const method = inv.methods.find((m) => m.id === 'BTC-CHAIN');
    if (!method) throw new Error(`invoice ${invoiceId} has no BTC-CHAIN method`);
    const payment = this.record(inv, method, btc, 'Processing', `${hex(32)}-0`);
    this.emitPayment('InvoiceReceivedPayment', inv, payment);
    this.update(inv);
    return payment.id;
  }

  confirm(paymentId: string): void {
    const [inv, payment] = this.payment(paymentId);
    if (payment.status !== 'Processing') throw new Error(`payment ${paymentId} is ${payment.status}, not Processing`);
    payment.status = 'Settled';
    this.emitPayment('InvoicePaymentSettled', inv, payment);
    this.update(inv);
  }

  /** The transaction was replaced (RBF) or double-spent: the payment reads Invalid and stops counting. */
  replace(paymentId: string): void {
    const [inv, payment] = this.payment(paymentId);
    if (payment.method !== 'BTC-CHAIN' || payment.status !== 'Processing') throw new Error(`payment ${paymentId} is not an unconfirmed on-chain payment`);
    payment.status = 'Invalid';
    this.update(inv);
  }

  /**
   * A payment already settled is undone: double-spent after a reorganisation of the chain. It reads Invalid and the
   * invoice goes Invalid with it (InvoiceInvalid).
   */
  invalidate(paymentId: string): void {
    const [inv, payment] = this.payment(paymentId);
    if (payment.status !== 'Settled') throw new Error(`payment ${paymentId} is ${payment.status}, not Settled`);
    payment.status = 'Invalid';
    inv.status = 'Invalid';
    inv.additionalStatus = 'None';
    this.emit('InvoiceInvalid', inv, { manuallyMarked: false });
  }

  /** The store's operator marks the invoice Invalid in BTCPay (Invoices → Mark as invalid). */
  markInvalid(invoiceId: string): void {
    const inv = this.find(invoiceId);
    inv.status = 'Invalid';
    inv.additionalStatus = 'Marked';
    this.emit('InvoiceInvalid', inv, { manuallyMarked: true });
  }

  expire(invoiceId: string): boolean {
    const inv = this.find(invoiceId);
    if (inv.status !== 'New') return false; // a Processing invoice keeps waiting for confirmations
    inv.status = 'Expired';
    inv.expirationTime = Math.min(inv.expirationTime, nowSeconds());
    this.emit('InvoiceExpired', inv, { partiallyPaid: paidSats(inv) > 0 });
    return true;
  }

  /** The monitoring window closed while payments were still unconfirmed: Invalid. */
  endMonitoring(invoiceId: string): boolean {
    const inv = this.find(invoiceId);
    if (inv.status !== 'Processing') return false;
    inv.status = 'Invalid';
    inv.additionalStatus = 'None';
    this.emit('InvoiceInvalid', inv, { manuallyMarked: false });
    return true;
  }

  private record(inv: StoredInvoice, method: Method, btc: string | undefined, status: Payment['status'], id: string): Payment {
    const due = inv.amountSats - paidSats(inv);
    const sats = btc === undefined ? due : parseBtc(btc);
    if (sats <= 0) throw new Error(`invoice ${inv.id} has nothing due: pass an amount`);
    const payment: Payment = { id, method: method.id, receivedDate: nowSeconds(), sats, status, destination: method.destination };
    method.payments.push(payment);
    return payment;
  }

  private payment(paymentId: string): [StoredInvoice, Payment] {
    for (const inv of this.invoices.values())
      for (const m of inv.methods) {
        const p = m.payments.find((x) => x.id === paymentId);
        if (p) return [inv, p];
      }
    throw new Error(`no payment ${paymentId}`);
  }

  private emitPayment(type: string, inv: StoredInvoice, p: Payment) {
    const afterExpiration = inv.status === 'Expired' || inv.status === 'Invalid';
    this.emit(type, inv, { afterExpiration, paymentMethodId: p.method, payment: paymentWire(p) });
  }

  /** InvoiceWatcher.UpdateInvoice, reduced to what amounts and confirmations decide. */
  private update(inv: StoredInvoice) {
    const paid = paidSats(inv);
    const confirmed = sumSats(inv, (p) => p.status === 'Settled');
    if (inv.status === 'New' || inv.status === 'Expired') {
      if (paid >= inv.amountSats) {
        if (inv.status === 'New') {
          inv.status = 'Processing';
          inv.additionalStatus = paid > inv.amountSats ? 'PaidOver' : 'None';
          this.emit('InvoiceProcessing', inv, { overPaid: paid > inv.amountSats });
        } else inv.additionalStatus = 'PaidLate';
      } else if (paid > 0 && inv.additionalStatus !== 'PaidLate') inv.additionalStatus = 'PaidPartial';
      else if (paid === 0) inv.additionalStatus = 'None';
    }
    // A replaced payment can take a Processing invoice back to New.
    if (inv.status === 'Processing' && paid < inv.amountSats) {
      inv.status = 'New';
      inv.additionalStatus = paid === 0 ? 'None' : 'PaidPartial';
    }
    if (inv.status === 'Processing' && confirmed >= inv.amountSats) {
      inv.status = 'Settled';
      this.emit('InvoiceSettled', inv, { manuallyMarked: false, overPaid: inv.additionalStatus === 'PaidOver' });
    }
    // After a partial payment the Lightning invoice is replaced by one for the remainder.
    const ln = inv.methods.find((m) => m.id === 'BTC-LN');
    const due = inv.amountSats - paid;
    if (ln && inv.status === 'New' && due > 0 && !ln.destination.startsWith(`lnbcrt${due * 10}n1`)) ln.destination = bolt11(due);
  }
}

const sumSats = (inv: StoredInvoice, keep: (p: Payment) => boolean) => inv.methods.flatMap((m) => m.payments).filter(keep).reduce((s, p) => s + p.sats, 0);
export const paidSats = (inv: StoredInvoice) => sumSats(inv, (p) => p.status !== 'Invalid');

export const paymentWire = (p: Payment) => ({ id: p.id, receivedDate: p.receivedDate, value: formatBtc(p.sats), fee: formatBtc(0), status: p.status, destination: p.destination });

export function invoiceWire(inv: StoredInvoice, checkoutBase = '') {
  const paidUsd = (paidSats(inv) * Number(inv.rate)) / 1e8;
  return {
    id: inv.id,
    storeId: inv.storeId,
    amount: inv.amount,
    paidAmount: paidUsd.toFixed(2),
    currency: inv.currency,
    type: 'Standard',
    checkoutLink: `${checkoutBase}/i/${inv.id}`,
    createdTime: inv.createdTime,
    expirationTime: inv.expirationTime,
    monitoringExpiration: inv.monitoringExpiration,
    status: inv.status,
    additionalStatus: inv.additionalStatus,
    availableStatusesForManualMarking: inv.status === 'Settled' ? ['Invalid'] : inv.status === 'Invalid' ? ['Settled'] : ['Settled', 'Invalid'],
    archived: false,
    metadata: inv.metadata,
    checkout: inv.checkout,
    receipt: { enabled: null, showQR: null, showPayments: null },
  };
}

export function paymentMethodsWire(inv: StoredInvoice, onlyAccounted: boolean) {
  const paid = paidSats(inv);
  return inv.methods.map((m) => {
    const due = inv.amountSats - paid;
    const dueText = formatBtc(Math.max(due, 0));
    return {
      paymentMethodId: m.id,
      currency: 'BTC',
      destination: m.destination,
      paymentLink: m.id === 'BTC-LN' ? `lightning:${m.destination}` : `bitcoin:${m.destination}?amount=${dueText}`,
      rate: inv.rate,
      paymentMethodPaid: formatBtc(m.payments.filter((p) => p.status !== 'Invalid').reduce((s, p) => s + p.sats, 0)),
      totalPaid: formatBtc(paid),
      due: formatBtc(due),
      amount: formatBtc(inv.amountSats),
      paymentMethodFee: formatBtc(0),
      payments: m.payments.filter((p) => !onlyAccounted || p.status !== 'Invalid').map(paymentWire),
      activated: true,
      additionalData: m.id === 'BTC-CHAIN' ? { keyPath: '0/0', payjoinEnabled: false, recommendedFeeRate: '1.0', paymentMethodFeeRate: '0' } : {},
    };
  });
}
