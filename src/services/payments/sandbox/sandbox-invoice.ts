import type { Invoice, InvoicePayment, InvoicePaymentMethod, PaymentMethodId } from '../payments.port';
import { btcForCents, formatSats, satsOf, usdCentsOf } from '../btc-amount';
import type { BitcoinNetwork } from '../withdraw-destination';
import { sandboxAddress, sandboxInvoice } from './sandbox-destinations';

/**
 * What the sandbox keeps per invoice: the invoice, its methods and every payment, as BTCPay would report them, and
 * the network its destinations are of (regtest for invoices kept before it was recorded).
 */
export type SandboxInvoice = { invoice: Invoice; amountCents: number; rate: string; methods: InvoicePaymentMethod[]; network?: BitcoinNetwork };

export const randomHex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');

/** A Lightning invoice for what is due, payable until the deposit's invoice expires (as BTCPay's are). */
const invoiceFor = (network: BitcoinNetwork, btc: string, expiresAt: number, now: number) => sandboxInvoice(network, satsOf(btc), Math.max(60, (expiresAt - now) / 1000), now);

export function paymentLink(method: PaymentMethodId, destination: string, dueBtc: string): string {
  return method === 'BTC-CHAIN' ? `bitcoin:${destination}?amount=${dueBtc}` : `lightning:${destination}`;
}

export function newMethod(method: PaymentMethodId, amountBtc: string, rate: string, network: BitcoinNetwork, expiresAt: number, now: number): InvoicePaymentMethod {
  const destination = method === 'BTC-CHAIN' ? sandboxAddress(network) : invoiceFor(network, amountBtc, expiresAt, now);
  return { paymentMethodId: method, destination, paymentLink: paymentLink(method, destination, amountBtc), rate, amount: amountBtc,
    due: amountBtc, paymentMethodPaid: '0.00000000', activated: true, payments: [] };
}

const counted = (p: InvoicePayment) => p.status !== 'Invalid';

/** The dollars paid so far: all accounted payments, and only the settled ones. */
export function paidCents(s: SandboxInvoice) {
  let all = 0;
  let settled = 0;
  for (const m of s.methods)
    for (const p of m.payments.filter(counted)) {
      const c = usdCentsOf(p.value, p.fee, s.rate);
      all += c;
      if (p.status === 'Settled') settled += c;
    }
  return { all, settled };
}

/**
 * BTCPay's status rules (contract README §3): Settled is final; an expired invoice stays Expired, paid late or not;
 * an unconfirmed full payment is Processing; anything less than the amount is New/PaidPartial.
 */
export function recompute(s: SandboxInvoice, now: number): void {
  const inv = s.invoice;
  const { all, settled } = paidCents(s);
  const over = all > s.amountCents;
  if (inv.status === 'Settled') inv.additionalStatus = over ? 'PaidOver' : 'None';
  else if (inv.status === 'Expired' || now >= inv.expiresAt) {
    inv.status = 'Expired';
    inv.additionalStatus = all >= s.amountCents ? 'PaidLate' : all > 0 ? 'PaidPartial' : 'None';
  } else if (settled >= s.amountCents) {
    inv.status = 'Settled';
    inv.additionalStatus = over ? 'PaidOver' : 'None';
  } else if (all >= s.amountCents) {
    inv.status = 'Processing';
    inv.additionalStatus = over ? 'PaidOver' : 'None';
  } else {
    inv.status = 'New';
    inv.additionalStatus = all > 0 ? 'PaidPartial' : 'None';
  }
  // What is still due, in BTC, on every method; Lightning gets a new invoice for the remainder (pitfall 14).
  const dueCents = s.amountCents - all;
  for (const m of s.methods) {
    const paidBtc = m.payments.filter(counted).reduce((a, p) => a + satsOf(p.value), 0n);
    m.paymentMethodPaid = formatSats(paidBtc);
    const due = dueCents > 0 ? btcForCents(dueCents, s.rate) : formatSats(-satsOf(btcForCents(-dueCents, s.rate)));
    if (m.paymentMethodId === 'BTC-LN' && dueCents > 0 && m.due !== due && all > 0) m.destination = invoiceFor(s.network ?? 'regtest', due, inv.expiresAt, now);
    m.due = due;
    m.paymentLink = paymentLink(m.paymentMethodId, m.destination, dueCents > 0 ? due : '0');
  }
}
