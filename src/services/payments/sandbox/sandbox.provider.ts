import type { Client } from '@libsql/client';
import { btcForCents, centsToDecimal } from '../btc-amount';
import {
  PaymentsError,
  type CreateInvoiceRequest,
  type CreatePayoutRequest,
  type Invoice,
  type Payout,
  type PaymentsProvider,
} from '../payments.port';
import type { BitcoinNetwork } from '../withdraw-destination';
import { newMethod, randomHex, recompute, type SandboxInvoice } from './sandbox-invoice';
import { sandboxReserves } from './sandbox-reserves';

const MONITORING_MS = 24 * 60 * 60 * 1000;

export type SandboxOptions = { rateUsdPerBtc: number; webhookSecret: string; now?: () => number;
  /** The site's network (BITCOIN_NETWORK): destinations are valid addresses and invoices of it. */
  network?: BitcoinNetwork };

export type SandboxProvider = PaymentsProvider & {
  /** The stored invoice with its methods and payments (simulation reads and changes it). */
  load(invoiceId: string): Promise<SandboxInvoice | null>;
  save(s: SandboxInvoice): Promise<void>;
  now(): number;
  /** Moves a payout along as BTCPay's payout processor would (sandbox controls only). */
  advancePayout(id: string, state: 'InProgress' | 'Completed' | 'Cancelled'): Promise<Payout | null>;
  /** Approved payouts not yet sent, oldest first: after a restart their completion is scheduled again. */
  awaitingPayment(): Promise<{ id: string; createdAt: number }[]>;
};

/**
 * The embedded default for payments: invoices and payouts kept in our own tables, priced at a fixed rate, with
 * regtest-style destinations. It answers the port exactly as BTCPay would, so everything above it is the same code.
 */
export function createSandboxProvider(client: Client, opts: SandboxOptions): SandboxProvider {
  const now = opts.now ?? Date.now;
  const rate = opts.rateUsdPerBtc.toFixed(2);

  async function load(invoiceId: string): Promise<SandboxInvoice | null> {
    const r = await client.execute({ sql: 'SELECT body FROM sandbox_invoices WHERE id = ?', args: [invoiceId] });
    if (!r.rows[0]) return null;
    const s = JSON.parse(String(r.rows[0].body)) as SandboxInvoice;
    recompute(s, now());
    return s;
  }
  async function save(s: SandboxInvoice) {
    await client.execute({ sql: 'UPDATE sandbox_invoices SET body = ? WHERE id = ?', args: [JSON.stringify(s), s.invoice.id] });
  }
  async function loadPayout(id: string): Promise<Payout | null> {
    const r = await client.execute({ sql: 'SELECT body FROM sandbox_payouts WHERE id = ?', args: [id] });
    return r.rows[0] ? (JSON.parse(String(r.rows[0].body)) as Payout) : null;
  }
  const savePayout = (p: Payout) => client.execute({ sql: 'UPDATE sandbox_payouts SET body = ? WHERE id = ?', args: [JSON.stringify(p), p.id] });

  return {
    name: 'sandbox',
    webhookSecret: opts.webhookSecret,
    load,
    save,
    now,
    async createInvoice(req: CreateInvoiceRequest): Promise<Invoice> {
      const at = now();
      const amountBtc = btcForCents(req.amountCents, rate);
      const invoice: Invoice = {
        id: 'SBX' + randomHex(10).toUpperCase(), status: 'New', additionalStatus: 'None', amount: centsToDecimal(req.amountCents),
        currency: 'USD', orderId: req.orderId, createdAt: at, expiresAt: at + req.expirationMinutes * 60_000,
        monitoringExpiresAt: at + req.expirationMinutes * 60_000 + MONITORING_MS,
      };
      const network = opts.network ?? 'regtest';
      const s: SandboxInvoice = { invoice, amountCents: req.amountCents, rate, network, methods: req.paymentMethods.map((m) => newMethod(m, amountBtc, rate, network, invoice.expiresAt, at)) };
      await client.execute({ sql: 'INSERT INTO sandbox_invoices (id, order_id, body, created_at) VALUES (?, ?, ?, ?)', args: [invoice.id, req.orderId, JSON.stringify(s), at] });
      return invoice;
    },
    getInvoice: async (id) => (await load(id))?.invoice ?? null,
    async getInvoicePaymentMethods(id) {
      const s = await load(id);
      if (!s) throw new PaymentsError('Invoice not found', 'not-found', 'invoice-not-found', 404);
      return s.methods;
    },
    async findInvoicesByOrderId(orderId) {
      const r = await client.execute({ sql: 'SELECT id FROM sandbox_invoices WHERE order_id = ? ORDER BY created_at DESC', args: [orderId] });
      const found = await Promise.all(r.rows.map((row) => load(String(row.id))));
      return found.filter((s): s is SandboxInvoice => !!s).map((s) => s.invoice);
    },
    currentRate: async () => rate,
    async createPayout(req: CreatePayoutRequest): Promise<Payout> {
      const at = now();
      const p: Payout = {
        id: 'SBXP' + randomHex(8).toUpperCase(), revision: 0, destination: req.destination, payoutMethodId: req.payoutMethodId,
        originalAmount: req.amountBtc ?? '0', originalCurrency: 'BTC', payoutAmount: req.approved ? (req.amountBtc ?? null) : null,
        payoutCurrency: req.approved ? 'BTC' : null, state: req.approved ? 'AwaitingPayment' : 'AwaitingApproval', paymentProof: null,
        withdrawalId: req.withdrawalId, createdAt: at,
      };
      await client.execute({ sql: 'INSERT INTO sandbox_payouts (id, withdrawal_id, body, created_at) VALUES (?, ?, ?, ?)', args: [p.id, req.withdrawalId, JSON.stringify(p), at] });
      return p;
    },
    getPayout: loadPayout,
    async findPayoutsByWithdrawalId(withdrawalId) {
      const r = await client.execute({ sql: 'SELECT body FROM sandbox_payouts WHERE withdrawal_id = ? ORDER BY created_at DESC', args: [withdrawalId] });
      return r.rows.map((row) => JSON.parse(String(row.body)) as Payout);
    },
    async approvePayout(id, revision) {
      const p = await loadPayout(id);
      if (!p) throw new PaymentsError('Payout not found', 'not-found', 'payout-not-found', 404);
      if (p.revision !== revision) throw new PaymentsError('The payout changed; read it again', 'refused', 'old-revision', 400);
      if (p.state !== 'AwaitingApproval') throw new PaymentsError('The payout is not awaiting approval', 'refused', 'invalid-state', 400);
      Object.assign(p, { state: 'AwaitingPayment', revision: p.revision + 1, payoutAmount: p.originalAmount, payoutCurrency: 'BTC' });
      await savePayout(p);
      return p;
    },
    async cancelPayout(id) {
      const p = await loadPayout(id);
      if (!p) throw new PaymentsError('Payout not found', 'not-found', 'payout-not-found', 404);
      if (p.state === 'InProgress' || p.state === 'Completed') throw new PaymentsError('The payout can no longer be cancelled', 'refused', 'invalid-state', 400);
      Object.assign(p, { state: 'Cancelled', revision: p.revision + 1 });
      await savePayout(p);
    },
    checkKey: async () => ({ ok: true, missing: [] }),
    reserves: () => sandboxReserves(client, rate, now()),
    async awaitingPayment() {
      const r = await client.execute("SELECT id, created_at FROM sandbox_payouts WHERE json_extract(body, '$.state') = 'AwaitingPayment' ORDER BY created_at");
      return r.rows.map((row) => ({ id: String(row.id), createdAt: Number(row.created_at) }));
    },
    async advancePayout(id, state) {
      const p = await loadPayout(id);
      if (!p || p.state === 'Completed' || p.state === 'Cancelled') return null;
      if (state === 'Cancelled' && p.state === 'InProgress') return null;
      // A payout processor sends only approved payouts: one awaiting approval stays until an operator approves it.
      if (state !== 'Cancelled' && p.state === 'AwaitingApproval') return null;
      const proof = state === 'Completed' ? { proofType: 'PayoutTransactionOnChainBlob', transactionId: randomHex(32) } : p.paymentProof;
      Object.assign(p, { state, revision: p.revision + 1, paymentProof: proof });
      await savePayout(p);
      return p;
    },
  };
}
